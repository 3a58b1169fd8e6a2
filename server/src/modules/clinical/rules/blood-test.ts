import {
  BLOOD_TEST_CLASSES,
  BLOOD_TEST_LAB_FIELDS,
  BLOOD_TEST_SEX,
  SEVERITY_RANK,
  formatFieldValue,
  looksNormalised,
  type BloodTestClassCode,
  type BloodTestInterpretation,
  type BloodTestLabKey,
  type BloodTestValues,
  type Citation,
  type Finding,
  type Severity,
} from '@medibuddy/contracts';
import { loadReferenceValues, requireThreshold } from '../../../content/reference-values';
import { CITATIONS } from './citations';

/**
 * Cut-offs the chat and the guideline rules read too (blood pressure, glucose, BMI, lipids, haemoglobin, platelets,
 * white cells) are named in server/src/content/reference-values.json and written only there.
 */
const REFERENCE_VALUES = loadReferenceValues();
const fromTable = (ref: string) => requireThreshold(REFERENCE_VALUES, ref);

/**
 * The Blood test: 17 lab values read against published criteria, one rule per criterion, every finding
 * reported with its source. No model: the only data set for this form is scaled 0-1 with unpublished bounds
 * and contradicts itself (docs/rules.md). Thresholds below are the sources' own numbers.
 */

/**
 * The four condition classes (docs/product.md#test-forms) a rule can point to; 1 (Healthy) is what remains when none
 * does.
 */
type ConditionCode = Exclude<BloodTestClassCode, 1>;

/**
 * When several classes apply, the main one is the most severe; among equals, this order decides.
 * Thalassaemia trait first: it is the more specific explanation of the same small-cell, low-haemoglobin
 * picture as anaemia. Blood-count findings before glucose, because a single fasting glucose needs a
 * repeat test before it counts (ADA), while the others stand on the count in hand.
 */
export const CLASS_PRIORITY: readonly ConditionCode[] = [3, 0, 4, 2];

type Rule = Finding & { classCode?: ConditionCode };

/** The values with every lab value present: what one rule reads once `needs` has checked its own values. */
type Measured = { [K in BloodTestLabKey]: number } & { sex?: number | null };

/**
 * A rule runs only when every value it reads was entered: a value answered 'not measured' is not checked, and the
 * summary says so (a missing value is never read as a normal one).
 */
function needs(keys: readonly BloodTestLabKey[], rule: (values: Measured, sex: Sex) => Rule[]) {
  return (values: BloodTestValues, sex: Sex): Rule[] =>
    keys.every((k) => values[k] !== null && values[k] !== undefined) ? rule(values as Measured, sex) : [];
}
type Sex = 'male' | 'female' | 'unknown';

const FIELD_BY_KEY = Object.fromEntries(BLOOD_TEST_LAB_FIELDS.map((f) => [f.key, f])) as Record<
  BloodTestLabKey,
  (typeof BLOOD_TEST_LAB_FIELDS)[number]
>;

/** '10.4 g/dL': the value as entered, padded to the field's usual decimals ('14.0', not '14'). */
export function show(key: BloodTestLabKey, value: number): string {
  const field = FIELD_BY_KEY[key];
  const padded = formatFieldValue(field, value);
  return `${Number(padded) === value ? padded : String(value)} ${field.unit}`;
}

function finding(
  id: string,
  title: string,
  severity: Severity,
  fields: string[],
  value: string,
  referenceRange: string,
  explanation: string,
  citation: Citation,
  classCode?: ConditionCode,
): Rule {
  const rule: Rule = { id, title, severity, fields, value, referenceRange, explanation, citation };
  if (classCode !== undefined) rule.classCode = classCode;
  return rule;
}

function sexOf(values: Pick<BloodTestValues, 'sex'>): Sex {
  if (values.sex === BLOOD_TEST_SEX.male) return 'male';
  if (values.sex === BLOOD_TEST_SEX.female) return 'female';
  return 'unknown';
}

// --- Haemoglobin --------------------------------------------------------------------------------------

/** WHO 2011, adults from 15 years: anaemia below 13.0 g/dL (men), 12.0 g/dL (non-pregnant women). */
export const ANAEMIA_THRESHOLD = {
  male: fromTable('haemoglobin.normal_m.from'),
  female: fromTable('haemoglobin.normal_f.from'),
} as const;
/** WHO 2011 severity bands, the same for men and non-pregnant women below 11.0 g/dL. */
export const ANAEMIA_MODERATE_BELOW = 11.0;
export const ANAEMIA_SEVERE_BELOW = 8.0;
/** WHO 2016 polycythaemia vera criterion: above 16.5 g/dL (men), 16.0 g/dL (women). */
export const HIGH_HAEMOGLOBIN_ABOVE = { male: 16.5, female: 16.0 } as const;

function anaemia(values: Measured, sex: Sex): Rule[] {
  const hb = values.hemoglobin;
  // Sex unknown (the compatibility client never sends it): the women's threshold, so no one is flagged
  // who would not be flagged either way; a value between the two thresholds is reported as information.
  const threshold = sex === 'male' ? ANAEMIA_THRESHOLD.male : ANAEMIA_THRESHOLD.female;
  const who =
    sex === 'male'
      ? 'men'
      : sex === 'female'
        ? 'non-pregnant women'
        : `non-pregnant women (${ANAEMIA_THRESHOLD.male.toFixed(1)} g/dL for men)`;
  const mildTop = (threshold - 0.1).toFixed(1);
  const range = `anaemia below ${threshold.toFixed(1)} g/dL in ${who}: mild ${ANAEMIA_MODERATE_BELOW.toFixed(1)}-${mildTop}, moderate 8.0-10.9, severe below 8.0`;
  if (hb < threshold) {
    const band = hb < ANAEMIA_SEVERE_BELOW ? 'severe' : hb < ANAEMIA_MODERATE_BELOW ? 'moderate' : 'mild';
    const common =
      'Haemoglobin carries oxygen in the blood; below this level the WHO calls it anaemia. Common causes are ' +
      'iron deficiency, blood loss, low vitamin B12 or folate, long-term illness and inherited conditions; a doctor ' +
      'can find which with a few more tests, such as ferritin. The thresholds do not apply in pregnancy, and ' +
      'they read differently at high altitude and in people who smoke.';
    const action =
      band === 'severe'
        ? ' This is severe anaemia: please contact a doctor today, and seek emergency care if you feel breathless at rest, faint, have chest pain, or pass black or bloody stools.'
        : ' Please discuss it with a doctor.';
    return [
      finding(
        'anaemia',
        `${band[0]!.toUpperCase()}${band.slice(1)} anaemia`,
        band === 'severe' ? 'urgent' : 'attention',
        sex === 'unknown' ? ['hemoglobin'] : ['hemoglobin', 'sex'],
        show('hemoglobin', hb),
        range,
        common + action,
        CITATIONS.whoAnaemia2011,
        0,
      ),
    ];
  }
  if (sex === 'unknown' && hb < ANAEMIA_THRESHOLD.male) {
    return [
      finding(
        'anaemia-if-male',
        'Haemoglobin below the threshold for men',
        'info',
        ['hemoglobin'],
        show('hemoglobin', hb),
        `anaemia below ${ANAEMIA_THRESHOLD.male.toFixed(1)} g/dL in men, ${ANAEMIA_THRESHOLD.female.toFixed(1)} g/dL in non-pregnant women`,
        'This value is normal for a woman but would count as mild anaemia for a man. Sex was not given, so it is not counted as anaemia here.',
        CITATIONS.whoAnaemia2011,
      ),
    ];
  }
  return [];
}

function highHaemoglobin(values: Measured, sex: Sex): Rule[] {
  const hb = values.hemoglobin;
  const limit = sex === 'female' ? HIGH_HAEMOGLOBIN_ABOVE.female : HIGH_HAEMOGLOBIN_ABOVE.male;
  if (hb <= limit) return [];
  return [
    finding(
      'high-haemoglobin',
      'High haemoglobin',
      'attention',
      sex === 'unknown' ? ['hemoglobin'] : ['hemoglobin', 'sex'],
      show('hemoglobin', hb),
      `above ${HIGH_HAEMOGLOBIN_ABOVE.male.toFixed(1)} g/dL in men, ${HIGH_HAEMOGLOBIN_ABOVE.female.toFixed(1)} g/dL in women`,
      'A haemoglobin this high is most often due to smoking, living at altitude, dehydration on the day of the test, ' +
        'lung disease, sleep apnoea or testosterone treatment; rarely it is a bone-marrow condition (polycythaemia vera). ' +
        'A repeat test and a talk with a doctor will tell which.',
      CITATIONS.whoMyeloid2016,
    ),
  ];
}

// --- Glucose ------------------------------------------------------------------------------------------

/** ADA Standards of Care 2025, fasting plasma glucose in mg/dL. */
export const FASTING_GLUCOSE = {
  prediabetesFrom: fromTable('fasting_glucose.prediabetes.from'),
  diabetesFrom: fromTable('fasting_glucose.diabetes.from'),
} as const;
/** ADA level 1 (below 70: below the table's normal fasting band) and level 2 (below 54) hypoglycaemia. */
export const HYPOGLYCAEMIA = { level1Below: fromTable('fasting_glucose.normal.from'), level2Below: 54 } as const;
/** Above this, hyperglycaemic crises become a real possibility (Kitabchi 2009: DKA glucose above 250). */
export const VERY_HIGH_GLUCOSE_FROM = 250;

const ONE_TEST_IS_NOT_A_DIAGNOSIS =
  'One measurement is not a diagnosis: the ADA asks for a second abnormal result (the same test repeated, or an HbA1c) ' +
  'unless there are clear symptoms of high blood sugar. If you had eaten in the 8 hours before the test, the fasting ' +
  'cut-offs do not apply.';

function glucose(values: Measured): Rule[] {
  const g = values.glucose;
  const value = show('glucose', g);
  if (g < HYPOGLYCAEMIA.level2Below) {
    return [
      finding(
        'glucose-very-low',
        'Very low blood glucose',
        'urgent',
        ['glucose'],
        value,
        `level 2 hypoglycaemia below ${HYPOGLYCAEMIA.level2Below} mg/dL`,
        'Glucose this low can cause shakiness, sweating, confusion or fainting. If you feel unwell now, take something ' +
          'sugary straight away and get help. A low result that was not explained (for example by diabetes medicine) ' +
          'should be looked into by a doctor today.',
        CITATIONS.adaHypoglycaemia2025,
      ),
    ];
  }
  if (g < HYPOGLYCAEMIA.level1Below) {
    return [
      finding(
        'glucose-low',
        'Low blood glucose',
        'attention',
        ['glucose'],
        value,
        `level 1 hypoglycaemia ${HYPOGLYCAEMIA.level2Below}-${HYPOGLYCAEMIA.level1Below - 1} mg/dL`,
        'This is below the usual fasting range. In people taking insulin or some diabetes tablets it is a sign the ' +
          'treatment may need adjusting; in others it is unusual and worth discussing with a doctor.',
        CITATIONS.adaHypoglycaemia2025,
      ),
    ];
  }
  if (g >= FASTING_GLUCOSE.diabetesFrom) {
    const veryHigh = g >= VERY_HIGH_GLUCOSE_FROM;
    return [
      finding(
        veryHigh ? 'glucose-very-high' : 'glucose-diabetes-range',
        veryHigh ? 'Very high blood glucose' : 'Fasting glucose in the diabetes range',
        veryHigh ? 'urgent' : 'attention',
        ['glucose'],
        value,
        `diabetes range ${FASTING_GLUCOSE.diabetesFrom} mg/dL or higher (fasting); normal below ${FASTING_GLUCOSE.prediabetesFrom}`,
        (veryHigh
          ? 'Glucose this high needs a doctor today. Seek emergency care now if you also have strong thirst, pass a lot of ' +
            'urine, are vomiting, have stomach pain, deep or fast breathing, or feel drowsy or confused: these can be signs ' +
            'of a diabetic emergency (ketoacidosis or a hyperosmolar state). '
          : 'A fasting glucose of 126 mg/dL or more is in the range the ADA uses to diagnose diabetes. ') +
          ONE_TEST_IS_NOT_A_DIAGNOSIS,
        veryHigh ? CITATIONS.hyperglycaemicCrises2009 : CITATIONS.adaDiagnosis2025,
        2,
      ),
    ];
  }
  if (g >= FASTING_GLUCOSE.prediabetesFrom) {
    return [
      finding(
        'glucose-prediabetes-range',
        'Fasting glucose in the prediabetes range',
        'attention',
        ['glucose'],
        value,
        `prediabetes range ${FASTING_GLUCOSE.prediabetesFrom}-${FASTING_GLUCOSE.diabetesFrom - 1} mg/dL (fasting)`,
        'This is above normal but below the diabetes range; the ADA calls it impaired fasting glucose (prediabetes). ' +
          'It raises the chance of developing type 2 diabetes, and more activity, weight loss where needed and a ' +
          'yearly re-test lower that chance. ' +
          ONE_TEST_IS_NOT_A_DIAGNOSIS,
        CITATIONS.adaDiagnosis2025,
      ),
    ];
  }
  return [];
}

// --- Platelets ----------------------------------------------------------------------------------------

/** ×10³/µL. Below 150 is thrombocytopenia; below 100 it is more than mild; below 20 bleeding can start unprovoked. */
export const PLATELETS = {
  lowBelow: fromTable('platelets.normal.from'),
  moderateBelow: 100,
  severeBelow: 50,
  criticalBelow: 20,
  highAbove: fromTable('platelets.high.above'),
  extremeFrom: 1000,
} as const;

function platelets(values: Measured): Rule[] {
  const p = values.platelets;
  const value = show('platelets', p);
  const range = `thrombocytopenia below ${PLATELETS.lowBelow} ×10³/µL: mild 100-${PLATELETS.lowBelow - 1}, moderate 50-99, severe below 50`;
  const causes =
    'Platelets help blood clot. Low counts can come from viral infections, some medicines, heavy alcohol use, liver ' +
    'disease, pregnancy, immune conditions or bone-marrow problems; sometimes clumping in the tube gives a falsely low ' +
    'count, so a repeat test is the first step.';
  if (p < PLATELETS.criticalBelow) {
    return [
      finding(
        'platelets-very-low',
        'Very low platelets',
        'urgent',
        ['platelets'],
        value,
        range,
        `${causes} At this level bleeding can happen without an injury: please contact a doctor today, and seek emergency care for any bleeding that does not stop, blood in vomit or stools, or a sudden severe headache.`,
        CITATIONS.thrombocytopenia,
        4,
      ),
    ];
  }
  if (p < PLATELETS.moderateBelow) {
    const severe = p < PLATELETS.severeBelow;
    return [
      finding(
        severe ? 'platelets-severely-low' : 'platelets-moderately-low',
        severe ? 'Severely low platelets' : 'Moderately low platelets',
        'attention',
        ['platelets'],
        value,
        range,
        `${causes} Please see a doctor soon${severe ? ', within days rather than weeks, and avoid aspirin, ibuprofen and contact sports until then' : ''}. Seek care sooner if you notice unusual bruising, nosebleeds or bleeding gums.`,
        CITATIONS.thrombocytopenia,
        4,
      ),
    ];
  }
  if (p < PLATELETS.lowBelow) {
    return [
      finding(
        'platelets-mildly-low',
        'Mildly low platelets',
        'info',
        ['platelets'],
        value,
        range,
        `${causes} A mildly low count on its own rarely causes bleeding; a repeat count at your next check-up is reasonable.`,
        CITATIONS.thrombocytopenia,
      ),
    ];
  }
  if (p > PLATELETS.highAbove) {
    const extreme = p >= PLATELETS.extremeFrom;
    return [
      finding(
        extreme ? 'platelets-extremely-high' : 'platelets-high',
        extreme ? 'Extremely high platelets' : 'High platelets (thrombocytosis)',
        'attention',
        ['platelets'],
        value,
        `thrombocytosis above ${PLATELETS.highAbove} ×10³/µL`,
        'A high platelet count is most often a reaction to something else: iron deficiency, an infection or inflammation, ' +
          'recent surgery or bleeding, or having no spleen. Less often the bone marrow makes too many (a myeloproliferative ' +
          `condition). ${extreme ? 'Above 1,000 the risk of clotting and of bleeding both rise: please see a doctor soon.' : 'A doctor can tell which with a repeat count and a few more tests.'}`,
        CITATIONS.thrombocytosis,
      ),
    ];
  }
  return [];
}

// --- White cells --------------------------------------------------------------------------------------

/** ×10³/µL. */
export const WHITE_CELLS = {
  lowBelow: fromTable('white_cells.normal.from'),
  veryLowBelow: 2.0,
  highAbove: fromTable('white_cells.high.above'),
  extremeAbove: 100,
} as const;

function whiteCells(values: Measured): Rule[] {
  const w = values.whiteBloodCells;
  const value = show('whiteBloodCells', w);
  if (w < WHITE_CELLS.lowBelow) {
    const veryLow = w < WHITE_CELLS.veryLowBelow;
    return [
      finding(
        'leukopenia',
        veryLow ? 'Very low white blood cell count' : 'Low white blood cell count (leukopenia)',
        'attention',
        ['whiteBloodCells'],
        value,
        `leukopenia below ${WHITE_CELLS.lowBelow.toFixed(1)} ×10³/µL; usual range ${WHITE_CELLS.lowBelow.toFixed(1)}-${WHITE_CELLS.highAbove.toFixed(1)}`,
        'White blood cells fight infection. A low count often follows a viral infection and can also come from some ' +
          'medicines, autoimmune conditions or bone-marrow problems. Some healthy people of African or Middle Eastern ' +
          'ancestry have a lower count all their lives. A repeat count with a differential (which types of white cell) tells more.' +
          (veryLow ? ' At this level, a fever is a reason to seek care the same day.' : ''),
        CITATIONS.leukopenia,
      ),
    ];
  }
  if (w > WHITE_CELLS.highAbove) {
    const extreme = w > WHITE_CELLS.extremeAbove;
    return [
      finding(
        extreme ? 'leukocytosis-extreme' : 'leukocytosis',
        extreme ? 'Extremely high white blood cell count' : 'High white blood cell count (leukocytosis)',
        extreme ? 'urgent' : 'attention',
        ['whiteBloodCells'],
        value,
        `leukocytosis above ${WHITE_CELLS.highAbove.toFixed(1)} ×10³/µL; above 100 is hyperleukocytosis`,
        extreme
          ? 'A count above 100 can thicken the blood and needs a doctor today; it is usually caused by a blood cancer such as leukaemia.'
          : 'A high white count is most often a sign of infection or inflammation, and can follow stress, smoking, steroids ' +
              'or heavy exercise; less often it comes from a blood disorder. A repeat count with a differential tells more.',
        CITATIONS.leukocytosis,
      ),
    ];
  }
  return [];
}

// --- Red-cell size, Mentzer index ---------------------------------------------------------------------

/** fL. */
export const MCV = { microcyticBelow: 80, macrocyticAbove: 100 } as const;
/** Mentzer 1973: MCV (fL) / RBC (×10⁶/µL) below 13 favours thalassaemia trait, above 13 iron deficiency. */
export const MENTZER_CUTOFF = 13;

export function mentzerIndex(values: Pick<Measured, 'meanCorpuscularVolume' | 'redBloodCells'>): number {
  return values.meanCorpuscularVolume / values.redBloodCells;
}

function redCellSize(values: Measured): Rule[] {
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

function redCellIndices(values: Measured): Rule[] {
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

// --- Lipids (NCEP ATP III, mg/dL) ---------------------------------------------------------------------

export const TOTAL_CHOLESTEROL = {
  borderlineFrom: fromTable('total_cholesterol.borderline.from'),
  highFrom: fromTable('total_cholesterol.high.from'),
} as const;
export const LDL = {
  nearOptimalFrom: fromTable('ldl.near_optimal.from'),
  borderlineFrom: fromTable('ldl.borderline.from'),
  highFrom: fromTable('ldl.high.from'),
  veryHighFrom: fromTable('ldl.very_high.from'),
} as const;
export const HDL = { lowBelow: fromTable('hdl.middle.from'), protectiveFrom: fromTable('hdl.high.from') } as const;
export const TRIGLYCERIDES = {
  borderlineFrom: fromTable('triglycerides.borderline.from'),
  highFrom: fromTable('triglycerides.high.from'),
  veryHighFrom: fromTable('triglycerides.very_high.from'),
} as const;

const LIPID_CONTEXT =
  'What a cholesterol result means for you depends on your overall heart risk (age, blood pressure, smoking, diabetes, family history), which a doctor can estimate.';

function lipids(values: Measured): Rule[] {
  const out: Rule[] = [];
  const total = values.cholesterol;
  if (total >= TOTAL_CHOLESTEROL.borderlineFrom) {
    const high = total >= TOTAL_CHOLESTEROL.highFrom;
    out.push(
      finding(
        high ? 'cholesterol-high' : 'cholesterol-borderline',
        high ? 'High total cholesterol' : 'Borderline-high total cholesterol',
        high ? 'attention' : 'info',
        ['cholesterol'],
        show('cholesterol', total),
        `desirable below ${TOTAL_CHOLESTEROL.borderlineFrom} mg/dL; borderline high ${TOTAL_CHOLESTEROL.borderlineFrom}-${TOTAL_CHOLESTEROL.highFrom - 1}; high ${TOTAL_CHOLESTEROL.highFrom} or more`,
        LIPID_CONTEXT,
        CITATIONS.ncepAtp3,
      ),
    );
  }
  const ldl = values.ldlCholesterol;
  if (ldl >= LDL.borderlineFrom) {
    const category = ldl >= LDL.veryHighFrom ? 'very high' : ldl >= LDL.highFrom ? 'high' : 'borderline high';
    out.push(
      finding(
        `ldl-${category.replace(' ', '-')}`,
        `${category[0]!.toUpperCase()}${category.slice(1)} LDL cholesterol`,
        category === 'borderline high' ? 'info' : 'attention',
        ['ldlCholesterol'],
        show('ldlCholesterol', ldl),
        `optimal below ${LDL.nearOptimalFrom} mg/dL; near optimal ${LDL.nearOptimalFrom}-${LDL.borderlineFrom - 1}; ` +
          `borderline high ${LDL.borderlineFrom}-${LDL.highFrom - 1}; high ${LDL.highFrom}-${LDL.veryHighFrom - 1}; ` +
          `very high ${LDL.veryHighFrom} or more`,
        'LDL is the cholesterol that builds up in artery walls. ' +
          (category === 'very high'
            ? 'A level this high can be inherited (familial hypercholesterolaemia), which matters for your relatives too; please discuss it with a doctor. '
            : '') +
          LIPID_CONTEXT,
        CITATIONS.ncepAtp3,
      ),
    );
  }
  const hdl = values.hdlCholesterol;
  if (hdl < HDL.lowBelow) {
    out.push(
      finding(
        'hdl-low',
        'Low HDL cholesterol',
        'info',
        ['hdlCholesterol'],
        show('hdlCholesterol', hdl),
        `low below ${HDL.lowBelow} mg/dL; ${HDL.protectiveFrom} or more is protective`,
        'HDL carries cholesterol away from the arteries; a low level is one of the risk factors doctors weigh. Activity, ' +
          'stopping smoking and losing weight where needed raise it.',
        CITATIONS.ncepAtp3,
      ),
    );
  }
  const tg = values.triglycerides;
  if (tg >= TRIGLYCERIDES.borderlineFrom) {
    const category =
      tg >= TRIGLYCERIDES.veryHighFrom ? 'very high' : tg >= TRIGLYCERIDES.highFrom ? 'high' : 'borderline high';
    out.push(
      finding(
        `triglycerides-${category.replace(' ', '-')}`,
        `${category[0]!.toUpperCase()}${category.slice(1)} triglycerides`,
        category === 'borderline high' ? 'info' : 'attention',
        ['triglycerides'],
        show('triglycerides', tg),
        `normal below ${TRIGLYCERIDES.borderlineFrom} mg/dL; borderline high ${TRIGLYCERIDES.borderlineFrom}-${TRIGLYCERIDES.highFrom - 1}; ` +
          `high ${TRIGLYCERIDES.highFrom}-${TRIGLYCERIDES.veryHighFrom - 1}; very high ${TRIGLYCERIDES.veryHighFrom} or more`,
        'Triglycerides rise after meals and with alcohol, excess weight and poorly controlled diabetes; the categories are for a fasting sample. ' +
          (category === 'very high'
            ? `At ${TRIGLYCERIDES.veryHighFrom} or more they can inflame the pancreas (pancreatitis): please see a doctor soon, and seek care urgently for severe belly pain.`
            : LIPID_CONTEXT),
        CITATIONS.ncepAtp3,
      ),
    );
  }
  // Friedewald: total = LDL + HDL + TG/5, so LDL + HDL above total (with room for assay error) is impossible.
  if (ldl + hdl > total * 1.05) {
    out.push(
      finding(
        'lipid-values-inconsistent',
        'Cholesterol values do not add up',
        'info',
        ['cholesterol', 'ldlCholesterol', 'hdlCholesterol'],
        `LDL ${show('ldlCholesterol', ldl)} + HDL ${show('hdlCholesterol', hdl)} > total ${show('cholesterol', total)}`,
        'total cholesterol = LDL + HDL + triglycerides / 5 (approximately)',
        'LDL and HDL are parts of total cholesterol, so together they cannot exceed it. One of the values is probably mistyped ' +
          'or in mmol/L rather than mg/dL; please check them against your report.',
        CITATIONS.friedewald1972,
      ),
    );
  }
  return out;
}

// --- Blood pressure (ACC/AHA 2017, mmHg) --------------------------------------------------------------

export const BLOOD_PRESSURE = {
  elevatedSystolicFrom: fromTable('blood_pressure.elevated.systolicFrom'),
  stage1SystolicFrom: fromTable('blood_pressure.stage1.systolicFrom'),
  stage1DiastolicFrom: fromTable('blood_pressure.stage1.diastolicFrom'),
  stage2SystolicFrom: fromTable('blood_pressure.stage2.systolicFrom'),
  stage2DiastolicFrom: fromTable('blood_pressure.stage2.diastolicFrom'),
  /** The guideline's hypertensive crisis: systolic above 180 and/or diastolic above 120. */
  crisisSystolicAbove: fromTable('blood_pressure.crisis.systolicAbove'),
  crisisDiastolicAbove: fromTable('blood_pressure.crisis.diastolicAbove'),
  lowSystolicBelow: fromTable('blood_pressure.low.systolicBelow'),
  lowDiastolicBelow: fromTable('blood_pressure.low.diastolicBelow'),
} as const;

export type BloodPressureCategory = 'normal' | 'elevated' | 'stage 1' | 'stage 2' | 'crisis';

/** The higher of the systolic and diastolic categories, as the guideline says. */
export function bloodPressureCategory(systolic: number, diastolic: number): BloodPressureCategory {
  const bp = BLOOD_PRESSURE;
  if (systolic > bp.crisisSystolicAbove || diastolic > bp.crisisDiastolicAbove) return 'crisis';
  if (systolic >= bp.stage2SystolicFrom || diastolic >= bp.stage2DiastolicFrom) return 'stage 2';
  if (systolic >= bp.stage1SystolicFrom || diastolic >= bp.stage1DiastolicFrom) return 'stage 1';
  if (systolic >= bp.elevatedSystolicFrom) return 'elevated';
  return 'normal';
}

const ONE_READING =
  'The guideline classifies blood pressure from the average of two or more readings on two or more occasions, so one reading is a reason to measure again, not a diagnosis.';

function bloodPressure(values: Measured): Rule[] {
  const sys = values.systolicBloodPressure;
  const dia = values.diastolicBloodPressure;
  const value = `${show('systolicBloodPressure', sys).replace(' mmHg', '')}/${show('diastolicBloodPressure', dia)}`;
  const fields = ['systolicBloodPressure', 'diastolicBloodPressure'];
  const range =
    'normal below 120/80; elevated 120-129/below 80; stage 1 130-139 or 80-89; stage 2 140 or 90 or higher; crisis above 180 or above 120';
  const category = bloodPressureCategory(sys, dia);
  switch (category) {
    case 'crisis':
      return [
        finding(
          'blood-pressure-crisis',
          'Very high blood pressure (hypertensive crisis range)',
          'urgent',
          fields,
          value,
          range,
          'Call emergency services now if you also have chest pain, shortness of breath, back pain, numbness or weakness, ' +
            'a change in vision or difficulty speaking. Otherwise, sit quietly for five minutes and measure again; if it is ' +
            'still this high, contact a doctor today.',
          CITATIONS.accAha2017,
        ),
      ];
    case 'stage 2':
    case 'stage 1':
      return [
        finding(
          category === 'stage 2' ? 'blood-pressure-stage-2' : 'blood-pressure-stage-1',
          category === 'stage 2' ? 'High blood pressure, stage 2 range' : 'High blood pressure, stage 1 range',
          'attention',
          fields,
          value,
          range,
          'High blood pressure rarely causes symptoms but raises the risk of heart attack, stroke and kidney disease over time. ' +
            ONE_READING +
            ' Please discuss repeated readings with a doctor.',
          CITATIONS.accAha2017,
        ),
      ];
    case 'elevated':
      return [
        finding(
          'blood-pressure-elevated',
          'Elevated blood pressure',
          'info',
          fields,
          value,
          range,
          'This is above normal but below high blood pressure. Less salt, more activity, less alcohol and weight loss where needed help keep it from rising. ' +
            ONE_READING,
          CITATIONS.accAha2017,
        ),
      ];
    case 'normal':
      if (sys < BLOOD_PRESSURE.lowSystolicBelow || dia < BLOOD_PRESSURE.lowDiastolicBelow) {
        return [
          finding(
            'blood-pressure-low',
            'Low blood pressure',
            'info',
            fields,
            value,
            'low below 90/60',
            'Low blood pressure is common in healthy, fit people and needs no treatment on its own. See a doctor if it comes with dizziness, fainting, or if it is new.',
            CITATIONS.lowBloodPressure,
          ),
        ];
      }
      return [];
  }
}

// --- BMI (WHO, kg/m²) ---------------------------------------------------------------------------------

export const BMI = {
  thinBelow: 17,
  underweightBelow: fromTable('bmi.healthy.from'),
  overweightFrom: fromTable('bmi.overweight.from'),
  obeseFrom: fromTable('bmi.obesity1.from'),
  obese2From: fromTable('bmi.obesity2.from'),
  obese3From: fromTable('bmi.obesity3.from'),
} as const;

function bmi(values: Measured): Rule[] {
  const b = values.bmi;
  const range =
    'underweight below 18.5; normal 18.5-24.9; overweight 25.0-29.9; obesity 30.0 or more (class I 30-34.9, II 35-39.9, III 40 or more)';
  const caveat =
    ' BMI does not tell muscle from fat, and for people of Asian background the WHO suggests lower cut-offs for health risk.';
  let category: { id: string; title: string; severity: Severity; text: string } | undefined;
  if (b < BMI.underweightBelow) {
    const thin = b < BMI.thinBelow;
    category = {
      id: 'bmi-underweight',
      title: 'Underweight',
      severity: thin ? 'attention' : 'info',
      text: thin
        ? 'A BMI this low can mean the body lacks energy and nutrients; please discuss it with a doctor, especially if you have lost weight without trying.'
        : 'Slightly below the healthy range. If your weight is stable and you eat well this may be your normal; unexplained weight loss is worth a check.',
    };
  } else if (b >= BMI.obeseFrom) {
    const cls = b >= BMI.obese3From ? 'III' : b >= BMI.obese2From ? 'II' : 'I';
    category = {
      id: `bmi-obesity-${cls.toLowerCase()}`,
      title: `Obesity, class ${cls}`,
      severity: 'attention',
      text: 'Obesity raises the risk of type 2 diabetes, high blood pressure, heart disease and joint problems. A doctor can help with a plan that suits you.',
    };
  } else if (b >= BMI.overweightFrom) {
    category = {
      id: 'bmi-overweight',
      title: 'Overweight',
      severity: 'info',
      text: 'Above the healthy range; more activity and a balanced diet lower the health risks that come with extra weight.',
    };
  }
  if (!category) return [];
  const { id, title, severity, text } = category;
  return [finding(id, title, severity, ['bmi'], show('bmi', b), range, text + caveat, CITATIONS.whoObesity2000)];
}

// --- Insulin: information only ------------------------------------------------------------------------

/** A typical fasting range; laboratories quote their own, as assays differ. */
export const INSULIN_TYPICAL = { low: 2, high: 25 } as const;

function insulin(values: Measured): Rule[] {
  const i = values.insulin;
  if (i >= INSULIN_TYPICAL.low && i <= INSULIN_TYPICAL.high) return [];
  const high = i > INSULIN_TYPICAL.high;
  return [
    finding(
      high ? 'insulin-high' : 'insulin-low',
      high ? 'Fasting insulin above the usual range' : 'Fasting insulin below the usual range',
      'info',
      ['insulin'],
      show('insulin', i),
      `about ${INSULIN_TYPICAL.low}-${INSULIN_TYPICAL.high} µIU/mL fasting (varies by laboratory)`,
      (high
        ? 'A high fasting insulin often goes with insulin resistance, which is common with excess weight. '
        : 'A low fasting insulin is expected after a long fast and in type 1 diabetes. ') +
        'Insulin is not used to diagnose diabetes (glucose and HbA1c are), and if you inject insulin the result reflects the injection.',
      CITATIONS.adaDiagnosis2025,
    ),
  ];
}

// --- Heart rate ---------------------------------------------------------------------------------------

/** beats/min at rest. Bradycardia below 50 (ACC/AHA/HRS 2018); tachycardia above 100 (ACC/AHA/HRS 2015). */
export const HEART_RATE = { slowBelow: 50, verySlowBelow: 40, fastAbove: 100, veryFastFrom: 150 } as const;

function heartRate(values: Measured): Rule[] {
  const hr = values.heartRate;
  const value = show('heartRate', hr);
  if (hr < HEART_RATE.slowBelow) {
    const verySlow = hr < HEART_RATE.verySlowBelow;
    return [
      finding(
        'heart-rate-slow',
        verySlow ? 'Very slow resting heart rate' : 'Slow resting heart rate',
        verySlow ? 'attention' : 'info',
        ['heartRate'],
        value,
        'bradycardia below 50 beats/min; usual resting range 50-100',
        'A slow pulse is normal in fit people and during sleep, and some medicines (such as beta-blockers) slow it. ' +
          'See a doctor if it comes with dizziness, fainting, breathlessness or tiredness' +
          (verySlow ? '; below 40 it is worth a check even without them.' : '.'),
        CITATIONS.bradycardia2018,
      ),
    ];
  }
  if (hr > HEART_RATE.fastAbove) {
    const veryFast = hr >= HEART_RATE.veryFastFrom;
    return [
      finding(
        'heart-rate-fast',
        veryFast ? 'Very fast resting heart rate' : 'Fast resting heart rate',
        veryFast ? 'urgent' : 'attention',
        ['heartRate'],
        value,
        'tachycardia above 100 beats/min at rest; usual resting range 50-100',
        veryFast
          ? 'A resting pulse this fast is often an abnormal heart rhythm and needs a doctor today; call emergency services if you also have chest pain, fainting or breathlessness.'
          : 'A fast pulse at rest can come from fever, anxiety, caffeine, dehydration, anaemia, an overactive thyroid or a heart rhythm problem. ' +
              'Measure it again after resting; if it stays above 100, or comes with palpitations, chest pain or breathlessness, see a doctor.',
        CITATIONS.tachycardia2015,
      ),
    ];
  }
  return [];
}

// --- Putting it together ------------------------------------------------------------------------------

const RULES: ReadonlyArray<(values: BloodTestValues, sex: Sex) => Rule[]> = [
  needs(['hemoglobin'], anaemia),
  needs(['hemoglobin'], highHaemoglobin),
  needs(['glucose'], glucose),
  needs(['platelets'], platelets),
  needs(['whiteBloodCells'], whiteCells),
  needs(['meanCorpuscularVolume', 'redBloodCells'], redCellSize),
  needs(
    [
      'meanCorpuscularHemoglobin',
      'meanCorpuscularHemoglobinConcentration',
      'hemoglobin',
      'redBloodCells',
      'meanCorpuscularVolume',
    ],
    redCellIndices,
  ),
  needs(['cholesterol', 'ldlCholesterol', 'hdlCholesterol', 'triglycerides'], lipids),
  needs(['systolicBloodPressure', 'diastolicBloodPressure'], bloodPressure),
  needs(['bmi'], bmi),
  needs(['insulin'], insulin),
  needs(['heartRate'], heartRate),
];

const CONDITION_NAMES = 'anaemia, diabetes-range glucose, a thalassaemia-trait pattern or a platelet count below 100';

function labelOf(code: BloodTestClassCode) {
  return BLOOD_TEST_CLASSES[code].label;
}

function summarise(main: Rule | undefined, findings: Rule[], notEntered: readonly string[] = []): string {
  const others = findings.filter((f) => f !== main && SEVERITY_RANK[f.severity] >= SEVERITY_RANK.attention);
  const urgent = findings.filter((f) => f.severity === 'urgent');
  const parts: string[] = [];
  if (main) parts.push(`Main finding: ${main.title.toLowerCase()}.`);
  else parts.push(`None of the conditions this test looks for (${CONDITION_NAMES}) was found.`);
  if (others.length > 0) {
    const titles = others.map((f) => f.title.toLowerCase()).join('; ');
    parts.push(
      `${main ? 'Also' : 'But'} ${others.length === 1 ? 'one other result needs' : `${others.length} other results need`} attention: ${titles}.`,
    );
  } else if (!main) {
    parts.push('No other value needs attention.');
  }
  if (urgent.length > 0) parts.push('Some results need care today: see the findings marked urgent.');
  if (notEntered.length > 0) parts.push(`Not checked, because not entered: ${notEntered.join(', ')}.`);
  return parts.join(' ');
}

/**
 * Reads validated lab values (BloodTestInputSchema) against the rules above. Returns every finding, most
 * severe first, and the class code (0-4) of the main finding: the most severe finding that names one of
 * the four conditions (anaemia, diabetes, thalassaemia, thrombocytopenia) at 'attention' or above, ties
 * broken by CLASS_PRIORITY; 1 (Healthy) when there is none. Informational findings never set the class.
 */
export function interpretBloodTest(values: BloodTestValues): BloodTestInterpretation {
  if (looksNormalised(values)) {
    throw new RangeError('Blood-test values look scaled to 0-1; validate with BloodTestInputSchema first.');
  }
  const sex = sexOf(values);
  const found = RULES.flatMap((rule) => rule(values, sex));
  const ordered = found
    .map((f, index) => ({ f, index }))
    .sort((a, b) => SEVERITY_RANK[b.f.severity] - SEVERITY_RANK[a.f.severity] || a.index - b.index)
    .map(({ f }) => f);
  const main = ordered
    .filter((f) => f.classCode !== undefined && SEVERITY_RANK[f.severity] >= SEVERITY_RANK.attention)
    .sort(
      (a, b) =>
        SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
        CLASS_PRIORITY.indexOf(a.classCode!) - CLASS_PRIORITY.indexOf(b.classCode!),
    )[0];
  const classCode: BloodTestClassCode = main?.classCode ?? 1;
  return {
    findings: ordered.map(({ classCode: _, ...f }) => f),
    classCode,
    label: labelOf(classCode),
    summary: summarise(
      main,
      ordered,
      BLOOD_TEST_LAB_FIELDS.filter((f) => values[f.key] === null || values[f.key] === undefined).map((f) =>
        f.label.toLowerCase(),
      ),
    ),
  };
}
