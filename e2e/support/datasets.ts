import { test } from '@playwright/test';

/** CI sets CI (to anything but "false" or "0"). */
export const isCi = (env: NodeJS.ProcessEnv = process.env): boolean => !!env.CI && !/^(false|0)$/i.test(env.CI);

/**
 * Whether a data set kept outside the repository, which a spec needs, is here. Where it is missing, CI gets one
 * failing test that names the file and what to set, since a check that silently skips proves nothing; elsewhere
 * (a fresh clone) the caller skips, and the reason is printed.
 */
export function hasDataset(
  what: string,
  file: string,
  isPresent: boolean,
  hint = 'set ML_DATA_DIR to the datasets folder',
): boolean {
  if (isPresent) return true;
  const reason = `${file} not found (${hint})`;
  if (isCi()) {
    test(`${what}: its data set is here (CI never skips it)`, () => {
      throw new Error(`${what} needs its data set in CI: ${reason}.`);
    });
  } else {
    // Printed on purpose: a skipped check must say why.
    console.log(`Skipped ${what}: ${reason}.`);
  }
  return false;
}
