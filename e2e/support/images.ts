import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONSENT_VERSION, expect } from './fixtures';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * The image datasets (never in the repository): ML_DATA_DIR/images, else images/ in the shared data sets folder (see
 * README), as ml/ reads them.
 */
export const IMAGE_DATASETS = path.join(
  process.env.ML_DATA_DIR
    ? path.resolve(REPO_ROOT, process.env.ML_DATA_DIR)
    : path.resolve(REPO_ROOT, '../shared/datasets'),
  'images',
);

/**
 * A melanoma from the skin set's official test split that the served model flags by itself: with
 * skin-inception-84f4751369 its melanoma score is 0.70 (its own threshold 0.10; refer score 0.72 against 0.28), one of
 * the 7 of 16 test melanomas the model flags (docs/image-models.md). Another model may not flag it: then a test that
 * needs the picture's flag fails on that flag, and a picture the new model flags should take its place.
 */
export const FLAGGED_MELANOMA = path.join(IMAGE_DATASETS, 'skin', 'test', 'melanoma', 'ISIC_0000031.jpg');

const SCREENSHOTS = path.join(
  process.env.E2E_RESULTS_DIR ? path.resolve(process.env.E2E_RESULTS_DIR) : path.join(REPO_ROOT, 'test-results'),
  'screenshots',
);

/** A full-page screenshot named `<prefix>-<name>.png` in the results' screenshots folder, for review. */
export function screenshotsNamed(prefix: string) {
  return async (page: Page, name: string) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${prefix}-${name}.png`), fullPage: true });
  };
}

/** Consent to store health data, where this build asks for it (the health-record feature), as the first test's prompt would. */
export async function consentToHealthData(page: Page) {
  const res = await page.request.post('/api/health-record/consent', { data: { version: CONSENT_VERSION } });
  expect([200, 404]).toContain(res.status());
}
