import { existsSync } from 'node:fs';
import { hasDataset } from '../support/datasets';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { consentToHealthData, FLAGGED_MELANOMA, screenshotsNamed } from '../support/images';

const hasMelanoma = hasDataset('the melanoma test picture', FLAGGED_MELANOMA, existsSync(FLAGGED_MELANOMA));

const shoot = screenshotsNamed('imaging-triage');

test.describe('image triage', () => {
  test('a drawn orange disc is refused by the diabetic-retinopathy test, not read as a retina', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await consentToHealthData(page);
    await gotoHydrated(page, '/diabetic-retinopathy');
    const disc = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="100%" height="100%" fill="#000"/><circle cx="200" cy="200" r="180" fill="#e07020"/></svg>',
    );
    // A PNG drawn by the browser itself, so the test needs no image library.
    const png = await page.evaluate(async (svg) => {
      const img = new Image();
      img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 400;
      canvas.height = 400;
      canvas.getContext('2d')?.drawImage(img, 0, 0);
      return canvas.toDataURL('image/png').split(',')[1] as string;
    }, disc.toString());
    await page
      .getByLabel('Upload Image')
      .setInputFiles({ name: 'disc.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await page.getByRole('button', { name: 'Predict' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The test did not run' });
    await expect(refusal).toContainText('This test needs a colour photograph of the retina');
    await expect(refusal).toContainText('does not look like one');
    await expect(page).toHaveURL(/\/diabetic-retinopathy$/);
    await shoot(page, 'disc-refused');
  });

  test('a melanoma test picture: "See a dermatologist within 2 weeks" first, with its next step', async ({
    page,
    signedIn,
  }) => {
    test.skip(!hasMelanoma, `the skin test pictures are not at ${FLAGGED_MELANOMA} (set ML_DATA_DIR)`);
    void signedIn;
    await consentToHealthData(page);
    await gotoHydrated(page, '/skin-disease');
    await page.getByLabel('Upload Image').setInputFiles(FLAGGED_MELANOMA);
    await page.getByRole('button', { name: 'Predict' }).click();
    await expect(page.getByRole('region', { name: 'Prediction Result' })).toContainText(
      'See a dermatologist within 2 weeks',
    );
    await expect(page).toHaveURL(/\/skin-disease-results\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See a dermatologist within 2 weeks');
    const triage = page.getByTestId('image-triage');
    await expect(triage).toHaveAttribute('data-level', 'refer');
    await expect(triage).toContainText('Can this wait?');
    await expect(triage).toContainText('within the next 2 weeks');
    await expect(page.getByText(/ml\/images|splits\/|\.txt\b/)).toHaveCount(0);
    await shoot(page, 'melanoma-refer');
  });
});
