import { CITATIONS } from '../citations';
import type { Language } from '@medibuddy/contracts';
import { finding, fromTable, wordsIn, type Measured, type Rule, type Sex } from './finding';

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

export function glucose(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, join, show } = wordsIn(language);
  const g = values.glucose;
  const value = show('glucose', g);
  if (g < HYPOGLYCAEMIA.level2Below) {
    return [
      finding(
        'glucose-very-low',
        t('blood.glucose.veryLow.title'),
        'urgent',
        ['glucose'],
        value,
        t('blood.glucose.veryLow.range', { below: HYPOGLYCAEMIA.level2Below }),
        t('blood.glucose.veryLow.text'),
        CITATIONS.adaHypoglycaemia2025,
      ),
    ];
  }
  if (g < HYPOGLYCAEMIA.level1Below) {
    return [
      finding(
        'glucose-low',
        t('blood.glucose.low.title'),
        'attention',
        ['glucose'],
        value,
        t('blood.glucose.low.range', { from: HYPOGLYCAEMIA.level2Below, to: HYPOGLYCAEMIA.level1Below - 1 }),
        t('blood.glucose.low.text'),
        CITATIONS.adaHypoglycaemia2025,
      ),
    ];
  }
  if (g >= FASTING_GLUCOSE.diabetesFrom) {
    const veryHigh = g >= VERY_HIGH_GLUCOSE_FROM;
    return [
      finding(
        veryHigh ? 'glucose-very-high' : 'glucose-diabetes-range',
        t(veryHigh ? 'blood.glucose.veryHigh.title' : 'blood.glucose.diabetes.title'),
        veryHigh ? 'urgent' : 'attention',
        ['glucose'],
        value,
        t('blood.glucose.diabetes.range', {
          from: FASTING_GLUCOSE.diabetesFrom,
          normalBelow: FASTING_GLUCOSE.prediabetesFrom,
        }),
        join(t(veryHigh ? 'blood.glucose.veryHigh.text' : 'blood.glucose.diabetes.text'), t('blood.glucose.oneTest')),
        veryHigh ? CITATIONS.hyperglycaemicCrises2009 : CITATIONS.adaDiagnosis2025,
        2,
      ),
    ];
  }
  if (g >= FASTING_GLUCOSE.prediabetesFrom) {
    return [
      finding(
        'glucose-prediabetes-range',
        t('blood.glucose.prediabetes.title'),
        'attention',
        ['glucose'],
        value,
        t('blood.glucose.prediabetes.range', {
          from: FASTING_GLUCOSE.prediabetesFrom,
          to: FASTING_GLUCOSE.diabetesFrom - 1,
        }),
        join(t('blood.glucose.prediabetes.text'), t('blood.glucose.oneTest')),
        CITATIONS.adaDiagnosis2025,
      ),
    ];
  }
  return [];
}

// --- Insulin: information only ------------------------------------------------------------------------

/** A typical fasting range; laboratories quote their own, as assays differ. */
export const INSULIN_TYPICAL = { low: 2, high: 25 } as const;

export function insulin(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, join, show } = wordsIn(language);
  const i = values.insulin;
  if (i >= INSULIN_TYPICAL.low && i <= INSULIN_TYPICAL.high) return [];
  const high = i > INSULIN_TYPICAL.high;
  return [
    finding(
      high ? 'insulin-high' : 'insulin-low',
      t(high ? 'blood.insulin.high.title' : 'blood.insulin.low.title'),
      'info',
      ['insulin'],
      show('insulin', i),
      t('blood.insulin.range', { low: INSULIN_TYPICAL.low, high: INSULIN_TYPICAL.high }),
      join(t(high ? 'blood.insulin.high.text' : 'blood.insulin.low.text'), t('blood.insulin.common')),
      CITATIONS.adaDiagnosis2025,
    ),
  ];
}
