import { CATALOGUE, type TestSlug } from '@medibuddy/contracts';
import { t, type MessageKey } from '../../lib/i18n';

/**
 * A test's name in the page's language, from the 'catalogue' namespace: the history's entries name their test by
 * slug; a share link by the name the server sends (the catalogue's English name), which is shown as sent when it is
 * not one of the catalogue's.
 */
export const testNameOf = (slug: TestSlug) => t(`test.${slug}.name` as MessageKey);

export function sharedTestName(name: string): string {
  const test = CATALOGUE.find((entry) => entry.name === name);
  return test ? testNameOf(test.slug) : name;
}
