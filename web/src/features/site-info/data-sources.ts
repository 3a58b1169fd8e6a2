import { t, type MessageKey } from '../../lib/i18n';

/**
 * Every data set in the project's data folder (its SOURCES.md files, one per folder: tabular, images,
 * diseases, medicines, qa), with what MediBuddy uses it for, its licence as far as it is known, and whom to
 * credit. Written from those SOURCES.md files; data-sources.test.ts checks that no data set is missing
 * when the folder is present. The data itself is never part of this repository. The texts are the site
 * catalogue's (decision 032): `sources.<id>.name`, `.usedFor`, `.licence`, `.credit` and, with a link, `.link`;
 * names of data sets, licences and organisations stay in Latin letters in Hindi too.
 */
type DataSource = {
  /** Its messages' key: sources.<id>.*. */
  id: string;
  /** The file or folder name in the data folder, as SOURCES.md names it (the completeness test reads these). */
  files: readonly string[];
  /** Under the UCI repository's licence (sources.uciLicence), shared by its data sets, instead of one of its own. */
  isUciLicence?: boolean;
  /** Where the original is described. */
  href?: string;
};

type DataSourceGroup = {
  folder: 'tabular' | 'images' | 'diseases' | 'medicines' | 'qa';
  sources: readonly DataSource[];
};

export const DATA_SOURCE_GROUPS: readonly DataSourceGroup[] = [
  {
    folder: 'tabular',
    sources: [
      {
        id: 'statlogHeart',
        files: ['heart_statlog.csv'],
        isUciLicence: true,
        href: 'https://archive.ics.uci.edu/dataset/145/statlog+heart',
      },
      {
        id: 'cleveland',
        files: ['heart_cleveland.csv'],
        isUciLicence: true,
        href: 'https://archive.ics.uci.edu/dataset/45/heart+disease',
      },
      { id: 'pima', files: ['diabetes_pima.csv'] },
      { id: 'cardio', files: ['cardio_train.csv'] },
      {
        id: 'ilpd',
        files: ['liver_ilpd.csv'],
        isUciLicence: true,
        href: 'https://archive.ics.uci.edu/dataset/225/ilpd+indian+liver+patient+dataset',
      },
      { id: 'bloodSamples', files: ['blood_samples_train.csv', 'blood_samples_test.csv'] },
      { id: 'urine', files: ['kidney_stone_urine.csv'] },
      {
        id: 'ckd',
        files: ['kidney_ckd.csv'],
        isUciLicence: true,
        href: 'https://archive.ics.uci.edu/dataset/336/chronic+kidney+disease',
      },
    ],
  },
  {
    folder: 'images',
    sources: [
      { id: 'fundus', files: ['fundus/'] },
      { id: 'chestCt', files: ['chest_ct/'] },
      { id: 'skin', files: ['skin/'], href: 'https://www.isic-archive.com/' },
    ],
  },
  {
    folder: 'diseases',
    sources: [
      { id: 'diseaseKnowledge', files: ['disease_knowledge.json'] },
      {
        id: 'symptomPrediction',
        files: [
          'dataset.csv',
          'symptom_Description.csv',
          'symptom_precaution.csv',
          'Symptom-severity.csv',
          'disease_symptom_map.json',
        ],
      },
    ],
  },
  {
    folder: 'medicines',
    sources: [{ id: 'medicines', files: ['Medicine_Details.csv', 'medicines.json'] }],
  },
  {
    folder: 'qa',
    sources: [{ id: 'medquad', files: ['medquad.json'], href: 'https://github.com/abachaa/MedQuAD' }],
  },
];

/** A group's heading, in the page's language. */
export function groupTitle(group: DataSourceGroup): string {
  return t(`sources.group.${group.folder}`);
}

/** A data set's name, use, licence, credit and link label, in the page's language. */
export function sourceTexts(source: DataSource) {
  const text = (field: string) => t(`sources.${source.id}.${field}` as MessageKey);
  return {
    name: text('name'),
    usedFor: text('usedFor'),
    licence: source.isUciLicence ? t('sources.uciLicence') : text('licence'),
    credit: text('credit'),
    link: source.href ? { href: source.href, label: text('link') } : undefined,
  };
}
