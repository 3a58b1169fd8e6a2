import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hasDataset } from '../support/datasets';
import { expect, gotoHydrated, test } from '../support/fixtures';
import {
  consentToHealthData,
  IMAGE_DATASETS as datasets,
  REPO_ROOT as root,
  screenshotsNamed,
} from '../support/images';

const hasDatasets = hasDataset('the imaging tests', datasets, existsSync(datasets));

function heatmapShown(model: string): boolean {
  const read = (...parts: string[]) => JSON.parse(readFileSync(path.join(root, 'server', ...parts), 'utf8'));
  const entry = read('src', 'modules', 'assessments', 'heatmap-checks.json').models[model];
  return Boolean(entry?.shown) && entry.version === read('models', model, 'card.json').version;
}

/** A real test image of a model's class: the original of one of its card's golden images (a held-out test image). */
function datasetImage(model: string, goldenIndex: number): string {
  const card = JSON.parse(readFileSync(path.join(root, 'server', 'models', model, 'card.json'), 'utf8'));
  const source = card.golden[goldenIndex].source as string;
  return path.join(datasets, source);
}

const TESTS = [
  {
    name: 'Cataract Disease',
    path: '/cataract',
    title: 'Cataract Prediction',
    result: /\/cataract-results\/[0-9a-f-]{36}$/,
    model: 'fundus',
    golden: 0,
  },
  {
    name: 'Diabetic Retinopathy',
    path: '/diabetic-retinopathy',
    title: 'Diabetic Retinopathy Prediction',
    result: /\/diabetic-retinopathy-results\/[0-9a-f-]{36}$/,
    model: 'fundus',
    golden: 1,
  },
  {
    name: 'CT Scan',
    path: '/ct-scan',
    title: 'CT Scan Prediction',
    result: /\/ct-scan-results\/[0-9a-f-]{36}$/,
    model: 'chest_ct',
    golden: 0,
  },
  {
    name: 'Skin Disease',
    path: '/skin-disease',
    title: 'Skin Disease Prediction',
    result: /\/skin-disease-results\/[0-9a-f-]{36}$/,
    model: 'skin',
    golden: 3,
  },
] as const;

const shoot = screenshotsNamed('imaging');

test.describe('the imaging tests', () => {
  test.skip(!hasDatasets, `the image datasets are not at ${datasets} (set ML_DATA_DIR to the datasets folder)`);

  for (const t of TESTS) {
    test(`${t.name}: Upload Image, Selected Image, Predict, Prediction Result, then the saved result (with its heatmap where shown)`, async ({
      page,
      signedIn,
    }) => {
      void signedIn;
      await consentToHealthData(page);
      await gotoHydrated(page, t.path);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      const notice = page.getByRole('complementary', { name: 'Important' });
      await expect(notice).toContainText(/not a diagnosis/i);
      await expect(notice).toContainText(/emergency/i);

      // No file yet.
      await page.getByRole('button', { name: 'Predict' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Please select an image.' })).toBeVisible();

      const file = datasetImage(t.model, t.golden);
      await page.getByLabel('Upload Image').setInputFiles(file);
      const figure = page.getByRole('figure');
      await expect(figure.getByText('Selected Image')).toBeVisible();
      await expect(figure.getByRole('img', { name: `Selected image: ${path.basename(file)}` })).toBeVisible();
      if (t.path === '/cataract') await shoot(page, 'cataract-selected');

      await page.getByRole('button', { name: 'Predict' }).click();
      const prediction = page.getByRole('region', { name: 'Prediction Result' });
      await expect(prediction).toBeVisible();
      await expect(prediction).toContainText(/Prediction Result\s*\S+/);

      await expect(page).toHaveURL(t.result);
      const result = page.getByRole('region', { name: 'Result' });
      await expect(result).toBeVisible();
      await expect(result).toContainText(/\d+%|less than 1%|more than 99%/);
      await expect(result.getByRole('img', { name: `The picture sent to the ${t.name} test` })).toBeVisible();
      // A heatmap only for models whose maps do not lean on the picture's edge (decision 031, heatmap-checks.json).
      if (heatmapShown(t.model)) await expect(result.getByTestId('heatmap')).toBeVisible();
      else await expect(result.getByTestId('heatmap')).toHaveCount(0);
      // The kept picture really loads (owner only, from the server).
      await expect
        .poll(() =>
          result
            .getByRole('img', { name: `The picture sent to the ${t.name} test` })
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      const classes = page.getByRole('list', { name: 'Class probabilities' });
      await expect(classes.getByRole('listitem')).toHaveCount(t.model === 'skin' ? 9 : 4);
      await expect(
        page.getByRole('heading', { name: 'What these percentages mean, and what they do not' }),
      ).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Important' })).toContainText(/not a diagnosis/i);
      const symptoms = page
        .getByRole('region', { name: /^(Symptoms|Signs to still get checked|What it usually looks like)$/ })
        .first();
      await expect(symptoms.getByRole('listitem')).toHaveCount(5);
      await expect(page.getByRole('region', { name: 'When to seek care' }).first()).toBeVisible();
      const model = page.getByRole('region', { name: 'About this assessment' });
      await expect(model).toContainText('Balanced accuracy');
      await expect(model.getByRole('table')).toBeVisible();
      await shoot(page, `${t.model}-${t.path.slice(1)}-result`);

      // Reloading reads the saved assessment back.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Result' })).toBeVisible();
    });
  }

  test('a chest CT image sent to the skin test is refused with what the test needs', async ({ page, signedIn }) => {
    void signedIn;
    await consentToHealthData(page);
    await gotoHydrated(page, '/skin-disease');
    await page.getByLabel('Upload Image').setInputFiles(datasetImage('chest_ct', 0));
    await page.getByRole('button', { name: 'Predict' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The test did not run' });
    await expect(refusal).toContainText('This test needs a close-up photograph of the skin spot');
    await expect(page).toHaveURL(/\/skin-disease$/);
    await shoot(page, 'skin-refused-ct');
  });

  test('upload progress shows on a slow connection', async ({ page, signedIn }) => {
    void signedIn;
    await consentToHealthData(page);
    await gotoHydrated(page, '/ct-scan');
    const cdp = await page.context().newCDPSession(page);
    // About 24 kB/s up: a 20-40 kB CT slice takes a second or two.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 200,
      downloadThroughput: 200_000,
      uploadThroughput: 24_000,
    });
    await page.getByLabel('Upload Image').setInputFiles(datasetImage('chest_ct', 1));
    await page.getByRole('button', { name: 'Predict' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeVisible();
    await expect(page.getByText(/Uploading the image: \d+%|Checking the picture and running the model/)).toBeVisible();
    await shoot(page, 'ct-uploading');
    await expect(page).toHaveURL(/\/ct-scan-results\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  });

  test('a visitor who presses Predict signs in and comes back to the form with the picture still chosen', async ({
    page,
    loginPage,
    account,
  }) => {
    // The account exists already (made through the API, then its cookie dropped); the visitor only signs in.
    const made = await page.request.post('/api/auth/sign-up', { data: account });
    expect(made.status()).toBe(201);
    await page.context().clearCookies();
    await gotoHydrated(page, '/cataract');

    await page.getByLabel('Upload Image').setInputFiles(datasetImage('fundus', 0));
    await page.getByRole('button', { name: 'Predict' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please sign in to run a test')).toBeVisible();
    const form = loginPage.signInForm();
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/cataract$/);
    await expect(page.getByRole('figure').getByText('Selected Image')).toBeVisible();
    await page.getByRole('button', { name: 'Predict' }).click();
    // A first test: the server asks for consent to store health data; agreeing sends the same picture again.
    const prompt = page.getByRole('region', { name: 'May we store your health data?' });
    await expect(prompt).toBeVisible();
    await expect(page.getByText('The test did not run')).toHaveCount(0);
    await prompt.getByRole('button', { name: 'I agree, run the test' }).click();
    await expect(page.getByRole('region', { name: 'Prediction Result' })).toBeVisible();
    await expect(page).toHaveURL(/\/cataract-results\/[0-9a-f-]{36}$/);
  });
});
