/**
 * Every data set in the project's data folder (its SOURCES.md files, one per folder: tabular, images,
 * diseases, medicines, qa), with what MediBuddy uses it for, its licence as far as it is known, and whom to
 * credit. Written from those SOURCES.md files; data-sources.test.ts checks that no data set is missing
 * when the folder is present. The data itself is never part of this repository.
 */
type DataSource = {
  /** The data set's own name. */
  name: string;
  /** The file or folder name in the data folder, as SOURCES.md names it (the completeness test reads these). */
  files: readonly string[];
  usedFor: string;
  licence: string;
  credit: string;
  /** Where the original is described. */
  link?: { href: string; label: string };
};

type DataSourceGroup = { folder: string; title: string; sources: readonly DataSource[] };

const UCI_LICENCE =
  'Creative Commons Attribution 4.0 (CC BY 4.0), as for all UCI Machine Learning Repository data sets.';

export const DATA_SOURCE_GROUPS: readonly DataSourceGroup[] = [
  {
    folder: 'tabular',
    title: 'Clinical values (the tests you fill in)',
    sources: [
      {
        name: 'Statlog (Heart)',
        files: ['heart_statlog.csv'],
        usedFor: 'Trains the Heart Disease test (270 patients, 13 values each).',
        licence: UCI_LICENCE,
        credit: 'UCI Machine Learning Repository, Statlog (Heart) data set.',
        link: { href: 'https://archive.ics.uci.edu/dataset/145/statlog+heart', label: 'UCI: Statlog (Heart)' },
      },
      {
        name: 'Heart Disease (Cleveland)',
        files: ['heart_cleveland.csv'],
        usedFor: 'Kept in the data folder for comparison; no MediBuddy test is trained on it at present.',
        licence: UCI_LICENCE,
        credit:
          'Andras Janosi, William Steinbrunn, Matthias Pfisterer and Robert Detrano (donors), UCI Machine Learning Repository.',
        link: { href: 'https://archive.ics.uci.edu/dataset/45/heart+disease', label: 'UCI: Heart Disease' },
      },
      {
        name: 'Pima Indians Diabetes',
        files: ['diabetes_pima.csv'],
        usedFor: 'Trains the Diabetes test (768 women of Pima heritage, 8 values each).',
        licence:
          'Originally published by the National Institute of Diabetes and Digestive and Kidney Diseases (NIDDK) through UCI; the Kaggle mirror lists it as CC0 (not verified by us).',
        credit:
          'National Institute of Diabetes and Digestive and Kidney Diseases (NIDDK), via the UCI Machine Learning Repository.',
      },
      {
        name: 'Cardiovascular Disease dataset',
        files: ['cardio_train.csv'],
        usedFor: 'Trains the CardioDisease test (70,000 check-up records).',
        licence:
          'Unknown: no licence is stated in any copy we found. Check the original Kaggle page before any commercial use.',
        credit: 'Svetlana Ulianova (Kaggle).',
      },
      {
        name: 'Indian Liver Patient Dataset (ILPD)',
        files: ['liver_ilpd.csv'],
        usedFor: 'Trains the LiverDisease test (583 patients, 10 values each).',
        licence: UCI_LICENCE,
        credit:
          'Bendi Venkata Ramana, M. Surendra Prasad Babu and N. B. Venkateswarlu (donors), UCI Machine Learning Repository.',
        link: { href: 'https://archive.ics.uci.edu/dataset/225/ilpd+indian+liver+patient+dataset', label: 'UCI: ILPD' },
      },
      {
        name: 'Multiple Disease Prediction (blood samples)',
        files: ['blood_samples_train.csv', 'blood_samples_test.csv'],
        usedFor:
          'Not used: its values are pre-scaled with an unpublished scaling. The Blood Test uses published reference ranges instead.',
        licence: 'Unknown: no licence is stated in any copy we found.',
        credit: 'ehababoelnaga (Kaggle).',
      },
      {
        name: 'Urine analysis (calcium oxalate crystals)',
        files: ['kidney_stone_urine.csv'],
        usedFor: 'Not used: the Kidney Stone test applies the published STONE score (Moore et al., BMJ 2014).',
        licence: 'Unlimited distribution (R package boot).',
        credit: 'D. F. Andrews and A. M. Herzberg, Data (Springer, 1985), pp. 249-251.',
      },
      {
        name: 'Chronic Kidney Disease',
        files: ['kidney_ckd.csv'],
        usedFor: 'Kept in the data folder; no MediBuddy test uses it at present.',
        licence: UCI_LICENCE,
        credit:
          'L. Soundarapandian, L. Rubini and P. Eswaran (donors; Apollo Hospitals, Karaikudi, 2015), UCI Machine Learning Repository.',
        link: {
          href: 'https://archive.ics.uci.edu/dataset/336/chronic+kidney+disease',
          label: 'UCI: Chronic Kidney Disease',
        },
      },
    ],
  },
  {
    folder: 'images',
    title: 'Medical images (the tests you upload a picture to)',
    sources: [
      {
        name: 'Eye Diseases Classification (fundus photographs)',
        files: ['fundus/'],
        usedFor:
          'Trains the image model behind the Cataract Disease and Diabetic Retinopathy tests (4,217 retinal photos).',
        licence:
          'Not verified: the Kaggle page is said to state ODC-By; ODIR-5K, one of its sources, is for research use. Research and education use only.',
        credit: 'gunavenkatdoddi (Kaggle), compiled from public fundus sets such as ODIR-5K, IDRiD and HRF.',
      },
      {
        name: 'Chest CT-Scan images',
        files: ['chest_ct/'],
        usedFor: 'Trains the image model behind the CT Scan test (1,000 chest CT slices).',
        licence: 'Not verified: the Kaggle page is said to state ODbL 1.0. Research and education use only.',
        credit: 'mohamedhanyyy (Kaggle); also published on Tianchi (dataset 93929) by SunneYi, 2021.',
      },
      {
        name: 'Skin Cancer ISIC, 9 classes',
        files: ['skin/'],
        usedFor: 'Trains the image model behind the Skin Disease test (about 2,350 dermoscopic images).',
        licence:
          'Not verified: ISIC Archive images are CC BY-NC or CC0, image by image. Research and education use only.',
        credit: 'The International Skin Imaging Collaboration (ISIC) Archive; collected on Kaggle by nodoubttome.',
        link: { href: 'https://www.isic-archive.com/', label: 'ISIC Archive' },
      },
    ],
  },
  {
    folder: 'diseases',
    title: 'Disease information (result pages)',
    sources: [
      {
        name: 'Disease descriptions, symptoms and precautions',
        files: ['disease_knowledge.json'],
        usedFor:
          'The description, five symptoms and five precautions on each result page: short paraphrases written for this project from the source text, not reviewed by a clinician.',
        licence:
          'Source text from U.S. government (NIH/NLM) pages, public domain in the U.S.; the MedQuAD compilation is CC BY 4.0.',
        credit:
          'MedQuAD: A. Ben Abacha and D. Demner-Fushman, "A Question-Entailment Approach to Question Answering", BMC Bioinformatics 20, 511 (2019); NIHSeniorHealth, NHLBI, NIDDK, National Cancer Institute and MedlinePlus.',
      },
      {
        name: 'Disease Symptom Prediction',
        files: [
          'dataset.csv',
          'symptom_Description.csv',
          'symptom_precaution.csv',
          'Symptom-severity.csv',
          'disease_symptom_map.json',
        ],
        usedFor:
          'Kept in the data folder; MediBuddy does not show its texts, several of which are medically questionable.',
        licence: "Unclear: the author's repository has no licence; other projects cite CC BY-SA 4.0 (not verified).",
        credit: 'Pranay Patil (Kaggle user itachi9604), repository itachi9604/healthcare-chatbot.',
      },
    ],
  },
  {
    folder: 'medicines',
    title: 'Medicines',
    sources: [
      {
        name: '11000 Medicine details',
        files: ['Medicine_Details.csv', 'medicines.json'],
        usedFor:
          'The Medicines page: names, ingredients, uses, side effects and makers of about 11,800 products sold in India.',
        licence:
          'Not established: the text and images come from the Indian online pharmacy Tata 1mg, so rights to reuse them are doubtful. Shown as demonstration content, not as advice.',
        credit: 'singhnavjot2062001 (Kaggle), from Tata 1mg product pages.',
      },
    ],
  },
  {
    folder: 'qa',
    title: 'Health questions and answers (the chat)',
    sources: [
      {
        name: 'MedQuAD: Medical Question Answering Dataset',
        files: ['medquad.json'],
        usedFor: 'The answers the MediBuddy chat looks up and cites (16,358 question-answer pairs).',
        licence: 'Creative Commons Attribution 4.0 (CC BY 4.0).',
        credit:
          'A. Ben Abacha and D. Demner-Fushman, U.S. National Library of Medicine, "A Question-Entailment Approach to Question Answering", BMC Bioinformatics 20, 511 (2019).',
        link: { href: 'https://github.com/abachaa/MedQuAD', label: 'MedQuAD on GitHub' },
      },
    ],
  },
];
