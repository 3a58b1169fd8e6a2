/**
 * The judged set for the person-aware finder (judged-safety-queries.json, where its rules are written): queries
 * in patients' own words, who they are for, and the active ingredients a pharmacist would accept for that person.
 * `unsafeIngredientsFor` is the judge's own list of what must never reach the top 5 for a person, written from
 * the pharmacist's point of view and independently of the medicine facts the finder uses, so the count is not the
 * finder checking itself.
 *
 * HELD_OUT was written first, before the finder was changed, and is never looked at while tuning: its figure is
 * reported separately. TUNING is the part the finder may be adjusted against.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const JudgedPersonSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('adult') }),
  z.strictObject({
    kind: z.literal('child'),
    ageYears: z.number().int().positive().optional(),
    ageMonths: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({ kind: z.literal('pregnant') }),
  z.strictObject({ kind: z.literal('breastfeeding') }),
]);
export type JudgedPerson = z.infer<typeof JudgedPersonSchema>;

const JudgedSafetyQuerySchema = z.strictObject({
  symptoms: z.array(z.string().min(1)).min(1),
  person: JudgedPersonSchema.optional(),
  acceptable: z.array(z.string().min(1)),
  noProducts: z.boolean().optional(),
  mayBeEmpty: z.boolean().optional(),
});
export type JudgedSafetyQuery = z.infer<typeof JudgedSafetyQuerySchema>;

const judged = z
  .strictObject({
    about: z.array(z.string()),
    heldOut: z.array(JudgedSafetyQuerySchema).min(1),
    tuning: z.array(JudgedSafetyQuerySchema).min(1),
  })
  .parse(
    JSON.parse(readFileSync(new URL('../../../sets/medicines/judged-safety-queries.json', import.meta.url), 'utf8')),
  );

export const HELD_OUT: JudgedSafetyQuery[] = judged.heldOut;
export const TUNING: JudgedSafetyQuery[] = judged.tuning;

/**
 * Ingredients a pharmacist would not hand this person without a doctor, whatever the complaint: the judge's
 * list (from the NHS medicines pages' "who can and cannot take it"), kept apart from the medicine facts the
 * finder reads so that the unsafe count is not the finder agreeing with itself.
 */
export function unsafeIngredientsFor(person: JudgedPerson | undefined): Set<string> {
  if (!person || person.kind === 'adult') return new Set();
  if (person.kind === 'pregnant') {
    return new Set([
      'ibuprofen',
      'naproxen',
      'aspirin',
      'diclofenac',
      'ketoprofen',
      'mefenamic acid',
      'flurbiprofen',
      'codeine',
      'pseudoephedrine',
      'phenylephrine',
      'mebendazole',
      'fluconazole',
      'isotretinoin',
      'bismuth subsalicylate',
      'doxycycline',
      'loperamide',
      'warfarin',
    ]);
  }
  if (person.kind === 'breastfeeding')
    return new Set(['aspirin', 'pseudoephedrine', 'codeine', 'bismuth subsalicylate']);
  const months = person.ageMonths ?? (person.ageYears ?? 0) * 12;
  const out = new Set([
    'aspirin',
    'bismuth subsalicylate',
    'choline salicylate',
    'codeine',
    'dihydrocodeine',
    'warfarin',
  ]);
  const under = (years: number, names: string[]) => {
    if (months < years * 12) for (const n of names) out.add(n);
  };
  under(18, ['omeprazole', 'esomeprazole', 'lansoprazole', 'pantoprazole']);
  under(12, [
    'loperamide',
    'pholcodine',
    'xylometazoline',
    'oxymetazoline',
    'doxylamine',
    'diphenhydramine',
    'naproxen',
  ]);
  under(10, ['hydrocortisone']);
  under(6, ['pseudoephedrine', 'phenylephrine', 'dextromethorphan', 'guaifenesin', 'promethazine']);
  under(2, ['cetirizine', 'loratadine', 'mebendazole']);
  if (months < 3) out.add('ibuprofen');
  if (months < 2) out.add('paracetamol');
  return out;
}
