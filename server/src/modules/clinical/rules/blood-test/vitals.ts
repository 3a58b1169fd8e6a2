import type { Severity } from '@medibuddy/contracts';
import { CITATIONS } from '../citations';
import { finding, fromTable, show, type Measured, type Rule } from './finding';

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

const ONE_READING =
  'The guideline classifies blood pressure from the average of two or more readings on two or more occasions, so one reading is a reason to measure again, not a diagnosis.';

export function bloodPressure(values: Measured): Rule[] {
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

export function bmi(values: Measured): Rule[] {
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

// --- Heart rate ---------------------------------------------------------------------------------------

/** beats/min at rest. Bradycardia below 50 (ACC/AHA/HRS 2018); tachycardia above 100 (ACC/AHA/HRS 2015). */
export const HEART_RATE = { slowBelow: 50, verySlowBelow: 40, fastAbove: 100, veryFastFrom: 150 } as const;

export function heartRate(values: Measured): Rule[] {
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
