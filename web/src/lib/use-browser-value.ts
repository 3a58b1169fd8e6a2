import { useSyncExternalStore } from 'react';

/**
 * Values only the browser knows (a media query, the page's origin), read so that a prerendered page hydrates
 * without a mismatch: while React takes over the build's HTML it uses `serverValue`, the value the build rendered,
 * then renders again with the browser's. A page rendered in the browser alone gets the browser's value at once.
 */
function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? serverValue,
    () => serverValue,
  );
}

/** The visitor asked the system for less motion. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

const never = () => () => {};

/** This site's origin (https://host), or '' in the build's prerendered HTML. */
export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}

/**
 * True while React takes over prerendered HTML (and in the build's own render), false otherwise. A part of the page
 * is taken over later than the rest (each Suspense boundary on its own), possibly after data has arrived, so what
 * data changes (the session) is rendered as the build rendered it until then.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}
