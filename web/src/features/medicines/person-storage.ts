import { PersonSchema, type Person } from '@medibuddy/contracts';

/**
 * Who the finder is asked about, remembered for this browser tab only (sessionStorage): it is health
 * information, so it goes when the tab closes and never into a URL.
 */
const KEY = 'medibuddy.medicines.person';

export function loadPerson(): Person | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const parsed = PersonSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
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
