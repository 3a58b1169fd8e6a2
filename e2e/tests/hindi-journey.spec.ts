import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, newAccount, test } from '../support/fixtures';

/**
 * As a person who reads Hindi first would use MediBuddy on a phone: switch to Hindi, sign up, run the
 * diabetes test with the sugar typed in mmol/L as the lab report prints it, read the result in Hindi, download the
 * Hindi PDF. Screenshots of the home page, the form, the result and the symptom check are kept to be looked at.
 */

const OUT = path.resolve(
  process.env.E2E_RESULTS_DIR ?? path.join(import.meta.dirname, '..', '..', 'test-results'),
  'hindi',
);

const PHONE = { width: 390, height: 844 };

/** The diabetes form's fields as the Hindi page labels them (web/src/locales/hi/tests.json). */
const GLUCOSE = 'शुगर (प्लाज़्मा ग्लूकोज़), ग्लूकोज़ पीने के 2 घंटे बाद (OGTT)';
const DIABETES: [string, string][] = [
  ['कितनी बार गर्भ ठहरा', '2'],
  [GLUCOSE, '8.2'],
  ['नीचे वाला बीपी (डायस्टोलिक)', '72'],
  ['बाँह के पीछे की चमड़ी की मोटाई (ट्राइसेप्स स्किन-फ़ोल्ड)', '35'],
  ['2 घंटे बाद का इंसुलिन (सीरम इंसुलिन)', '120'],
  ['बॉडी मास इंडेक्स (BMI)', '33.6'],
  ['परिवार में डायबिटीज़ का स्कोर (डायबिटीज़ पेडिग्री फ़ंक्शन)', '0.627'],
  ['उम्र', '50'],
];

async function screenshot(page: Page, name: string) {
  mkdirSync(OUT, { recursive: true });
  await page.waitForTimeout(650); // the page's fade-in
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForTimeout(650);
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  return results.violations.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Lines of the page that read as English sentences. Citations stay as published (a guideline's or a paper's title,
 * a publisher after its page's title, both after a Hindi label such as स्रोत), so they are not counted.
 */
async function englishSentences(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return text
    .split('\n')
    .filter((line) => /\b(the|and|your|you|with|of|is|are|this|what|not)\b/i.test(line))
    .filter((line) => !/^(स्रोत|आबादी का आँकड़ा): |^, .*\(via MedQuAD/.test(line));
}

test.use({ viewport: PHONE });

test('in Hindi on a phone: sign up, the diabetes test in mmol/L, the Hindi result and its Hindi PDF', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = newAccount('hindi');

  // The switcher on the English home page leads to the Hindi site.
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Navigation' }).click();
  await page.getByTestId('language-switcher').filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/hi$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  // The font (font-display: optional) draws from the next page on, once it is in the cache; a phone shows its own
  // Devanagari font meanwhile (this test machine has none).
  await page.waitForLoadState('networkidle');
  await gotoHydrated(page, '/hi');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some((f) => f.family.includes('Noto Sans Devanagari') && f.status === 'loaded');
      }),
    )
    .toBe(true);
  await screenshot(page, 'home');

  // Sign up on the Hindi page: the new account keeps Hindi.
  await gotoHydrated(page, '/hi/signup');
  const form = page.getByRole('form', { name: 'खाता बनाने का फ़ॉर्म' });
  await form.getByLabel('नाम').fill(account.name);
  await form.getByLabel('ईमेल').fill(account.email);
  await form.getByLabel('पासवर्ड').fill(account.password);
  await form.getByRole('button', { name: 'खाता बनाएँ' }).click();
  await expect(page).not.toHaveURL(/signup/);
  await expect.poll(async () => (await (await page.request.get('/api/auth/session')).json()).user?.language).toBe('hi');

  // The diabetes test, the sugar typed in mmol/L as the report prints it.
  await gotoHydrated(page, '/hi/diabetes');
  await expect(page.getByRole('heading', { level: 1, name: 'डायबिटीज़ (शुगर) का अनुमान' })).toBeVisible();
  await page.getByRole('combobox', { name: `${GLUCOSE} की इकाई` }).selectOption('mmol/L');
  for (const [label, value] of DIABETES) await page.getByLabel(label, { exact: true }).fill(value);
  await screenshot(page, 'diabetes-form');
  await page.getByRole('button', { name: 'नतीजा देखें' }).click();
  // A first test asks for the health-data consent, in Hindi.
  await page.getByRole('button', { name: 'मैं सहमत हूँ, जाँच चलाएँ' }).click();
  await expect(page).toHaveURL(/\/hi\/diabetes-results\/[0-9a-f-]{36}$/);

  // The result in Hindi: its own words and the server's, the value as entered.
  const main = page.locator('main');
  await expect(main).toContainText('नतीजा');
  await expect(main).toContainText('8.2 mmol/L');
  await expect(main).toContainText('यह नतीजा');
  expect(await englishSentences(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'diabetes-result');

  // The PDF report, in Hindi: its text read back by pdftotext, its first page rendered to be looked at.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'PDF रिपोर्ट' }).click(),
  ]);
  mkdirSync(OUT, { recursive: true });
  const pdfFile = path.join(OUT, 'report-hi.pdf');
  await download.saveAs(pdfFile);
  expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdfFile, '-']).toString('utf8');
  expect(text).toContain('MediBuddy जाँच रिपोर्ट');
  expect(text).toContain(account.name);
  expect(text).toContain('आपने क्या भरा');
  expect(text).toMatch(/8\.2 mmol\/L \(148 mg\/dL\)/);
  expect(text).not.toMatch(/What you entered|Next step|This result is not a diagnosis/);
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
    path.join(OUT, 'report-hi-1'),
  ]);

  // The symptom check in Hindi.
  await gotoHydrated(page, '/hi/symptom-check');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('h1')).toBeVisible();
  await screenshot(page, 'symptom-check');
});

test('axe finds nothing on the Hindi twins of the pages translated last', async ({ page }) => {
  const violations: string[] = [];
  for (const route of [
    '/hi/privacy',
    '/hi/terms',
    '/hi/data-sources',
    '/hi/contact',
    '/hi/medibuddy',
    '/hi/skin-disease',
    '/hi/medicines',
    '/hi/symptom-check',
  ]) {
    await gotoHydrated(page, route);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.locator('h1').first()).toBeVisible();
    violations.push(...(await axeViolations(page)));
  }
  expect(violations).toEqual([]);
});
