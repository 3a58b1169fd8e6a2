import { CITATIONS } from '../citations';
import { finding, fromTable, show, type Measured, type Rule } from './finding';

/** Fasting glucose (ADA), and fasting insulin, which is information only. */

/** ADA Standards of Care 2025, fasting plasma glucose in mg/dL. */
export const FASTING_GLUCOSE = {
  prediabetesFrom: fromTable('fasting_glucose.prediabetes.from'),
  diabetesFrom: fromTable('fasting_glucose.diabetes.from'),
} as const;
/**
 * ADA level 1 (below 70: below the table's normal fasting band) and level 2 (below 54: the table's severe_low band)
 * hypoglycaemia.
 */
export const HYPOGLYCAEMIA = {
  level1Below: fromTable('fasting_glucose.normal.from'),
  level2Below: fromTable('fasting_glucose.severe_low.below'),
} as const;
/** Above this, hyperglycaemic crises become a real possibility (Kitabchi 2009: DKA glucose above 250). */
export const VERY_HIGH_GLUCOSE_FROM = fromTable('fasting_glucose.very_high.from');

const ONE_TEST_IS_NOT_A_DIAGNOSIS =
  'One measurement is not a diagnosis: the ADA asks for a second abnormal result (the same test repeated, or an HbA1c) ' +
  'unless there are clear symptoms of high blood sugar. If you had eaten in the 8 hours before the test, the fasting ' +
  'cut-offs do not apply.';

export function glucose(values: Measured): Rule[] {
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

// --- Insulin: information only ------------------------------------------------------------------------

/** A typical fasting range; laboratories quote their own, as assays differ. */
export const INSULIN_TYPICAL = { low: 2, high: 25 } as const;

export function insulin(values: Measured): Rule[] {
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
