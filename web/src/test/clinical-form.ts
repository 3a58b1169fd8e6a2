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
    chestPainType: 4,
    bp: '140',
    cholesterol: '260',
    fbsOver120: 0,
    ekgResults: 0,
    maxHr: '140',
    exerciseAngina: 1,
    stDepression: '1.5',
    slopeOfSt: 2,
    numberOfVesselsFluro: '1',
    thallium: 2,
  },
  diabetes: {
    pregnancies: '2',
    glucose: '148',
    bloodPressure: '72',
    skinThickness: '35',
    insulin: '120',
    bmi: '33.6',
    diabetesPedigreeFunction: '0.627',
    age: '50',
  },
  cardio: {
    age: '50',
    gender: 2,
    height: '168',
    weight: '62',
    apHigh: '110',
    apLow: '80',
    cholesterol: 1,
    glucose: 1,
    smoke: 0,
    alcohol: 0,
    physicalActivity: 1,
  },
  liver: {
    age: '45',
    gender: 1,
    totalBilirubin: '1.2',
    directBilirubin: '0.4',
    alkalinePhosphatase: '210',
    alanineAminotransferase: '35',
    aspartateAminotransferase: '40',
    totalProteins: '6.8',
    albumin: '3.4',
    albuminGlobulinRatio: '1.0',
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

/**
 * Fills the form on screen as a person would: types into number fields, clicks labelled options. `shown` is the field
 * as the page labels it (the Hindi page's labels and options: clinical-test-copy.ts's localField).
 */
export async function fillForm(
  user: UserEvent,
  test: ClinicalTestSlug,
  answers: Record<string, string | number>,
  shown: (field: ClinicalField) => ClinicalField = (field) => field,
) {
  const fields: readonly ClinicalField[] = CLINICAL_FORMS[test];
  for (const [key, answer] of Object.entries(answers)) {
    const found = fields.find((f) => f.key === key);
    if (!found) throw new Error(`${test} has no field ${key}`);
    const field = shown(found);
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
