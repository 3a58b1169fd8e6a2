import type { FinderCountry, HealthCondition, Person } from '@medibuddy/contracts';
import {
  ADULT_AGE_YEARS_MAX,
  CHILD_AGE_MONTHS_MAX,
  CHILD_AGE_YEARS_MAX,
  FINDER_COUNTRIES,
  HEALTH_CONDITIONS,
  PERSON_KINDS,
} from '@medibuddy/contracts/forms';

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
  if (ageYears !== undefined && !isWhole(ageYears, ADULT_AGE_YEARS_MAX)) return false;
  if (ageMonths !== undefined && !isWhole(ageMonths, CHILD_AGE_MONTHS_MAX)) return false;
  // An adult's age is optional and from 16; pregnant and breastfeeding people carry none.
  if (kind === 'adult') return ageMonths === undefined && (ageYears === undefined || ageYears > CHILD_AGE_YEARS_MAX);
  if (kind !== 'child') return ageYears === undefined && ageMonths === undefined;
  if (ageYears !== undefined && ageYears > CHILD_AGE_YEARS_MAX) return false;
  // A child's age in years from 2, or in months; one of the two.
  return ageYears === undefined ? ageMonths !== undefined : ageMonths === undefined && ageYears >= 2;
}

function load<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return undefined;
    const saved: unknown = JSON.parse(raw);
    return isValid(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

function save(key: string, value: unknown): void {
  try {
    if (value === undefined) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be unavailable (private mode, a full quota): the choice then lasts until the page is left.
  }
}

export const loadPerson = (): Person | undefined => load(KEY, isPerson);
export const savePerson = (person: Person | undefined): void => save(KEY, person);

/** The person's long-term conditions and the country whose sale rules the cards follow: both optional. */
export type FinderContext = { conditions: HealthCondition[]; country?: FinderCountry };

export const EMPTY_CONTEXT: FinderContext = { conditions: [] };

const CONTEXT_KEY = 'medibuddy.medicines.context';

/** Checked by hand for the same reason as isPerson: it is read as the page is taken over. */
export function isFinderContext(value: unknown): value is FinderContext {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { conditions, country, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !Array.isArray(conditions)) return false;
  if (!conditions.every((c) => (HEALTH_CONDITIONS as readonly unknown[]).includes(c))) return false;
  if (new Set(conditions).size !== conditions.length) return false;
  return country === undefined || (FINDER_COUNTRIES as readonly unknown[]).includes(country);
}

export const loadFinderContext = (): FinderContext => load(CONTEXT_KEY, isFinderContext) ?? EMPTY_CONTEXT;
export const saveFinderContext = (context: FinderContext): void =>
  save(CONTEXT_KEY, context.conditions.length === 0 && !context.country ? undefined : context);
