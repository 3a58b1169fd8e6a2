import type * as RedFlagModule from '@medibuddy/contracts/red-flags';
import { useEffect, useState } from 'react';
import { importOnce } from '../../lib/import-once';

/** The red-flag check: the flags' data and the function that finds them in the symptoms (no zod). */
export type RedFlagCheck = typeof RedFlagModule;

/**
 * The red-flag check, fetched the first time the symptoms part of the page is used rather than with the page
 * (about 14 KB compressed, most of it the flags' patterns; decision 014). Every caller shares one import; a failed
 * one (offline) is tried again by the next caller.
 */
const redFlagCheck = importOnce(() => import('@medibuddy/contracts/red-flags'));

export function loadRedFlagCheck(): Promise<RedFlagCheck> {
  return redFlagCheck.load();
}

/** Starts fetching the check without waiting for it: the symptoms part's first focus, before a symptom is added. */
export function preloadRedFlagCheck(): void {
  loadRedFlagCheck().catch(() => {
    // useRedFlagCheck tries again when the list changes.
  });
}

/**
 * The red-flag check once it is here, null before. It is asked for as soon as `isNeeded` (a symptom is on the list;
 * the first focus has usually fetched it already), and asked again at each change of `retryKey` after a failure.
 */
export function useRedFlagCheck(isNeeded: boolean, retryKey: unknown): RedFlagCheck | null {
  const [check, setCheck] = useState<RedFlagCheck | null>(() => redFlagCheck.loaded ?? null);
  useEffect(() => {
    if (check || !isNeeded) return;
    loadRedFlagCheck().then(setCheck, () => {
      // Offline: tried again at the next change; the server's answer carries the notice too.
    });
  }, [check, isNeeded, retryKey]);
  return check;
}
