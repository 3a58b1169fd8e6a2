import type { MedicineEntry } from '@medibuddy/contracts';
import { MEDICINE_LIST_MAX } from '@medibuddy/contracts/forms';
import { useSession } from '../../lib/session';
import { useMyMedicines } from './api/my-medicines';

/** The finder takes shorter names than a list entry (RecommendationsRequestSchema's medicines). */
const FINDER_NAME_MAX = 80;

/** The names as the finder takes them: trimmed, each once (whatever its case), at most MEDICINE_LIST_MAX. */
export function namesForFinder(names: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, ' ').slice(0, FINDER_NAME_MAX).trim();
    if (name.length < 2 || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    kept.push(name);
  }
  return kept.slice(0, MEDICINE_LIST_MAX);
}

export type TakenMedicines = {
  /** What the finder is sent: the list the person sees under "My medicines" or "Check medicines together". */
  names: string[];
  /** A signed-in person's list could not be loaded: the finder cannot check against it. */
  hasFailed: boolean;
};

/**
 * The medicines the person takes, for the finder: a signed-in person's "My medicines" (the same query the
 * panel shows, so both read one cache), a visitor's typed list otherwise.
 */
export function useTakenMedicines(typedEntries: MedicineEntry[]): TakenMedicines {
  const { user, isPending } = useSession();
  const mine = useMyMedicines(user !== null);
  if (isPending) return { names: [], hasFailed: false };
  if (!user) return { names: namesForFinder(typedEntries.map((e) => e.name)), hasFailed: false };
  return {
    names: namesForFinder((mine.data?.items ?? []).map((item) => item.name)),
    hasFailed: mine.data === undefined && mine.error !== null,
  };
}
