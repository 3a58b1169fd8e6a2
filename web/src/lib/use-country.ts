import { countryFromLocales } from '@medibuddy/contracts/helplines';
import { useCallback, useSyncExternalStore } from 'react';

/** The user's own choice of country for helplines, kept in this browser only. */
const STORAGE_KEY = 'medibuddy.country';
const CHANGED = 'medibuddy:country-changed';

function storedCountry(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The country chosen in Settings, else the one the browser's languages name ("en-IN" → IN), else null. */
function currentCountry(): string | null {
  return storedCountry() ?? countryFromLocales(navigator.languages ?? [navigator.language]);
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  window.addEventListener('languagechange', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
    window.removeEventListener('languagechange', onChange);
  };
}

/**
 * The country whose helplines to show and send with chat messages, and a setter for the user's choice (null
 * goes back to the browser's). Null in the build's prerendered HTML, which shows the local emergency number.
 */
export function useCountry(): [string | null, (country: string | null) => void] {
  const country = useSyncExternalStore(subscribe, currentCountry, () => null);
  const setCountry = useCallback((next: string | null) => {
    try {
      if (next) window.localStorage.setItem(STORAGE_KEY, next);
      else window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Storage can be off (private browsing): the choice then lasts until the page is left.
    }
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [country, setCountry];
}
