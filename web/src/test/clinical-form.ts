import {
  BLOOD_TEST_FIELDS,
  CLINICAL_FORMS,
  formatFieldValue,
  optionsOf,
  type ClinicalField,
  type ClinicalTestSlug,
} from '@medibuddy/contracts';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Answers a person could give, by field key: numbers as typed, options by their code. */
export const VALID_ANSWERS: Record<ClinicalTestSlug, Record<string, string | number>> = {
  heart: {
    age: '61',
    sex: 1,
    chest_pain_type: 4,
    bp: '140',
    cholesterol: '260',
    fbs_over_120: 0,
    ekg_results: 0,
    max_hr: '140',
    exercise_angina: 1,
    st_depression: '1.5',
    slope_of_st: 2,
    number_of_vessels_fluro: '1',
    thallium: 2,
  },
  diabetes: {
    Pregnancies: '2',
    Glucose: '148',
    BloodPressure: '72',
    SkinThickness: '35',
    Insulin: '120',
    BMI: '33.6',
    DiabetesPedigreeFunction: '0.627',
    Age: '50',
  },
  cardio: {
    AGE: '50',
    GENDER: 2,
    HEIGHT: '168',
    WEIGHT: '62',
    AP_HIGH: '110',
    AP_LOW: '80',
    CHOLESTEROL: 1,
    GLUCOSE: 1,
    SMOKE: 0,
    ALCOHOL: 0,
    PHYSICAL_ACTIVITY: 1,
  },
  liver: {
    Age: '45',
    Gender: 1,
    Total_Bilirubin: '1.2',
    Direct_Bilirubin: '0.4',
    Alkaline_Phosphotase: '210',
    Alamine_Aminotransferase: '35',
    Aspartate_Aminotransferase: '40',
    Total_Protiens: '6.8',
    Albumin: '3.4',
    Albumin_and_Globulin_Ratio: '1.0',
  },
  // the contract's example report (the form shows it only as grey examples)
  'blood-test': {
    sex: 0,
    ...Object.fromEntries(
      (BLOOD_TEST_FIELDS as readonly ClinicalField[])
        .filter((f) => f.default !== undefined)
        .map((f) => [f.key, formatFieldValue(f, f.default!)]),
    ),
  },
  'kidney-stone': {
    backBellySidePain: 1,
    burningUrination: 0,
    urgency: 1,
    bloodInUrine: 0,
    cloudySmellyUrine: 0,
    smallAmounts: 1,
    nauseaVomiting: 1,
    feverChills: 0,
    sex: 1,
    painOnset: 2,
    origin: 1,
    nausea: 1,
    haematuria: 2,
  },
};

/** Fills the form on screen as a person would: types into number fields, clicks labelled options. */
export async function fillForm(user: UserEvent, test: ClinicalTestSlug, answers: Record<string, string | number>) {
  const fields = CLINICAL_FORMS[test];
  for (const [key, answer] of Object.entries(answers)) {
    const field = fields.find((f) => f.key === key);
    if (!field) throw new Error(`${test} has no field ${key}`);
    if (field.type === 'code' || field.type === 'yesno') {
      const option = optionsOf(field).find((o) => o.value === answer);
      if (!option) throw new Error(`${key} has no option ${answer}`);
      const group = screen.getByRole('group', { name: field.label });
      await user.click(within(group).getByRole('radio', { name: option.label }));
    } else {
      const input = screen.getByLabelText(field.label);
      await user.clear(input);
      await user.type(input, String(answer));
    }
  }
}
