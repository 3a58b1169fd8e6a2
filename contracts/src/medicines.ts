import { z } from 'zod';
import {
  ADULT_AGE_YEARS_MAX,
  CHILD_AGE_MONTHS_MAX,
  CHILD_AGE_YEARS_MAX,
  FINDER_COUNTRIES,
  HEALTH_CONDITIONS,
  MEDICINE_LIST_MAX,
  PERSON_KINDS,
  PRESCRIPTION_STATUSES,
  SALE_CLASSES,
  SYMPTOM_MAX,
  SYMPTOM_MIN,
  SYMPTOMS_MAX,
} from './forms/medicines';

export * from './forms/medicines';

/**
 * Medicines by symptom: information only. Red-flag symptoms get an emergency notice instead of medicines
 * (see red-flags.ts); nothing the user types is stored.
 */
export const RECOMMENDATIONS_MAX = 10;

export const NO_MEDICINES_MESSAGE =
  'We found no medicine in our catalogue for these symptoms. A pharmacist can advise you.';

export const SymptomSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(SYMPTOM_MIN, `must be at least ${SYMPTOM_MIN} characters`)
  .max(SYMPTOM_MAX, `must be at most ${SYMPTOM_MAX} characters`);

const SymptomListSchema = z
  .array(SymptomSchema, {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a list of symptoms'),
  })
  .min(1, 'must list at least one symptom')
  .max(SYMPTOMS_MAX, `must list at most ${SYMPTOMS_MAX} symptoms`);

/**
 * Who the medicine is for. A child's age is given in years, or in months under 2 (the finder needs months there:
 * a baby under 3 months with a fever must see a doctor). Optional: without it the answer is for an adult who is
 * not pregnant, and says so.
 */
export const PersonSchema = z
  .strictObject({
    kind: z.enum(PERSON_KINDS, {
      error: 'must be adult, child, pregnant or breastfeeding',
    }),
    ageYears: z
      .number({ error: 'must be a whole number of years' })
      .int('must be a whole number of years')
      .min(0, 'must be at least 0')
      .max(ADULT_AGE_YEARS_MAX, `must be at most ${ADULT_AGE_YEARS_MAX}`)
      .optional(),
    ageMonths: z
      .number({ error: 'must be a whole number of months' })
      .int('must be a whole number of months')
      .min(0, 'must be at least 0')
      .max(CHILD_AGE_MONTHS_MAX, `must be at most ${CHILD_AGE_MONTHS_MAX} (from 2 years, give years)`)
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'adult') {
      if (p.ageMonths !== undefined)
        ctx.addIssue({ code: 'custom', path: ['ageMonths'], message: 'is only for a child' });
      if (p.ageYears !== undefined && p.ageYears <= CHILD_AGE_YEARS_MAX) {
        ctx.addIssue({
          code: 'custom',
          path: ['ageYears'],
          message: `must be at least ${CHILD_AGE_YEARS_MAX + 1} for an adult (under that, choose child)`,
        });
      }
      return;
    }
    if (p.kind !== 'child') {
      for (const key of ['ageYears', 'ageMonths'] as const) {
        if (p[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: 'is only for a child or an adult' });
      }
      return;
    }
    if (p.ageYears !== undefined && p.ageYears > CHILD_AGE_YEARS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['ageYears'],
        message: `must be at most ${CHILD_AGE_YEARS_MAX} (from 16, choose adult)`,
      });
    }
    if (p.ageYears === undefined && p.ageMonths === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ageYears'], message: 'is required for a child (or ageMonths under 2)' });
    } else if (p.ageYears !== undefined && p.ageMonths !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['ageMonths'], message: 'give either ageYears or ageMonths, not both' });
    } else if (p.ageYears !== undefined && p.ageYears < 2) {
      ctx.addIssue({ code: 'custom', path: ['ageYears'], message: 'must be given as ageMonths under 2 years' });
    }
  });
export type Person = z.infer<typeof PersonSchema>;

/** A child's age in whole months, or null for an adult (pregnant and breastfeeding people are adults). */
export function ageInMonthsOf(person: Person | undefined): number | null {
  if (!person || person.kind !== 'child') return null;
  return person.ageMonths ?? (person.ageYears ?? 0) * 12;
}

/** "a child of 5", "a baby of 2 months", "an adult": how answers name the person. */
export function describePerson(person: Person | undefined): string {
  if (person?.kind === 'adult' && person.ageYears !== undefined) return `an adult of ${person.ageYears}`;
  if (!person || person.kind === 'adult') return 'an adult';
  if (person.kind === 'pregnant') return 'a pregnant woman';
  if (person.kind === 'breastfeeding') return 'a breastfeeding mother';
  if (person.ageMonths !== undefined)
    return `a baby of ${person.ageMonths} ${person.ageMonths === 1 ? 'month' : 'months'}`;
  return `a child of ${person.ageYears}`;
}

export const HealthConditionSchema = z.enum(HEALTH_CONDITIONS, {
  error: `must be one of ${HEALTH_CONDITIONS.join(', ')}`,
});
export type HealthCondition = z.infer<typeof HealthConditionSchema>;
export const FinderCountrySchema = z.enum(FINDER_COUNTRIES, { error: `must be one of ${FINDER_COUNTRIES.join(', ')}` });
export type FinderCountry = z.infer<typeof FinderCountrySchema>;

/**
 * What the finder weighs besides the complaint: who it is for, the medicines they already take (names or active
 * ingredients, as typed; a signed-in person's My medicines are added when they consented), their long-term
 * conditions, and the country whose sale rules the cards follow.
 */
export const RecommendationsRequestSchema = z.strictObject({
  symptoms: SymptomListSchema,
  person: PersonSchema.optional(),
  medicines: z
    .array(z.string().trim().min(2, 'must be at least 2 characters').max(80, 'must be at most 80 characters'), {
      error: 'must be a list of medicine names',
    })
    .max(MEDICINE_LIST_MAX, `must list at most ${MEDICINE_LIST_MAX} medicines`)
    .optional(),
  conditions: z.array(HealthConditionSchema).max(HEALTH_CONDITIONS.length).optional(),
  country: FinderCountrySchema.optional(),
});
export type RecommendationsRequest = z.infer<typeof RecommendationsRequestSchema>;

export const SymptomSuggestionsQuerySchema = z.strictObject({
  q: z.string().trim().max(SYMPTOM_MAX, `must be at most ${SYMPTOM_MAX} characters`).default(''),
});

export const SymptomSuggestionSchema = z.object({
  /** The symptom in plain words, as it is added to the list: "Runny nose". */
  label: z.string(),
  /** The other name the query matched, when it was not the label: "rhinitis". */
  matchedName: z.string().optional(),
});
export type SymptomSuggestion = z.infer<typeof SymptomSuggestionSchema>;

export const SymptomSuggestionsResponseSchema = z.object({ suggestions: z.array(SymptomSuggestionSchema) });
export type SymptomSuggestionsResponse = z.infer<typeof SymptomSuggestionsResponseSchema>;

/** otc, prescription or unknown (PRESCRIPTION_LABELS). */
export const PrescriptionStatusSchema = z.enum(PRESCRIPTION_STATUSES);
export type PrescriptionStatus = z.infer<typeof PrescriptionStatusSchema>;

/** Who may sell a suggested product, as its card says it (SALE_CLASS_LABELS). */
export const SaleClassSchema = z.enum(SALE_CLASSES);
export type SaleClass = z.infer<typeof SaleClassSchema>;

export const SymptomMatchSchema = z.object({
  /** The symptom as the user gave it. */
  symptom: z.string(),
  /** The medicine's use it matched, as the catalogue words it. */
  use: z.string(),
});
export type SymptomMatch = z.infer<typeof SymptomMatchSchema>;

/** A fact shown with where it comes from. */
export const CitedTextSchema = z.object({ text: z.string(), source: z.string(), sourceUrl: z.string().nullable() });
export type CitedText = z.infer<typeof CitedTextSchema>;

/** The dose of one active ingredient for this person, or null: the facts do not say ("ask a pharmacist"). */
export const IngredientDoseSchema = z.object({ ingredient: z.string(), dose: CitedTextSchema.nullable() });
export type IngredientDose = z.infer<typeof IngredientDoseSchema>;

/**
 * Short self-care advice for the complaint, shown above any product. `isSelfCareAppropriate` false: the
 * person should see a doctor or pharmacist, and no product is listed.
 */
export const SelfCareGuidanceSchema = z.object({
  id: z.string(),
  title: z.string(),
  isSelfCareAppropriate: z.boolean(),
  /** Why products are not listed, when they are not. */
  notAppropriateReason: z.string().nullable(),
  whatToDo: z.array(CitedTextSchema),
  seeDoctorIf: z.array(CitedTextSchema),
  redFlags: z.array(CitedTextSchema),
});
export type SelfCareGuidance = z.infer<typeof SelfCareGuidanceSchema>;

/** A product left out for this person, and why (aspirin for a child: Reye's syndrome). */
export const HiddenProductSchema = z.object({ name: z.string(), reason: z.string() });
export type HiddenProduct = z.infer<typeof HiddenProductSchema>;

/** A prescription-only medicine a doctor may prescribe for the complaint: named, never suggested. */
export const PrescribableSchema = z.object({ name: z.string(), ingredients: z.array(z.string()) });

export const MedicineRecommendationSchema = z.object({
  id: z.string(),
  name: z.string(),
  composition: z.string(),
  ingredients: z.array(z.string()),
  uses: z.string(),
  sideEffects: z.string(),
  manufacturer: z.string(),
  /** The image URL is not sent: it points to a third-party site the browser must not contact. */
  hasProductImage: z.boolean(),
  prescriptionStatus: PrescriptionStatusSchema,
  /** What the card's label says (SALE_CLASS_LABELS): the catalogue's status, or 'pharmacy' by the medicine facts. */
  saleClass: SaleClassSchema,
  /** Whose rule the sale class follows, for the person's country ("In the UK a pharmacy medicine …"). */
  saleRule: z.string().optional(),
  /** true: prescription only; false: over the counter; null: not established. */
  isPrescriptionOnly: z.boolean().nullable(),
  /** One sentence on the status, e.g. "Needs a prescription in many countries." */
  prescriptionNote: z.string(),
  source: z.string(),
  sourceUrl: z.string().nullable(),
  /** Which symptom matched which use: why this medicine is on the list. */
  matches: z.array(SymptomMatchSchema).min(1),
  /** Higher is a closer match; only for ordering within one answer. */
  score: z.number(),
  /** Other products in the catalogue with the same active ingredients, folded into this one. */
  similarProducts: z.array(z.string()),
  /** The dose of each active ingredient for the person asked about, with its source. */
  doses: z.array(IngredientDoseSchema),
  /** Cautions for this person to read first (shown at the top of the card); empty when there are none. */
  cautions: z.array(CitedTextSchema),
});
export type MedicineRecommendation = z.infer<typeof MedicineRecommendationSchema>;

export const EmergencyNoticeSchema = z.object({
  message: z.string(),
  /** The symptoms, as given, that are red flags. */
  matched: z.array(z.string()),
  flags: z.array(
    z.object({ id: z.string(), label: z.string(), kind: z.enum(['emergency', 'crisis']), advice: z.string() }),
  ),
});
export type EmergencyNoticeResponse = z.infer<typeof EmergencyNoticeSchema>;

export const RecommendationsResponseSchema = z.object({
  /** Set when a symptom is a red flag; results are then empty. */
  emergency: EmergencyNoticeSchema.nullable(),
  results: z.array(MedicineRecommendationSchema).max(RECOMMENDATIONS_MAX),
  /** Said when there is nothing to show, or when some symptoms matched nothing. */
  message: z.string().optional(),
  /** Symptoms that matched no medicine in the catalogue. */
  unmatched: z.array(z.string()),
  /** Who the answer is for, in words: "a child of 5". */
  personDescription: z.string(),
  /** What the answer assumed about the person, or read from their words, and what else it was checked against. */
  assumption: z.string().optional(),
  /** Self-care advice for the complaints, shown before the products. */
  guidance: z.array(SelfCareGuidanceSchema),
  /** Products that matched but are not suitable for this person, with the reason. */
  hidden: z.array(HiddenProductSchema),
  /** "A doctor may prescribe": prescription-only medicines for the complaint, never suggested for self-treatment. */
  doctorMayPrescribe: z.array(PrescribableSchema),
});
export type RecommendationsResponse = z.infer<typeof RecommendationsResponseSchema>;

/** The legacy call (docs/product.md#compat-api): POST /compat/recommend_medicines. Extra fields are dropped. */
export const CompatRecommendRequestSchema = z.object({ symptoms: SymptomListSchema, person: PersonSchema.optional() });

export const CompatMedicineSchema = z.object({
  'Medicine Name': z.string(),
  Composition: z.string(),
  Uses: z.string(),
  Side_effects: z.string(),
  Manufacturer: z.string(),
  'Image URL': z.string().nullable(),
  /** Not in the legacy item; a newer client can show it. */
  Prescription: z.string(),
});
export type CompatMedicine = z.infer<typeof CompatMedicineSchema>;

export const CompatRecommendResponseSchema = z.object({
  recommended_medicines: z.array(CompatMedicineSchema),
  /** Set (and the list empty) when a symptom is a red flag. */
  emergency: EmergencyNoticeSchema.nullable(),
  message: z.string().optional(),
  /** Not in the legacy response: who the answer took the person to be (read from the words, or nobody assumed). */
  assumption: z.string().optional(),
});
export type CompatRecommendResponse = z.infer<typeof CompatRecommendResponseSchema>;

// ── Checking medicines together ("My medicines" and the typed-list check) ─────────────────────────────────

export const MEDICINE_NAME_MAX = 120;
export const DOSES_PER_DAY_MAX = 24;

export const MedicineNameSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(MEDICINE_NAME_MAX, `must be at most ${MEDICINE_NAME_MAX} characters`);

/**
 * One medicine someone takes: a catalogue product's name or an active ingredient ("paracetamol", or
 * "paracetamol + caffeine"). `strengthMg` is the amount of the (first) ingredient in one dose, when the name
 * does not say it; `dosesPerDay` is how many doses a day, which daily totals need.
 */
export const MedicineEntrySchema = z.strictObject({
  name: MedicineNameSchema,
  strengthMg: z
    .number({ error: 'must be a number of milligrams' })
    .positive('must be more than 0')
    .max(100_000, 'must be at most 100000')
    .optional(),
  dosesPerDay: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(DOSES_PER_DAY_MAX, `must be at most ${DOSES_PER_DAY_MAX}`)
    .optional(),
});
export type MedicineEntry = z.infer<typeof MedicineEntrySchema>;

export const MedicineCheckRequestSchema = z.strictObject({
  items: z
    .array(MedicineEntrySchema, {
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be a list of medicines'),
    })
    .min(1, 'must list at least one medicine')
    .max(MEDICINE_LIST_MAX, `must list at most ${MEDICINE_LIST_MAX} medicines`),
  person: PersonSchema.optional(),
});
export type MedicineCheckRequest = z.infer<typeof MedicineCheckRequestSchema>;

/** An entry as the check understood it: the product or ingredients it stands for. */
export const CheckedMedicineSchema = z.object({
  name: z.string(),
  /** product: a catalogue product; ingredient: read as active ingredients; unknown: neither (ask a pharmacist). */
  resolvedAs: z.enum(['product', 'ingredient', 'unknown']),
  ingredients: z.array(z.string()),
  /** Milligrams of each ingredient in one dose, where known. */
  strengthsMg: z.record(z.string(), z.number()),
  dosesPerDay: z.number().nullable(),
});
export type CheckedMedicine = z.infer<typeof CheckedMedicineSchema>;

export const FindingSeveritySchema = z.enum(['serious', 'moderate', 'minor', 'info']);
export type FindingSeverity = z.infer<typeof FindingSeveritySchema>;

export const CheckFindingSchema = z.object({
  kind: z.enum(['duplicate', 'daily_total', 'person', 'interaction', 'unknown']),
  severity: FindingSeveritySchema,
  title: z.string(),
  /** What happens, or what we found. */
  detail: z.string(),
  whatToDo: z.string(),
  /** The entries the finding is about, by name as given. */
  medicines: z.array(z.string()),
  source: z.string().nullable(),
  sourceUrl: z.string().nullable(),
});
export type CheckFinding = z.infer<typeof CheckFindingSchema>;

export const MedicineCheckResponseSchema = z.object({
  personDescription: z.string(),
  medicines: z.array(CheckedMedicineSchema),
  /** Most serious first. Empty: no problem found in our facts, which is not proof that there is none. */
  findings: z.array(CheckFindingSchema),
  /** Interacting pairs we looked for and found nothing about, as "a + b": said, not hidden. */
  note: z.string(),
});
export type MedicineCheckResponse = z.infer<typeof MedicineCheckResponseSchema>;

export const MEDICINE_CHECK_NOTE =
  'The check covers the facts we hold: duplicate ingredients, daily maximums, age and pregnancy, and the interactions in our table. No finding is not a guarantee — ask a pharmacist to review all your medicines, including herbal ones.';

/** A stored "My medicines" entry. */
export const UserMedicineSchema = CheckedMedicineSchema.extend({ id: z.string(), createdAt: z.string() });
export type UserMedicine = z.infer<typeof UserMedicineSchema>;

export const MyMedicinesResponseSchema = z.object({
  items: z.array(UserMedicineSchema),
  person: PersonSchema.nullable(),
  check: MedicineCheckResponseSchema,
});
export type MyMedicinesResponse = z.infer<typeof MyMedicinesResponseSchema>;

export const AddMyMedicineRequestSchema = MedicineEntrySchema;
export const SetMyMedicinesPersonRequestSchema = z.strictObject({ person: PersonSchema.nullable() });
export const MyMedicineIdParamsSchema = z.strictObject({ id: z.uuid('must be a medicine id') });
