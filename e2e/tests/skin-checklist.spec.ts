import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { hasDataset } from '../support/datasets';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { consentToHealthData, FLAGGED_MELANOMA, REPO_ROOT, screenshotsNamed } from '../support/images';

const hasMelanoma = hasDataset('the melanoma test picture', FLAGGED_MELANOMA, existsSync(FLAGGED_MELANOMA));

/** The picture's own flag, in the words the served triage data gives it (so new wording needs no change here). */
const pictureFlag = (): string =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'server', 'src', 'content', 'image-triage.json'), 'utf8')).models.skin
    .levels.refer.headline;

const shoot = screenshotsNamed('skin-checklist');

/** Answers one question of the checklist by its label, with the keyboard-reachable radio button. */
async function answer(page: Page, question: RegExp, choice: 'Yes' | 'No' | 'Not sure') {
  await page.getByRole('group', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
}

test.describe('the 7-point checklist beside the skin picture', () => {
  test.beforeEach(() => {
    test.skip(!hasMelanoma, `the skin test pictures are not at ${FLAGGED_MELANOMA} (set ML_DATA_DIR)`);
  });

  test('a score of 3 or more leads with "See a GP within 2 weeks", the score and the answers that counted', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await consentToHealthData(page);
    await gotoHydrated(page, '/skin-disease');
    const form = page.getByRole('group', { name: 'About the spot: seven questions (optional)' });
    await expect(form.getByRole('radio')).toHaveCount(21);
    await page.getByLabel('Upload Image').setInputFiles(FLAGGED_MELANOMA);
    await answer(page, /changed in size/, 'Yes');
    await answer(page, /more than one colour/, 'Yes');
    await answer(page, /uneven shape/, 'No');
    await answer(page, /oozing/, 'Not sure');
    await page.getByRole('button', { name: 'Predict' }).click();
    await expect(page.getByRole('region', { name: 'Prediction Result' })).toContainText('See a GP within 2 weeks');
    await expect(page).toHaveURL(/\/skin-disease-results\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See a GP within 2 weeks');
    const checklist = page.getByTestId('skin-checklist');
    await expect(checklist).toHaveAttribute('data-level', 'refer');
    await expect(checklist).toContainText('Score 4 of 10 (the threshold is 3)');
    await expect(checklist).toContainText('Has the spot changed in size (grown)? Yes: 2 points');
    await expect(checklist).toContainText('suspected cancer pathway referral');
    await expect(checklist).toContainText('“Not sure” is not counted');
    await expect(page.getByText(/not a diagnosis/i).first()).toBeVisible();
    await shoot(page, 'score-4');

    // Read again (history): the same answers and headline.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See a GP within 2 weeks');
    await expect(page.getByTestId('skin-checklist')).toContainText('Score 4 of 10');
  });

  test('"No" to every question keeps the picture’s own flag first', async ({ page, signedIn }) => {
    void signedIn;
    await consentToHealthData(page);
    await gotoHydrated(page, '/skin-disease');
    await page.getByLabel('Upload Image').setInputFiles(FLAGGED_MELANOMA);
    const questions = page
      .getByRole('group', { name: 'About the spot: seven questions (optional)' })
      .getByRole('group');
    await expect(questions).toHaveCount(7);
    for (const question of await questions.all())
      await question.getByRole('radio', { name: 'No', exact: true }).check();
    await shoot(page, 'questions');
    await page.getByRole('button', { name: 'Predict' }).click();
    await expect(page).toHaveURL(/\/skin-disease-results\/[0-9a-f-]{36}$/);
    const flag = pictureFlag();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(flag);
    const triage = page.getByTestId('image-triage');
    await expect(triage).toHaveAttribute('data-level', 'refer');
    await expect(triage).toContainText(flag);
    const checklist = page.getByTestId('skin-checklist');
    await expect(checklist).toHaveAttribute('data-level', 'below');
    await expect(checklist).toContainText('Score 0 of 10');
    await expect(checklist).toContainText('None: only “Yes” answers add points.');
    await shoot(page, 'all-no-flagged');
  });
});
