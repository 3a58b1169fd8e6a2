import { CITATIONS } from '../citations';
import type { Language } from '@medibuddy/contracts';
import { finding, wordsIn, type Measured, type Rule, type Sex } from './finding';

/** The red cells: their size (MCV, with the Mentzer index), MCH and MCHC, and whether the values fit together. */

// --- Red-cell size, Mentzer index ---------------------------------------------------------------------

/** fL. */
export const MCV = { microcyticBelow: 80, macrocyticAbove: 100 } as const;
/** Mentzer 1973: MCV (fL) / RBC (×10⁶/µL) below 13 favours thalassaemia trait, above 13 iron deficiency. */
export const MENTZER_CUTOFF = 13;

export function mentzerIndex(values: Pick<Measured, 'meanCorpuscularVolume' | 'redBloodCells'>): number {
  return values.meanCorpuscularVolume / values.redBloodCells;
}

export function redCellSize(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, n, join, show } = wordsIn(language);
  const mcv = values.meanCorpuscularVolume;
  if (mcv > MCV.macrocyticAbove) {
    return [
      finding(
        'macrocytosis',
        t('blood.macrocytosis.title'),
        'attention',
        ['meanCorpuscularVolume'],
        show('meanCorpuscularVolume', mcv),
        t('blood.macrocytosis.range', { above: MCV.macrocyticAbove }),
        t('blood.macrocytosis.text'),
        CITATIONS.macrocytosis,
      ),
    ];
  }
  if (mcv >= MCV.microcyticBelow) return [];
  const out: Rule[] = [
    finding(
      'microcytosis',
      t('blood.microcytosis.title'),
      'attention',
      ['meanCorpuscularVolume'],
      show('meanCorpuscularVolume', mcv),
      t('blood.microcytosis.range', { below: MCV.microcyticBelow }),
      t('blood.microcytosis.text'),
      CITATIONS.microcytosis,
    ),
  ];
  const index = mentzerIndex(values);
  const shown = t('blood.mentzer.value', {
    mcv: show('meanCorpuscularVolume', mcv),
    rbc: show('redBloodCells', values.redBloodCells),
    index: n(index, 1),
  });
  const range = t('blood.mentzer.range', { cutoff: MENTZER_CUTOFF });
  const caveat = t('blood.mentzer.caveat');
  const fields = ['meanCorpuscularVolume', 'redBloodCells'];
  if (index < MENTZER_CUTOFF) {
    out.push(
      finding(
        'mentzer-thalassaemia-trait',
        t('blood.mentzer.thalassaemia.title'),
        'attention',
        fields,
        shown,
        range,
        join(t('blood.mentzer.thalassaemia.text'), caveat),
        CITATIONS.mentzer1973,
        3,
      ),
    );
  } else if (index > MENTZER_CUTOFF) {
    out.push(
      finding(
        'mentzer-iron-deficiency',
        t('blood.mentzer.iron.title'),
        'attention',
        fields,
        shown,
        range,
        join(t('blood.mentzer.iron.text'), caveat),
        CITATIONS.mentzer1973,
      ),
    );
  } else {
    out.push(
      finding(
        'mentzer-indeterminate',
        t('blood.mentzer.indeterminate.title'),
        'info',
        fields,
        shown,
        range,
        t('blood.mentzer.indeterminate.text'),
        CITATIONS.mentzer1973,
      ),
    );
  }
  return out;
}

// --- MCH, MCHC, and whether the red-cell values fit together -----------------------------------------

/** Adult reference intervals (Kratz 2004); information only, since they move with MCV and haemoglobin. */
export const MCH_RANGE = { low: 26.0, high: 34.0 } as const;
export const MCHC_RANGE = { low: 31.0, high: 37.0 } as const;
/** Analysers compute MCH and MCHC from Hb, RBC and MCV; a gap larger than this means a typo or unit mix-up. */
export const INDEX_TOLERANCE = 0.15;

export function redCellIndices(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, n, show } = wordsIn(language);
  const out: Rule[] = [];
  const mch = values.meanCorpuscularHemoglobin;
  if (mch < MCH_RANGE.low || mch > MCH_RANGE.high) {
    out.push(
      finding(
        mch < MCH_RANGE.low ? 'mch-low' : 'mch-high',
        t(mch < MCH_RANGE.low ? 'blood.mch.low.title' : 'blood.mch.high.title'),
        'info',
        ['meanCorpuscularHemoglobin'],
        show('meanCorpuscularHemoglobin', mch),
        t('blood.mch.range', { low: n(MCH_RANGE.low, 1), high: n(MCH_RANGE.high, 1) }),
        t('blood.mch.text'),
        CITATIONS.labReferenceValues,
      ),
    );
  }
  const mchc = values.meanCorpuscularHemoglobinConcentration;
  if (mchc < MCHC_RANGE.low || mchc > MCHC_RANGE.high) {
    const low = mchc < MCHC_RANGE.low;
    out.push(
      finding(
        low ? 'mchc-low' : 'mchc-high',
        t(low ? 'blood.mchc.low.title' : 'blood.mchc.high.title'),
        'info',
        ['meanCorpuscularHemoglobinConcentration'],
        show('meanCorpuscularHemoglobinConcentration', mchc),
        t('blood.mchc.range', { low: n(MCHC_RANGE.low, 1), high: n(MCHC_RANGE.high, 1) }),
        t(low ? 'blood.mchc.low.text' : 'blood.mchc.high.text'),
        CITATIONS.labReferenceValues,
      ),
    );
  }
  const expectedMch = (10 * values.hemoglobin) / values.redBloodCells;
  const expectedMchc = (1000 * values.hemoglobin) / (values.redBloodCells * values.meanCorpuscularVolume);
  const off = (actual: number, expected: number) => Math.abs(actual - expected) / expected > INDEX_TOLERANCE;
  if (off(mch, expectedMch) || off(mchc, expectedMchc)) {
    out.push(
      finding(
        'red-cell-values-inconsistent',
        t('blood.redCells.inconsistent.title'),
        'info',
        [
          'hemoglobin',
          'redBloodCells',
          'meanCorpuscularVolume',
          'meanCorpuscularHemoglobin',
          'meanCorpuscularHemoglobinConcentration',
        ],
        t('blood.redCells.inconsistent.value', {
          mch: show('meanCorpuscularHemoglobin', mch),
          expectedMch: n(expectedMch, 1),
          mchc: show('meanCorpuscularHemoglobinConcentration', mchc),
          expectedMchc: n(expectedMchc, 1),
        }),
        t('blood.redCells.inconsistent.range'),
        t('blood.redCells.inconsistent.text'),
        CITATIONS.redCellIndices,
      ),
    );
  }
  return out;
}
