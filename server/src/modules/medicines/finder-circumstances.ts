import { CONDITION_LABELS, type FinderCountry, type HealthCondition, type Person } from '@medibuddy/contracts';
import type { Circumstances } from './medicine-safety';
import type { createMedicineResolver } from './my-medicines';

/** What the finder weighs besides the complaint and the person (RecommendationsRequestSchema). */
export type FinderExtras = {
  medicines?: readonly string[] | undefined;
  conditions?: readonly HealthCondition[] | undefined;
  country?: FinderCountry | undefined;
};

type Resolve = ReturnType<typeof createMedicineResolver>;

/** The person's own medicines resolved to active ingredients, their conditions and an adult's age. */
export async function circumstancesOf(
  resolve: Resolve,
  extras: FinderExtras,
  person: Person | undefined,
): Promise<Circumstances> {
  const own = new Map<string, string[]>();
  const typed = [...new Set(extras.medicines ?? [])];
  const resolved = await Promise.all(typed.map((name) => resolve({ name })));
  // Named as the person wrote them ("warfarin", "Sinusil Tablet"), with the ingredients they were resolved to.
  resolved.forEach((m, n) => {
    for (const i of m.ingredients) own.set(i, [...new Set([...(own.get(i) ?? []), typed[n]!])]);
  });
  return {
    own,
    conditions: new Set(extras.conditions ?? []),
    ageYears: person?.kind === 'adult' ? person.ageYears : undefined,
  };
}

/** What the answer took into account besides the complaint: "Checked against what you take: warfarin." */
export function circumstanceNote(circumstances: Circumstances): string | undefined {
  // Only what was recognised: a name we could not resolve to its ingredients was not checked.
  const checked = [...new Set([...circumstances.own.values()].flat())];
  const parts = [
    checked.length > 0 ? `the medicines you take (${checked.join(', ')})` : '',
    circumstances.conditions.size > 0
      ? `your conditions (${[...circumstances.conditions].map((c) => CONDITION_LABELS[c as HealthCondition].toLowerCase()).join('; ')})`
      : '',
    circumstances.ageYears !== undefined ? `your age (${circumstances.ageYears})` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `Checked against ${parts.join(', ')}.` : undefined;
}
