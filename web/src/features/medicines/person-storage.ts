import type { Person } from '@medibuddy/contracts';
import { CHILD_AGE_MONTHS_MAX, CHILD_AGE_YEARS_MAX, PERSON_KINDS } from '@medibuddy/contracts/forms';

/**
 * Who the finder is asked about, remembered for this browser tab only (sessionStorage): it is health
 * information, so it goes when the tab closes and never into a URL.
 */
const KEY = 'medibuddy.medicines.person';

const isWhole = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/**
 * PersonSchema's rules, checked by hand: the page reads the saved person as it is taken over, before it loads zod
 * (decision 014), and a person read later would leave a moment in which medicines are asked for an adult.
 * lib/first-load-parsers.test.ts keeps it in step with PersonSchema.
 */
export function isPerson(value: unknown): value is Person {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { kind, ageYears, ageMonths, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !(PERSON_KINDS as readonly unknown[]).includes(kind)) return false;
  if (ageYears !== undefined && !isWhole(ageYears, CHILD_AGE_YEARS_MAX)) return false;
  if (ageMonths !== undefined && !isWhole(ageMonths, CHILD_AGE_MONTHS_MAX)) return false;
  if (kind !== 'child') return ageYears === undefined && ageMonths === undefined;
  // A child's age in years from 2, or in months; one of the two.
  return ageYears === undefined ? ageMonths !== undefined : ageMonths === undefined && ageYears >= 2;
}

export function loadPerson(): Person | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const saved: unknown = JSON.parse(raw);
    return isPerson(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

export function savePerson(person: Person | undefined): void {
  try {
    if (person) window.sessionStorage.setItem(KEY, JSON.stringify(person));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage can be unavailable (private mode, a full quota): the choice then lasts until the page is left.
  }
}
