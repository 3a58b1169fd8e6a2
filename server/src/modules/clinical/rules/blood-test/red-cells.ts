import { CITATIONS } from '../citations';
import { finding, show, type Measured, type Rule } from './finding';

/** The red cells: their size (MCV, with the Mentzer index), MCH and MCHC, and whether the values fit together. */

// --- Red-cell size, Mentzer index ---------------------------------------------------------------------

/** fL. */
export const MCV = { microcyticBelow: 80, macrocyticAbove: 100 } as const;
/** Mentzer 1973: MCV (fL) / RBC (×10⁶/µL) below 13 favours thalassaemia trait, above 13 iron deficiency. */
export const MENTZER_CUTOFF = 13;

export function mentzerIndex(values: Pick<Measured, 'meanCorpuscularVolume' | 'redBloodCells'>): number {
  return values.meanCorpuscularVolume / values.redBloodCells;
}

export function redCellSize(values: Measured): Rule[] {
  const mcv = values.meanCorpuscularVolume;
  if (mcv > MCV.macrocyticAbove) {
    return [
      finding(
        'macrocytosis',
        'Large red blood cells (macrocytosis)',
        'attention',
        ['meanCorpuscularVolume'],
        show('meanCorpuscularVolume', mcv),
        `macrocytosis above ${MCV.macrocyticAbove} fL; usual range 80-100`,
        'Red cells larger than usual are most often linked to alcohol, low vitamin B12 or folate, some medicines, liver ' +
          'disease or an underactive thyroid. A doctor can check B12, folate and thyroid function.',
        CITATIONS.macrocytosis,
      ),
    ];
  }
  if (mcv >= MCV.microcyticBelow) return [];
  const out: Rule[] = [
    finding(
      'microcytosis',
      'Small red blood cells (microcytosis)',
      'attention',
      ['meanCorpuscularVolume'],
      show('meanCorpuscularVolume', mcv),
      `microcytosis below ${MCV.microcyticBelow} fL; usual range 80-100`,
      'Red cells smaller than usual are most often caused by iron deficiency or by thalassaemia trait, an inherited ' +
        'and usually harmless variation in haemoglobin; long-term inflammation is a less common cause. ' +
        'The Mentzer index below gives a first hint of which; ferritin and haemoglobin electrophoresis tests tell for sure.',
      CITATIONS.microcytosis,
    ),
  ];
  const index = mentzerIndex(values);
  const shown = `MCV ${show('meanCorpuscularVolume', mcv)} / RBC ${show('redBloodCells', values.redBloodCells)} = ${index.toFixed(1)}`;
  const range = `Mentzer index below ${MENTZER_CUTOFF} favours thalassaemia trait, above ${MENTZER_CUTOFF} iron deficiency`;
  const caveat =
    ' The index is a screening hint, not a diagnosis: it is wrong in a fair share of people, and both conditions can occur together.';
  const fields = ['meanCorpuscularVolume', 'redBloodCells'];
  if (index < MENTZER_CUTOFF) {
    out.push(
      finding(
        'mentzer-thalassaemia-trait',
        'Pattern suggesting thalassaemia trait',
        'attention',
        fields,
        shown,
        range,
        'Your red cells are small but numerous, the pattern typical of thalassaemia trait, an inherited condition that ' +
          'usually needs no treatment but matters for family planning and means iron tablets will not help. A doctor ' +
          'can confirm it with haemoglobin electrophoresis (HbA2) and a ferritin test.' +
          caveat,
        CITATIONS.mentzer1973,
        3,
      ),
    );
  } else if (index > MENTZER_CUTOFF) {
    out.push(
      finding(
        'mentzer-iron-deficiency',
        'Pattern suggesting iron deficiency',
        'attention',
        fields,
        shown,
        range,
        'Your red cells are small and not especially numerous, the pattern more typical of iron deficiency. A ferritin ' +
          'test confirms it; the cause matters too (diet, heavy periods, or blood loss from the gut, which a doctor should ' +
          'rule out, especially in men and after menopause).' +
          caveat,
        CITATIONS.mentzer1973,
      ),
    );
  } else {
    out.push(
      finding(
        'mentzer-indeterminate',
        'Mentzer index at the cut-off',
        'info',
        fields,
        shown,
        range,
        'The index is exactly at its cut-off, so it does not favour either iron deficiency or thalassaemia trait. Ferritin and haemoglobin electrophoresis tests tell them apart.',
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

export function redCellIndices(values: Measured): Rule[] {
  const out: Rule[] = [];
  const mch = values.meanCorpuscularHemoglobin;
  if (mch < MCH_RANGE.low || mch > MCH_RANGE.high) {
    out.push(
      finding(
        mch < MCH_RANGE.low ? 'mch-low' : 'mch-high',
        mch < MCH_RANGE.low ? 'Low haemoglobin per red cell (MCH)' : 'High haemoglobin per red cell (MCH)',
        'info',
        ['meanCorpuscularHemoglobin'],
        show('meanCorpuscularHemoglobin', mch),
        `${MCH_RANGE.low.toFixed(1)}-${MCH_RANGE.high.toFixed(1)} pg`,
        'MCH usually moves with red-cell size (MCV): low in iron deficiency and thalassaemia trait, high when cells are large. ' +
          'On its own it adds little to the findings above.',
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
        low
          ? 'Low haemoglobin concentration in red cells (MCHC)'
          : 'High haemoglobin concentration in red cells (MCHC)',
        'info',
        ['meanCorpuscularHemoglobinConcentration'],
        show('meanCorpuscularHemoglobinConcentration', mchc),
        `${MCHC_RANGE.low.toFixed(1)}-${MCHC_RANGE.high.toFixed(1)} g/dL`,
        low
          ? 'A low MCHC (pale red cells) usually goes with iron deficiency or thalassaemia trait.'
          : 'A high MCHC is uncommon; it can come from an inherited red-cell shape condition (spherocytosis) or from a problem with the sample, so a repeat test is sensible.',
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
        'Red-cell values do not fit together',
        'info',
        [
          'hemoglobin',
          'redBloodCells',
          'meanCorpuscularVolume',
          'meanCorpuscularHemoglobin',
          'meanCorpuscularHemoglobinConcentration',
        ],
        `MCH ${show('meanCorpuscularHemoglobin', mch)} (expected about ${expectedMch.toFixed(1)}), MCHC ${show('meanCorpuscularHemoglobinConcentration', mchc)} (expected about ${expectedMchc.toFixed(1)})`,
        'MCH = 10 × Hb / RBC; MCHC = 1000 × Hb / (RBC × MCV)',
        'A blood analyser calculates MCH and MCHC from haemoglobin, red cell count and MCV, so they should agree. These do ' +
          'not, which usually means a typing mistake or a value entered in other units. Please check the values against ' +
          'your report; the findings above are only as good as the numbers.',
        CITATIONS.redCellIndices,
      ),
    );
  }
  return out;
}
