import { BLOOD_TEST_FIELDS } from './blood-test-fields';
import { CARDIO_FIELDS } from './cardio-fields';
import { type ClinicalField } from './clinical-field';
import { DIABETES_FIELDS } from './diabetes-fields';
import { HEART_FIELDS } from './heart-fields';
import { KIDNEY_STONE_FIELDS } from './kidney-stone-fields';
import { LIVER_FIELDS } from './liver-fields';

export { CARDIO_FIELDS, DIABETES_FIELDS, HEART_FIELDS, LIVER_FIELDS };

/**
 * The fields of the six clinical-value forms, without zod (the web app renders the forms from them before it loads
 * any validation; assessments.ts builds the request schemas from the same lists).
 *
 * Each form's fields are a file of their own beside this one (heart-fields.ts, diabetes-fields.ts, cardio-fields.ts,
 * liver-fields.ts, blood-test-fields.ts, kidney-stone-fields.ts); this file names the forms and lists them.
 *
 * The four model tests (heart, diabetes, cardio, liver) use the labels, units, types, ranges and codes of their
 * model cards (server/models/<test>/card.json `features`, in the card's order); each feature field names its card
 * column in `modelColumn`, while its `key` is camelCase (decision 034). A server test fails if they drift apart. Options are listed in the legacy order (Male=1 before Female=0, Yes=1 before No=0;
 * docs/product.md#test-forms).
 */

export const CLINICAL_TEST_SLUGS = ['heart', 'diabetes', 'cardio', 'liver', 'blood-test', 'kidney-stone'] as const;
export type ClinicalTestSlug = (typeof CLINICAL_TEST_SLUGS)[number];

/** Every clinical form, fields in display (and model-card) order; an optional field is no model's feature. */
export const CLINICAL_FORMS = {
  heart: HEART_FIELDS,
  diabetes: DIABETES_FIELDS,
  cardio: CARDIO_FIELDS,
  liver: LIVER_FIELDS,
  'blood-test': BLOOD_TEST_FIELDS,
  'kidney-stone': KIDNEY_STONE_FIELDS,
} as const satisfies Record<ClinicalTestSlug, readonly ClinicalField[]>;
