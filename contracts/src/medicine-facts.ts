import { z } from 'zod';
import { HEALTH_CONDITIONS } from './forms/medicines';

/**
 * Medicine facts, per active ingredient: the schema of the data in server/src/content/medicines/. Every fact
 * names the id of a source declared in one of those files; a value the sources do not state plainly is null
 * (the app then says "ask a pharmacist"), never a guess.
 *
 * Ingredient ids are the names `normaliseIngredient` (server/src/modules/medicines/ingredients.ts) gives:
 * lower case, British/INN spelling ("paracetamol", "chlorphenamine", "colecalciferol"). Complaint ids are the
 * labels of the symptom vocabulary (server/src/content/symptom-vocabulary.json) in lower case
 * ("fever", "burning when urinating", "sleeplessness").
 */

const ID = /^[a-z0-9][a-z0-9 .,'-]*$/;
const lowerId = (what: string) => z.string().regex(ID, `must be a lower-case ${what}`);

export const MedicineSourceSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a lower-case slug'),
  title: z.string().min(3),
  url: z.url(),
  publisher: z.string().min(2),
});
export type MedicineSource = z.infer<typeof MedicineSourceSchema>;

/** A sentence in plain words and the id of the source that states it. */
export const CitedFactSchema = z.strictObject({ text: z.string().min(8), source: z.string().min(1) });
export type CitedFact = z.infer<typeof CitedFactSchema>;

/** How a product is taken; an ingredient's legal status and doses can differ by route (diclofenac gel vs tablets). */
export const MedicineRouteSchema = z.enum([
  'oral',
  'topical',
  'rectal',
  'inhaled',
  'injection',
  'eye',
  'ear',
  'nasal',
  'vaginal',
]);
export type MedicineRoute = z.infer<typeof MedicineRouteSchema>;

export const DoseUnitSchema = z.enum([
  'mg',
  'mcg',
  'g',
  'ml',
  'IU',
  'sachet',
  'drop',
  'spray',
  'application',
  'puff',
  'tablet',
  'lozenge',
  'patch',
]);
export type DoseUnit = z.infer<typeof DoseUnitSchema>;

/**
 * Who may buy it, by the UK's classes (the catalogue is Indian brands; India's schedules are not published as open
 * data, so the UK rule as stated by the NHS and the BNF is followed): 'otc' = general sale (GSL), 'pharmacy' = sold by a
 * pharmacist without prescription (P), 'prescription' = prescription only (POM). `routes`: where the status holds only
 * for some forms (hydrocortisone 1% cream is 'pharmacy', its tablets need a prescription), the forms it holds for;
 * every other form is prescription-only. null: all forms. `jurisdiction` 'US' only for an ingredient the UK does not
 * sell, where the US rule (FDA OTC monograph or prescription label) is stated instead.
 */
export const LegalStatusSchema = z.strictObject({
  status: z.enum(['otc', 'pharmacy', 'prescription']),
  jurisdiction: z.enum(['UK', 'US']),
  routes: z.array(MedicineRouteSchema).min(1).nullable(),
  note: z.string().nullable(),
  source: z.string().min(1),
});
export type LegalStatus = z.infer<typeof LegalStatusSchema>;

/** One dose rule. Numbers are in `unit`; null where the source gives no plain figure. */
export const DoseSchema = z.strictObject({
  route: MedicineRouteSchema,
  /** The dose as a person reads it, e.g. "500 mg to 1 g every 4 to 6 hours; at most 4 g in 24 hours". */
  text: z.string().min(8),
  unit: DoseUnitSchema,
  usualPerDoseMin: z.number().positive().nullable(),
  usualPerDoseMax: z.number().positive().nullable(),
  maxPerDose: z.number().positive().nullable(),
  maxPerDay: z.number().positive().nullable(),
  /** The shortest time between doses, in hours. */
  minIntervalHours: z.number().positive().nullable(),
  /** For children dosed by weight: amount of `unit` per kg per dose (the age band's figures are then the caps). */
  perKgPerDose: z.number().positive().nullable(),
  source: z.string().min(1),
});
export type Dose = z.infer<typeof DoseSchema>;

/** A child's dose for ages from `fromMonths` (inclusive) to `toMonths` (exclusive; null = up to adulthood at 16). */
export const ChildDoseSchema = DoseSchema.extend({
  fromMonths: z.number().int().min(0),
  toMonths: z.number().int().positive().nullable(),
});
export type ChildDose = z.infer<typeof ChildDoseSchema>;

/** Whether a child's dose band is the one for a child of `ageMonths` (from inclusive, to exclusive). */
export function isDoseForAge(dose: Pick<ChildDose, 'fromMonths' | 'toMonths'>, ageMonths: number): boolean {
  return dose.fromMonths <= ageMonths && (dose.toMonths === null || ageMonths < dose.toMonths);
}

/**
 * A safety statement with a level the code can act on: 'avoid' = do not take it (the finder hides it),
 * 'caution' = only with advice or care (shown at the top of the card), 'ok' = generally considered fine by the source.
 */
export const SafetyNoteSchema = CitedFactSchema.extend({ level: z.enum(['avoid', 'caution', 'ok']) });
export type SafetyNote = z.infer<typeof SafetyNoteSchema>;

export const IngredientFactsSchema = z.strictObject({
  id: lowerId('ingredient name'),
  /** Other names on labels (acetaminophen, salts, older spellings), lower case; brand names are left out. */
  synonyms: z.array(lowerId('name')),
  /** What kind of medicine, in plain words ("painkiller and fever reducer"). */
  class: z.string().min(3),
  /** Groups used by the interaction table (e.g. "nsaid", "ssri", "maoi", "statin", "opioid", "benzodiazepine"). */
  groups: z.array(z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case slug')),
  legal: LegalStatusSchema,
  adultDoses: z.array(DoseSchema),
  childDoses: z.array(ChildDoseSchema),
  /** Youngest age it may be given at without a doctor's advice, in months (aspirin: 192, i.e. 16 years). */
  minAge: CitedFactSchema.extend({ months: z.number().int().min(0) }).nullable(),
  pregnancy: SafetyNoteSchema.nullable(),
  breastfeeding: SafetyNoteSchema.nullable(),
  alcohol: SafetyNoteSchema.nullable(),
  kidney: SafetyNoteSchema.nullable(),
  liver: SafetyNoteSchema.nullable(),
  /**
   * Other important warnings (overdose, one product at a time, who must not take it). `onCard`: said on the card of
   * every product that holds it, whoever it is for (a drowsy antihistamine causes drowsiness).
   */
  warnings: z.array(CitedFactSchema.extend({ onCard: z.literal(true).optional() })),
  /** What an adult who took more than the dose should do, where the source says (paracetamol: 1 or 2 extra tablets). */
  tooMuch: CitedFactSchema.optional(),
  /** Complaints it is a recognised self-care (or, if prescription, medical) treatment for. */
  treats: z.array(lowerId('complaint')),
  /** Sources of the `treats` list and class. */
  source: z.string().min(1),
});
export type IngredientFacts = z.infer<typeof IngredientFactsSchema>;

/** `a`/`b`: an ingredient id, a group as "group:nsaid", or "alcohol". */
export const InteractionSchema = z.strictObject({
  a: z.string().min(2),
  b: z.string().min(2),
  severity: z.enum(['contraindicated', 'major', 'moderate', 'minor']),
  /** What happens, in plain words. */
  effect: z.string().min(10),
  /** What to do. */
  advice: z.string().min(10),
  source: z.string().min(1),
});
export type Interaction = z.infer<typeof InteractionSchema>;

/** Two ingredients the sources list no interaction for and that are commonly taken together: a test fixture. */
export const SafePairSchema = z.strictObject({
  a: z.string().min(2),
  b: z.string().min(2),
  note: z.string().min(5),
  source: z.string().min(1),
  /** Where the rule for children differs from `note` (which may be about adults only), said with it every time. */
  children: CitedFactSchema.optional(),
});
export type SafePair = z.infer<typeof SafePairSchema>;

/** Who a rule is about: all fields given must match (ages in months; pregnant/breastfeeding by kind). */
export const PersonRuleSchema = z.strictObject({
  kinds: z
    .array(z.enum(['adult', 'child', 'pregnant', 'breastfeeding']))
    .min(1)
    .nullable(),
  minAgeMonths: z.number().int().min(0).nullable(),
  /** Exclusive. */
  maxAgeMonths: z.number().int().positive().nullable(),
});
export type PersonRule = z.infer<typeof PersonRuleSchema>;

export const SelfCareGuideSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'must be a lower-case slug'),
  title: z.string().min(3),
  /**
   * Complaint ids (symptom-vocabulary labels, lower case) this guide answers; none for a guide answered by the
   * person's words alone (`patientWords`: "dengue", "won't make me drowsy"), which adds to the complaint's own guide.
   */
  complaints: z.array(lowerId('complaint')),
  /** Other ways patients say it, lower case. */
  patientWords: z.array(z.string().min(2)),
  /** Who the guide is written for; null = anyone (fever in a child and in an adult are two guides). */
  appliesTo: PersonRuleSchema.nullable(),
  /** false: the complaint needs a doctor, and no products are shown at all. */
  selfTreatable: z.boolean(),
  /** People for whom self-treatment is not appropriate even when `selfTreatable` (a baby under 3 months with a fever). */
  notSelfTreatableFor: z.array(PersonRuleSchema.extend({ reason: z.string().min(10), source: z.string().min(1) })),
  whatToDo: z.array(CitedFactSchema).min(1),
  seeDoctorWhen: z.array(CitedFactSchema).min(1),
  /** Signs that need urgent or emergency care; one with `appliesTo` is shown only to those people, first. */
  redFlags: z.array(CitedFactSchema.extend({ appliesTo: PersonRuleSchema.optional() })).min(1),
  /** Ingredient ids a pharmacist would usually suggest for this complaint. */
  recommendedIngredients: z.array(lowerId('ingredient name')),
  avoid: z.array(
    PersonRuleSchema.extend({
      ingredient: lowerId('ingredient name'),
      reason: z.string().min(10),
      source: z.string().min(1),
    }),
  ),
  /**
   * Which products fit this complaint: an ingredient listed here counts only in these forms and up to this strength
   * (salicylic acid for acne is a 0.5-2 % wash, not an 11-50 % wart paint). Ingredients not listed are judged by their
   * facts alone.
   */
  productRules: z
    .array(
      z.strictObject({
        ingredient: lowerId('ingredient name'),
        forms: z
          .array(z.enum(['oral', 'topical', 'rectal', 'inhaled', 'injection']))
          .min(1)
          .optional(),
        maxStrengthPercent: z.number().positive().max(100).optional(),
        /** Why, in plain words, said when a product is left out for it. */
        reason: z.string().min(10),
        source: z.string().min(1),
      }),
    )
    .optional(),
});
export type SelfCareGuide = z.infer<typeof SelfCareGuideSchema>;

/**
 * A rule of who should not be offered, or should be warned about, an ingredient or a group ("group:nsaid") because
 * of a long-term condition or their age: NSAIDs by mouth with kidney disease, decongestants with high blood pressure,
 * oral NSAIDs from 65. `forms` limits it to some routes (a gel is not a tablet); hide leaves the product out with
 * the reason, caution shows it with the reason to read first.
 */
export const PersonRuleFactSchema = z
  .strictObject({
    condition: z.enum(HEALTH_CONDITIONS).optional(),
    fromAgeYears: z.number().int().min(16).optional(),
    ingredients: z.array(z.string().min(2)).min(1),
    forms: z
      .array(z.enum(['oral', 'topical', 'rectal', 'inhaled', 'injection']))
      .min(1)
      .optional(),
    action: z.enum(['hide', 'caution']),
    reason: z.string().min(20),
    /** What to use instead, when the source says. */
    instead: z.string().min(10).optional(),
    source: z.string().min(1),
  })
  .refine((r) => (r.condition === undefined) !== (r.fromAgeYears === undefined), {
    message: 'a rule is about a condition or an age, one of the two',
  });
export type PersonRuleFact = z.infer<typeof PersonRuleFactSchema>;

/** One data file: the sources it declares (ids unique across files) and any of the three kinds of facts. */
export const MedicineFactsFileSchema = z.strictObject({
  sources: z.array(MedicineSourceSchema),
  ingredients: z.array(IngredientFactsSchema).optional(),
  interactions: z.array(InteractionSchema).optional(),
  safePairs: z.array(SafePairSchema).optional(),
  guides: z.array(SelfCareGuideSchema).optional(),
  personRules: z.array(PersonRuleFactSchema).optional(),
});
export type MedicineFactsFile = z.infer<typeof MedicineFactsFileSchema>;
