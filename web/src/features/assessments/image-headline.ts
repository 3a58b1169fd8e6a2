import type { ImageResult } from '@medibuddy/contracts';

/**
 * What an image result says first: the skin test's 7-point checklist step when it reached its threshold, else the
 * picture's own triage (a checklist below its threshold never replaces the picture's flag). Null for a result saved
 * before triage existed.
 */
export function leadingHeadline(result: ImageResult): string | null {
  if (result.checklist?.level === 'refer') return result.checklist.headline;
  return result.triage?.headline ?? null;
}
