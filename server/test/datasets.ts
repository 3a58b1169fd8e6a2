import { describe, it } from 'vitest';

/** Where a data set kept outside the repository should be, and whether it is there. */
export type DatasetLookup = { file: string; isPresent: boolean };

/** CI sets CI (to anything but "false" or "0"). */
export const isCi = (env: NodeJS.ProcessEnv = process.env): boolean => !!env.CI && !/^(false|0)$/i.test(env.CI);

/**
 * Whether the data set a test set needs is here. Where it is missing, CI gets one failing test that names the file
 * and what to set, since a quality bar that silently skips proves nothing; elsewhere (a fresh clone) the caller
 * skips the set and the reason is printed.
 */
export function hasDataset(testSet: string, { file, isPresent }: DatasetLookup, hint: string): boolean {
  if (isPresent) return true;
  const reason = `${file} not found (${hint})`;
  if (isCi()) {
    describe(testSet, () => {
      it('has its data set (CI never skips it)', () => {
        throw new Error(`${testSet} needs its data set in CI: ${reason}.`);
      });
    });
  } else {
    // Printed on purpose: a skipped quality check must say why.
    console.log(`Skipped ${testSet}: ${reason}.`);
  }
  return false;
}
