import { z } from 'zod';

/**
 * Medicines by symptom: information only. Red-flag symptoms get an emergency notice instead of medicines
 * (see red-flags.ts); nothing the user types is stored.
 */

export const SYMPTOM_MIN = 2;
export const SYMPTOM_MAX = 60;
export const SYMPTOMS_MAX = 10;
export const RECOMMENDATIONS_MAX = 10;

export const NO_MEDICINES_MESSAGE =
  'We found no medicine in our catalogue for these symptoms. A pharmacist can advise you.';

export const MEDICINES_DISCLAIMER =
  'Information only — not medical advice. Ask a pharmacist or doctor before taking any medicine, especially if you are pregnant, breastfeeding, take other medicines or have a long-term condition.';

export const MEDICINES_SOURCES_NOTE =
  'Sources: our starter catalogue of common generic medicines, written from NHS Medicines A to Z, MedlinePlus drug information and the WHO Model List of Essential Medicines; imported products from Medicine_Details.csv (Kaggle "11000 Medicine details", scraped from the Indian pharmacy 1mg; licence not established), shown as published there.';

export const SymptomSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(SYMPTOM_MIN, `must be at least ${SYMPTOM_MIN} characters`)
  .max(SYMPTOM_MAX, `must be at most ${SYMPTOM_MAX} characters`);

const SymptomListSchema = z
  .array(SymptomSchema, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a list of symptoms') })
  .min(1, 'must list at least one symptom')
  .max(SYMPTOMS_MAX, `must list at most ${SYMPTOMS_MAX} symptoms`);

export const RecommendationsRequestSchema = z.strictObject({ symptoms: SymptomListSchema });
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

/**
 * otc: sold without a prescription in many countries; prescription: needs one in many countries;
 * unknown: an imported product whose status we could not establish — ask a pharmacist.
 */
export const PrescriptionStatusSchema = z.enum(['otc', 'prescription', 'unknown']);
export type PrescriptionStatus = z.infer<typeof PrescriptionStatusSchema>;

export const PRESCRIPTION_LABELS: Record<PrescriptionStatus, string> = {
  otc: 'Over the counter',
  prescription: 'Prescription only — ask a doctor',
  unknown: 'Prescription status unknown — ask a pharmacist',
};

export const SymptomMatchSchema = z.object({
  /** The symptom as the user gave it. */
  symptom: z.string(),
  /** The medicine's use it matched, as the catalogue words it. */
  use: z.string(),
});
export type SymptomMatch = z.infer<typeof SymptomMatchSchema>;

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
});
export type RecommendationsResponse = z.infer<typeof RecommendationsResponseSchema>;

/** The spec's legacy call (SPEC.md section 7): POST /compat/recommend_medicines. Extra fields are dropped. */
export const CompatRecommendRequestSchema = z.object({ symptoms: SymptomListSchema });

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
});
export type CompatRecommendResponse = z.infer<typeof CompatRecommendResponseSchema>;
