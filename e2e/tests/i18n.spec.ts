import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from '../support/fixtures';

/** The Hindi site (decision 032): prerendered twins under /hi, the switcher, the font, messages in Hindi. */

const HINDI_HOME_HEADING = 'MediBuddy: जाँच और दवाइयों में आपका साथी';
const ENGLISH_HOME_HEADING = 'MediBuddy: your assistant for diagnosis and medicines';

/** axe's violations on the page as it is now, one line each. */
async function axeViolations(page: Page, route: string): Promise<string[]> {
  // Let the page's fade-in finish, so colour contrast is measured on the final colours.
  await page.waitForTimeout(650);
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  return results.violations.map((v) => `${route} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('the Hindi site', () => {
  test('/hi is prerendered in Hindi with lang="hi", hreflang links to its English twin and the Devanagari font', async ({
    page,
  }) => {
    const html = await (await page.request.get('/hi')).text();
    expect(html).toMatch(/<html lang="hi"/);
    expect(html).toContain('data-prerendered="/hi"');
    expect(html).toContain(HINDI_HOME_HEADING);
    expect(html).toContain('<link rel="alternate" hreflang="en" href="/">');
    expect(html).toContain('<link rel="alternate" hreflang="hi" href="/hi">');
    // The English twin links back, and has no font rule of its own.
    const english = await (await page.request.get('/')).text();
    expect(english).toMatch(/<html lang="en"/);
    expect(english).toContain('<link rel="alternate" hreflang="hi" href="/hi">');
    expect(english).not.toContain('Noto Sans Devanagari');

    await gotoHydrated(page, '/hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: HINDI_HOME_HEADING })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'जाँचें', exact: true }),
    ).toBeVisible();
    // The font shipped with the app draws the Devanagari text.
    const fontUsed = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((f) => f.family.includes('Noto Sans Devanagari') && f.status === 'loaded');
    });
    expect(fontUsed).toBe(true);
  });

  test('an English first visit downloads neither the Hindi catalogue nor the font', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: ENGLISH_HOME_HEADING })).toBeVisible();
    expect(requested.filter((p) => /\.woff2$/.test(p))).toEqual([]);
    // The catalogues are JSON files of the build, one per language and namespace: English 'common' and 'home' only.
    const catalogues = requested
      .map((p) => /\/assets\/catalogues-[\w-]+\/([a-z]{2}-[a-z]+)\.json$/.exec(p)?.[1])
      .filter(Boolean)
      .sort();
    expect(catalogues).toEqual(['en-common', 'en-home']);
  });

  test('the switcher goes to the other language, and the choice is remembered after a reload', async ({ page }) => {
    await gotoHydrated(page, '/hi/diagnosis');
    await expect(page.getByRole('heading', { level: 1, name: 'कोई जाँच चुनें' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'जाँच करें: शुगर (डायबिटीज़)' })).toHaveAttribute('href', '/hi/diabetes');

    await page.getByTestId('language-switcher').filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/diagnosis$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a test' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a test' })).toBeVisible();

    await page.getByTestId('language-switcher').filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/hi\/diagnosis$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'कोई जाँच चुनें' })).toBeVisible();
    // Remembered in this browser: an English address opens its Hindi twin.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/hi\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  });

  test('the Hindi sign-in form says what is wrong in Hindi', async ({ page }) => {
    await gotoHydrated(page, '/hi/login');
    // No navbar on this page: its own switcher leads to the English twin.
    await expect(page.getByTestId('language-switcher')).toHaveAttribute('href', '/login');
    const form = page.getByRole('form', { name: 'साइन इन फ़ॉर्म' });
    await form.getByLabel('ईमेल').fill('not-an-address');
    await form.getByRole('button', { name: 'साइन इन' }).click();
    await expect(form.getByText('ईमेल सही ईमेल पता होना चाहिए')).toBeVisible();
    await expect(form.getByText('पासवर्ड भरना ज़रूरी है।')).toBeVisible();
  });

  test('axe finds no violations on the Hindi pages', async ({ page }) => {
    const violations: string[] = [];
    for (const route of ['/hi', '/hi/diagnosis', '/hi/login', '/hi/signup', '/hi/forgotPassword', '/hi/about']) {
      await gotoHydrated(page, route);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await expect(page.locator('h1').first()).toBeVisible();
      violations.push(...(await axeViolations(page, route)));
    }
    expect(violations).toEqual([]);
  });
});
