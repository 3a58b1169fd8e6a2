import type { Language, Severity } from '@medibuddy/contracts';
import type { ResultTextKey } from '../../../../locales/result-texts';
import { CITATIONS } from '../citations';
import { finding, fromTable, wordsIn, type Measured, type Rule, type Sex } from './finding';

/** The measurements taken at the clinic rather than in the laboratory: blood pressure, BMI and heart rate. */

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

export function bloodPressure(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, join, show } = wordsIn(language);
  const sys = values.systolicBloodPressure;
  const dia = values.diastolicBloodPressure;
  const value = `${show('systolicBloodPressure', sys).replace(' mmHg', '')}/${show('diastolicBloodPressure', dia)}`;
  const fields = ['systolicBloodPressure', 'diastolicBloodPressure'];
  const range = t('blood.bp.range');
  const category = bloodPressureCategory(sys, dia);
  switch (category) {
    case 'crisis':
      return [
        finding(
          'blood-pressure-crisis',
          t('blood.bp.crisis.title'),
          'urgent',
          fields,
          value,
          range,
          t('blood.bp.crisis.text'),
          CITATIONS.accAha2017,
        ),
      ];
    case 'stage 2':
    case 'stage 1':
      return [
        finding(
          category === 'stage 2' ? 'blood-pressure-stage-2' : 'blood-pressure-stage-1',
          t(category === 'stage 2' ? 'blood.bp.stage2.title' : 'blood.bp.stage1.title'),
          'attention',
          fields,
          value,
          range,
          join(t('blood.bp.high.text'), t('blood.bp.oneReading'), t('blood.bp.discuss')),
          CITATIONS.accAha2017,
        ),
      ];
    case 'elevated':
      return [
        finding(
          'blood-pressure-elevated',
          t('blood.bp.elevated.title'),
          'info',
          fields,
          value,
          range,
          join(t('blood.bp.elevated.text'), t('blood.bp.oneReading')),
          CITATIONS.accAha2017,
        ),
      ];
    case 'normal':
      if (sys < BLOOD_PRESSURE.lowSystolicBelow || dia < BLOOD_PRESSURE.lowDiastolicBelow) {
        return [
          finding(
            'blood-pressure-low',
            t('blood.bp.low.title'),
            'info',
            fields,
            value,
            t('blood.bp.low.range'),
            t('blood.bp.low.text'),
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

export function bmi(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, join, show } = wordsIn(language);
  const b = values.bmi;
  let category: { id: string; title: string; severity: Severity; text: ResultTextKey } | undefined;
  if (b < BMI.underweightBelow) {
    const thin = b < BMI.thinBelow;
    category = {
      id: 'bmi-underweight',
      title: t('blood.bmi.underweight.title'),
      severity: thin ? 'attention' : 'info',
      text: thin ? 'blood.bmi.thin.text' : 'blood.bmi.underweight.text',
    };
  } else if (b >= BMI.obeseFrom) {
    const cls = b >= BMI.obese3From ? 'III' : b >= BMI.obese2From ? 'II' : 'I';
    category = {
      id: `bmi-obesity-${cls.toLowerCase()}`,
      title: t('blood.bmi.obesity.title', { class: cls }),
      severity: 'attention',
      text: 'blood.bmi.obesity.text',
    };
  } else if (b >= BMI.overweightFrom) {
    category = {
      id: 'bmi-overweight',
      title: t('blood.bmi.overweight.title'),
      severity: 'info',
      text: 'blood.bmi.overweight.text',
    };
  }
  if (!category) return [];
  const { id, title, severity, text } = category;
  return [
    finding(
      id,
      title,
      severity,
      ['bmi'],
      show('bmi', b),
      t('blood.bmi.range'),
      join(t(text), t('blood.bmi.caveat')),
      CITATIONS.whoObesity2000,
    ),
  ];
}

// --- Heart rate ---------------------------------------------------------------------------------------

/** beats/min at rest. Bradycardia below 50 (ACC/AHA/HRS 2018); tachycardia above 100 (ACC/AHA/HRS 2015). */
export const HEART_RATE = { slowBelow: 50, verySlowBelow: 40, fastAbove: 100, veryFastFrom: 150 } as const;

export function heartRate(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, show } = wordsIn(language);
  const hr = values.heartRate;
  const value = show('heartRate', hr);
  if (hr < HEART_RATE.slowBelow) {
    const verySlow = hr < HEART_RATE.verySlowBelow;
    return [
      finding(
        'heart-rate-slow',
        t(verySlow ? 'blood.heartRate.verySlow.title' : 'blood.heartRate.slow.title'),
        verySlow ? 'attention' : 'info',
        ['heartRate'],
        value,
        t('blood.heartRate.slow.range'),
        t(verySlow ? 'blood.heartRate.verySlow.text' : 'blood.heartRate.slow.text'),
        CITATIONS.bradycardia2018,
      ),
    ];
  }
  if (hr > HEART_RATE.fastAbove) {
    const veryFast = hr >= HEART_RATE.veryFastFrom;
    return [
      finding(
        'heart-rate-fast',
        t(veryFast ? 'blood.heartRate.veryFast.title' : 'blood.heartRate.fast.title'),
        veryFast ? 'urgent' : 'attention',
        ['heartRate'],
        value,
        t('blood.heartRate.fast.range'),
        t(veryFast ? 'blood.heartRate.veryFast.text' : 'blood.heartRate.fast.text'),
        CITATIONS.tachycardia2015,
      ),
    ];
  }
  return [];
}
