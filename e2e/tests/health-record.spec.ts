import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { expect, LoginPage, newAccount, test } from '../support/fixtures';

/** Where this spec keeps what it downloads (the PDF, its first page as PNG, the exports), to be looked at. */
const OUT = path.resolve(
  process.env.E2E_RESULTS_DIR ?? path.join(import.meta.dirname, '..', '..', 'test-results'),
  'health-record',
);

const DIABETES = (glucose: string, bmi: string) => [
  ['Number of pregnancies', '2'],
  ['Plasma glucose, 2 h after an oral glucose tolerance test', glucose],
  ['Diastolic blood pressure', '72'],
  ['Triceps skin-fold thickness', '35'],
  ['2-hour serum insulin', '120'],
  ['Body mass index', bmi],
  ['Diabetes pedigree function (family history score)', '0.627'],
  ['Age', '50'],
];

async function takeDiabetesTest(page: Page, glucose: string, bmi: string) {
  await page.goto('/diabetes');
  await expect(page.getByRole('heading', { level: 1, name: 'Diabetes Prediction' })).toBeVisible();
  for (const [label, value] of DIABETES(glucose, bmi))
    await page.getByLabel(label as string, { exact: true }).fill(value as string);
  await page.getByRole('button', { name: 'Predict' }).click();
}

async function saved(download: Download, name: string): Promise<string> {
  const file = path.join(OUT, name);
  await download.saveAs(file);
  return file;
}

test('my health record: two diabetes tests, the trend, the PDF, a share link, the exports, and deleting the account', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(OUT, { recursive: true });
  const account = newAccount('record');
  await new LoginPage(page).signUp(account);
  await expect(page).not.toHaveURL(/\/signup$/);

  // First test: the server asks for consent to store health data before it keeps anything.
  await takeDiabetesTest(page, '168', '34.1');
  const prompt = page.getByRole('region', { name: 'May we store your health data?' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('You can withdraw this consent at any time');
  await prompt.getByRole('button', { name: 'I agree, run the test' }).click();
  await expect(page).toHaveURL(/\/diabetes-results\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Result' })).toBeVisible();

  // Second test, no prompt this time.
  await takeDiabetesTest(page, '121', '31.2');
  await expect(page).toHaveURL(/\/diabetes-results\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Result' })).toBeVisible();

  // The account menu's Dashboard leads to the record.
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/health-record$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My health record' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Diabetes', exact: true })).toHaveCount(2);

  // The trend: risk and glucose over the two visits, readable as a table too.
  await expect(page.getByRole('heading', { name: 'Diabetes: 2 results' })).toBeVisible();
  // the model's score over time, said as relative to its study (no validated score was answered here)
  await expect(
    page.getByRole('img', { name: /^Model score \(relative to its study, not a chance\): 2 measurements/ }),
  ).toBeVisible();
  const glucose = page.getByRole('img', {
    name: /^Glucose, 2 h after glucose drink: 2 measurements, latest 121 mg\/dL/,
  });
  await expect(glucose).toBeVisible();
  await page.getByRole('heading', { name: 'Trends' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(OUT, 'trends.png'), fullPage: true });
  const figure = page.locator('figure').filter({ hasText: 'Glucose, 2 h after glucose drink' });
  await figure.getByRole('button', { name: 'Show table' }).click();
  const rows = figure.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('121');
  await expect(rows.nth(1)).toContainText('Within');
  await expect(rows.nth(2)).toContainText('168');
  await expect(rows.nth(2)).toContainText('Outside');

  // The PDF of the newest result: its text checked, its first page rendered to look at.
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('link', { name: /^Download the PDF report of Diabetes/ })
      .first()
      .click(),
  ]);
  const pdfFile = await saved(pdfDownload, 'report.pdf');
  expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdfFile, '-']).toString('utf8');
  expect(text).toContain(account.name);
  expect(text).toContain('MediBuddy assessment report');
  expect(text).toMatch(/Plasma glucose.*121 mg\/dL/);
  expect(text).toMatch(/Body mass index\s+31\.2 kg\/m²/);
  expect(text).toMatch(/Result: Model figure about \d+ in 100, re-based/);
  expect(text).not.toMatch(/estimated (chance|probability)/i);
  expect(text).toMatch(/Model version diabetes-lr-/);
  expect(text).toMatch(/ROC AUC 0\.\d\d/);
  // Said once on the first page (the notice), not repeated by every section.
  const firstPage = execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', pdfFile, '-']).toString('utf8');
  expect(firstPage.match(/not a diagnosis/gi)).toHaveLength(1);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfFile,
    path.join(OUT, 'report-page-1'),
  ]);

  // The whole history too, on US Letter.
  await page.getByLabel('Paper').selectOption('Letter');
  const [historyDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Whole history (PDF)' }).click(),
  ]);
  const historyText = execFileSync('pdftotext', [await saved(historyDownload, 'history.pdf'), '-']).toString('utf8');
  expect(historyText).toContain('MediBuddy health record');
  expect(historyText.match(/Diabetes - \d{4}-\d\d-\d\d/g)).toHaveLength(2);

  // Exports: JSON with both results, FHIR R4 bundle with the patient and two risk assessments.
  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export as JSON' }).click(),
  ]);
  const exported = JSON.parse(readFileSync(await saved(jsonDownload, 'export.json'), 'utf8'));
  expect(exported.user.email).toBe(account.email);
  expect(exported.assessments).toHaveLength(2);
  const [fhirDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export as FHIR R4' }).click(),
  ]);
  const bundle = JSON.parse(readFileSync(await saved(fhirDownload, 'export.fhir.json'), 'utf8'));
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const types = bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType);
  expect(types.filter((t: string) => t === 'RiskAssessment')).toHaveLength(2);
  expect(types.filter((t: string) => t === 'Observation')).toHaveLength(16);

  // A share link: shown once, opens the report for someone signed out, and stops working once revoked.
  await page
    .getByRole('button', { name: /^Create a share link for Diabetes/ })
    .first()
    .click();
  const linkBox = page.getByLabel(/^Read-only link to this report, until/);
  await expect(linkBox).toHaveValue(/\/api\/shared-reports\/[\w-]{20,}$/);
  const sharedPath = new URL(await linkBox.inputValue()).pathname;
  const stranger = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const opened = await stranger.request.get(sharedPath);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(execFileSync('pdftotext', ['-layout', '-', '-'], { input: await opened.body() }).toString('utf8')).toMatch(
    /Diabetes/,
  );
  const shares = page.getByRole('region', { name: 'Share links' });
  await expect(shares).toContainText(/Diabetes · Active, until/);
  await shares.getByRole('button', { name: /^Revoke the share link to Diabetes/ }).click();
  await expect(shares).toContainText('Diabetes · Revoked');
  expect((await stranger.request.get(sharedPath)).status()).toBe(404);
  await stranger.close();

  // Deleting the account: a wrong password deletes nothing; the right one deletes everything and signs out.
  const form = page.getByRole('form', { name: 'Delete account form' });
  await form.getByLabel('Your password').fill('not my password');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByText(/That password is not correct, so nothing was deleted/)).toBeVisible();
  await form.getByLabel('Your password').fill(account.password);
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account and everything in it have been deleted.')).toBeVisible();
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status()).toBe(401);
  await page.goto('/health-record');
  await expect(page).toHaveURL(/\/login$/);
});
