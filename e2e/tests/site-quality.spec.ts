import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { PRERENDERED_PATHS } from '../../web/src/app/route-table';
import { APP_PORT } from '../playwright.config';
import { expect, newAccount, test } from '../support/fixtures';

const root = path.resolve(import.meta.dirname, '..', '..');
const screenshots = path.join(
  process.env.E2E_RESULTS_DIR ? path.resolve(process.env.E2E_RESULTS_DIR) : path.join(root, 'test-results'),
  'screenshots',
);

/** The catalogue of docs/product.md#diagnosis-catalogue: ids 1-10, names in this order, and each form's route. */
const CATALOGUE = [
  { id: 1, name: 'Skin Disease', path: '/skin-disease' },
  { id: 2, name: 'Diabetic Retinopathy', path: '/diabetic-retinopathy' },
  { id: 3, name: 'CT Scan', path: '/ct-scan' },
  { id: 4, name: 'Diabetes', path: '/diabetes' },
  { id: 5, name: 'Cataract Disease', path: '/cataract' },
  { id: 6, name: 'Blood Test', path: '/bloodTest' },
  { id: 7, name: 'CardioDisease', path: '/cardioDisease' },
  { id: 8, name: 'LiverDisease', path: '/liverDisease' },
  { id: 9, name: 'Kidney Stone', path: '/kidneyStone' },
  { id: 10, name: 'Heart Disease', path: '/heart-disease' },
];

/** Every page a visitor can reach without data of their own (result pages are added per run below). */
const ROUTES = [
  '/',
  '/login',
  '/signup',
  '/forgotPassword',
  '/diagnosis',
  ...CATALOGUE.map((t) => t.path),
  '/medibuddy',
  '/medicines',
  '/about',
  '/privacy',
  '/terms',
  '/data-sources',
  '/contact',
  '/no/such/page',
];
const SIGNED_IN_ONLY = ['/user-profile', '/changePassword'];

const HEART_INPUTS = {
  age: 70,
  sex: 1,
  chestPainType: 4,
  bp: 130,
  cholesterol: 322,
  fbsOver120: 0,
  ekgResults: 2,
  maxHr: 109,
  exerciseAngina: 0,
  stDepression: 2.4,
  slopeOfSt: 2,
  numberOfVesselsFluro: 3,
  thallium: 0,
};

/** A page from browser.newContext() (axe needs one), optionally signed in as a new user through the API. */
async function newPage(browser: Browser, options: { signedIn: boolean; width?: number }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: `http://localhost:${APP_PORT}`,
    viewport: { width: options.width ?? 1280, height: 800 },
  });
  const page = await context.newPage();
  if (options.signedIn) {
    const res = await page.request.post('/api/auth/sign-up', { data: newAccount('quality') });
    expect(res.status()).toBe(201);
  }
  return page;
}

/** Opens a route and waits until its page has replaced the loading state and finished fading in. */
async function visit(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator('h1').first()).toBeVisible();
  // A prerendered page is inert until the app has taken it over, and axe skips inert content.
  await expect(page.locator('[data-hydration-gate][inert]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  await page.waitForTimeout(650); // the 0.5 s page fade, so colour contrast is measured on the final colours
  // A page that redirects (/login when signed in) fades its successor in later, and a busy machine runs the fade
  // late: wait until no finite animation is running and the heading is fully opaque, or axe measures colours
  // mid-fade and reports contrast that no visitor sees.
  await page.waitForFunction(() => {
    const settled = document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
    let node: Element | null = document.querySelector('h1');
    while (node && getComputedStyle(node).opacity === '1') node = node.parentElement;
    return settled && node === null;
  });
}

async function heartResultPath(page: Page): Promise<string> {
  const consent = await page.request.post('/api/health-record/consent', { data: { version: 'health-data-1' } });
  expect([200, 201, 404]).toContain(consent.status());
  const res = await page.request.post('/api/assessments/heart', { data: { inputs: HEART_INPUTS } });
  expect(res.status(), await res.text()).toBe(201);
  return `/heart-disease-results/${(await res.json()).assessment.id}`;
}

/** axe's violations on the page as it is now, one line each: route, rule, and the elements. */
async function axeViolations(page: Page, route: string, options: { excludeFrames?: boolean } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  // The chat popup's frame is the /medibuddy page, checked on its own; inside the frame axe would compare its
  // landmarks with the home page's as if they were one document.
  if (options.excludeFrames) builder.exclude('iframe');
  const results = await builder.analyze();
  return results.violations.map((v) => `${route} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('the diagnosis catalogue', () => {
  test('ten tests, ids 1-10 in order, each with an image, its description and a Test button to its form', async ({
    page,
  }) => {
    await page.goto('/diagnosis');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(10);
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(CATALOGUE.map((t) => t.name));
    for (const [i, t] of CATALOGUE.entries()) {
      const card = cards.nth(i);
      await expect(card.locator('svg').first()).toBeVisible();
      const description = await card.locator('p').first().textContent();
      expect(description?.length, t.name).toBeGreaterThan(40);
      const button = card.getByRole('link', { name: `Test: ${t.name}` });
      await expect(button).toHaveText('Test');
      await expect(button).toHaveAttribute('href', t.path);
    }
    // Descriptions match their test.
    await expect(cards.nth(0)).toContainText(/skin/i);
    await expect(cards.nth(1)).toContainText(/retin/i);
    await expect(cards.nth(2)).toContainText(/CT/);
    await expect(cards.nth(3)).toContainText(/diabetes/i);
    await expect(cards.nth(4)).toContainText(/cataract/i);
    await expect(cards.nth(5)).toContainText(/lab values/i);
    await expect(cards.nth(6)).toContainText(/cardiovascular/i);
    await expect(cards.nth(7)).toContainText(/liver/i);
    await expect(cards.nth(8)).toContainText(/stone/i);
    await expect(cards.nth(9)).toContainText(/heart/i);

    await cards.nth(2).getByRole('link', { name: 'Test: CT Scan' }).click();
    await expect(page).toHaveURL('/ct-scan');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/404/);
  });

  test("'Search Tests' filters by name, ignoring case", async ({ page }) => {
    await page.goto('/diagnosis');
    const search = page.getByPlaceholder('Search Tests');
    await search.fill('hEaRt');
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(['Heart Disease']);
    await search.fill('DISEASE');
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText([
      'Skin Disease',
      'Cataract Disease',
      'CardioDisease',
      'LiverDisease',
      'Heart Disease',
    ]);
    await search.fill('xray');
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page.getByText(/No test is called/)).toBeVisible();
    await search.fill('');
    await expect(page.getByRole('article')).toHaveCount(10);
  });
});

test.describe('first load', () => {
  test("a page's own code is asked for with the entry, not after it has run", async ({ page }) => {
    // The links in the HTML as served (the running app adds its own for what it imports later).
    const preloads = async (route: string) =>
      [...(await (await page.request.get(route)).text()).matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
        (m) => m[1]!,
      );
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const requested: string[] = [];
    page.on('requestfinished', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/heart-disease');
    await expect(page.getByRole('heading', { level: 1, name: /heart disease/i })).toBeVisible();
    // The form's code is a lazy part of the page: it must arrive, with nothing failing on the way (a stylesheet that
    // the build inlined once made the lazy import fail). Its schemas (zod, the contracts) come once it is used.
    await page.waitForLoadState('networkidle');
    expect(requested.some((p) => /\/assets\/clinical-form-[\w-]+\.js$/.test(p))).toBe(true);
    expect(requested.some((p) => /\/assets\/(zod|contracts)-[\w-]+\.js$/.test(p))).toBe(false);
    await page.getByLabel('Age', { exact: true }).fill('61');
    await expect.poll(() => requested.some((p) => /\/assets\/zod-[\w-]+\.js$/.test(p))).toBe(true);
    expect(consoleErrors).toEqual([]);
    const heart = await preloads('/heart-disease');
    expect(heart.some((p) => /\/assets\/clinical-test-[\w-]+\.js$/.test(p))).toBe(true);
    // The form's own code (zod, the contracts) is not preloaded: the prerendered HTML already shows the form.
    expect(heart.some((p) => /\/assets\/zod-[\w-]+\.js$/.test(p))).toBe(false);
    // Another page, another set; the home page preloads its own chunks, not another page's.
    const diagnosis = await preloads('/Diagnosis/');
    expect(diagnosis.some((p) => /\/assets\/diagnosis-[\w-]+\.js$/.test(p))).toBe(true);
    expect(diagnosis.some((p) => /zod-/.test(p))).toBe(false);
    expect((await preloads('/')).some((p) => /clinical-test-|diagnosis-/.test(p))).toBe(false);
  });
});

test.describe('first visit', () => {
  test('no prerendered page downloads zod or the contracts before it is used (decision 014)', async ({ page }) => {
    test.setTimeout(120_000);
    for (const route of PRERENDERED_PATHS) {
      const scripts: string[] = [];
      const record = (request: { url(): string; resourceType(): string }) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      };
      page.on('request', record);
      await page.goto(route);
      await expect(page.locator('h1').first(), route).toBeVisible();
      await page.waitForLoadState('networkidle');
      page.off('request', record);
      expect(scripts.length, `${route}: the app loaded`).toBeGreaterThan(3);
      expect(
        // The red-flag check too: the medicines page fetches it on its symptoms part's first focus.
        scripts.filter((p) => /\/assets\/(zod|contracts|red-flag-lookup)-[\w-]+\.js$/.test(p)),
        route,
      ).toEqual([]);
    }
  });
});

test.describe('prerendered pages', () => {
  test.setTimeout(180_000);

  test('arrive whole in their HTML and are taken over by the app as they are, with no mismatch', async ({ page }) => {
    // The first element in #root once the HTML is parsed, before any script runs: hydration keeps it, a fresh
    // render (main.tsx falling back to createRoot) would replace it.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as { firstInRoot?: Element | null }).firstInRoot = document.getElementById('root')?.firstElementChild;
      });
    });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await page.emulateMedia({ reducedMotion });
      for (const route of PRERENDERED_PATHS) {
        const html = await (await page.request.get(route)).text();
        expect(html, route).toContain(`data-prerendered="${route}"`);
        expect(html, `${route}: the page's heading is in its HTML`).toMatch(/<h1[\s>]/);
        await page.goto(route);
        await expect(page.locator('h1').first(), route).toBeVisible();
        await page.waitForLoadState('networkidle');
        const kept = await page.evaluate(() => {
          const first = (window as { firstInRoot?: Element | null }).firstInRoot;
          return Boolean(first?.isConnected) && first === document.getElementById('root')?.firstElementChild;
        });
        expect(kept, `${route}: hydrated, not rendered afresh`).toBe(true);
        // Held inert until taken over (HydrationGate), usable once it is.
        expect(html, `${route}: inert until hydrated`).toMatch(/<div inert=""[^>]*data-hydration-gate/);
        await expect(page.locator('[data-hydration-gate][inert]'), route).toHaveCount(0);
      }
    }
    expect(problems).toEqual([]);
    // Another address than the one prerendered (a query string): rendered afresh, still without errors.
    await page.goto('/diagnosis?from=e2e');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a test' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('before its code has run, a prerendered page can be read but not typed into (nothing typed is lost)', async ({
    page,
  }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/diagnosis');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a test' })).toBeVisible();
    const search = page.locator('main input').first();
    await expect(search).toBeAttached();
    expect(await search.evaluate((input) => input.closest('[data-hydration-gate][inert]') !== null)).toBe(true);
    await page.unroute('**/assets/*.js');
    await page.reload();
    await page.locator('main input').first().fill('heart');
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(['Heart Disease']);
  });

  test('a prerendered form gets back the answers saved before signing in, and works', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/heart-disease');
    await page.evaluate(() =>
      sessionStorage.setItem(
        'medibuddy.draft.heart',
        JSON.stringify({ values: { age: '61' }, notMeasured: {}, savedAt: Date.now() }),
      ),
    );
    await page.reload();
    const age = page.getByLabel('Age', { exact: true });
    await expect(age).toHaveValue('61');
    await age.fill('62');
    await expect(age).toHaveValue('62');
    await page.getByRole('button', { name: 'Predict' }).click();
    // Only age is filled: the form marks the missing answers (it is the app's form, not dead HTML).
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('safety notices', () => {
  const NOT_A_DIAGNOSIS = /not a diagnosis/i;
  const EMERGENCY = /emergency.*call your local emergency number|call your local emergency number/i;

  test('on the catalogue, on every test page (with a privacy note) and on a result', async ({ page, signedIn }) => {
    void signedIn;
    for (const route of ['/diagnosis', ...CATALOGUE.map((t) => t.path)]) {
      await visit(page, route);
      const main = page.locator('main');
      await expect(main.getByText(NOT_A_DIAGNOSIS).first(), route).toBeVisible();
      await expect(main.getByText(EMERGENCY).first(), route).toBeVisible();
      if (route !== '/diagnosis')
        await expect(main.getByText(/privacy/i).first(), `${route}: privacy note`).toBeVisible();
    }
    await visit(page, await heartResultPath(page));
    await expect(page.locator('main').getByText(NOT_A_DIAGNOSIS).first()).toBeVisible();
    await expect(
      page
        .locator('main')
        .getByText(/local emergency number/i)
        .first(),
    ).toBeVisible();
  });
});

test.describe('accessibility and layout on every page', () => {
  test.setTimeout(240_000);

  for (const signedIn of [false, true]) {
    test(`axe finds no violations on any page, ${signedIn ? 'signed in' : 'signed out'}`, async ({ browser }) => {
      const page = await newPage(browser, { signedIn });
      const routes = signedIn ? [...ROUTES, ...SIGNED_IN_ONLY, await heartResultPath(page)] : ROUTES;
      // Every page is checked before the verdict, so one run lists every violation.
      const violations: string[] = [];
      for (const route of routes) {
        await visit(page, route);
        violations.push(...(await axeViolations(page, route)));
      }
      // The home page with its popup open, and with the footer's error showing.
      await visit(page, '/');
      await page.getByRole('button', { name: 'Open the MediBuddy chat' }).click();
      await page.getByRole('contentinfo').getByRole('button', { name: 'Send' }).click();
      await page.waitForTimeout(800);
      violations.push(...(await axeViolations(page, '/ (chat open, footer error)', { excludeFrames: true })));
      await page.context().close();
      expect(violations).toEqual([]);
    });
  }

  test('every page fits a 360 px phone without sideways scrolling; screenshots at 360 and 1280 px', async ({
    browser,
  }) => {
    mkdirSync(screenshots, { recursive: true });
    for (const width of [360, 1280]) {
      const page = await newPage(browser, { signedIn: false, width });
      for (const route of [
        '/',
        '/diagnosis',
        '/heart-disease',
        '/about',
        '/privacy',
        '/terms',
        '/data-sources',
        '/contact',
      ]) {
        await visit(page, route);
        const name = route === '/' ? 'home' : route.slice(1);
        if (route === '/') {
          // Scroll through so every card has slid in, then back to the top.
          for (let y = 0; y < 4000; y += 400) await page.mouse.wheel(0, 400);
          await page.waitForTimeout(1500);
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${route} at ${width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(screenshots, `home-${name}-${width}.png`), fullPage: true });
      }
      await page.context().close();
    }
  });
});
