import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** The home page, found by roles and labels as a visitor (or a screen reader) finds it. */
class HomePage {
  constructor(readonly page: Page) {}
  carousel = () => this.page.getByRole('region', { name: 'Highlights' });
  slides = () => this.page.getByTestId('carousel-slide');
  currentSlide = () => this.page.locator('[data-testid="carousel-slide"][data-current="true"]');
  dot = (n: number) => this.page.getByRole('button', { name: new RegExp(`^Slide ${n}:`) });
  chatButton = () => this.page.getByRole('button', { name: /the MediBuddy chat$/ });
  footer = () => this.page.getByRole('contentinfo');

  async open() {
    await this.page.goto('/');
    // Taken over by the app (it loads after the first paint, and after the load event): its timers are running.
    await expect(this.page.locator('[data-hydration-gate][inert]')).toHaveCount(0);
    await expect(this.slides()).toHaveCount(5);
    await expect(this.currentSlide()).toHaveAttribute('aria-label', '1 of 5');
  }

  /** Which slide is showing, 1-5. */
  async currentNumber(): Promise<number> {
    const label = await this.currentSlide().getAttribute('aria-label');
    return Number(label?.split(' ')[0]);
  }
}

const style = (locator: Locator, property: string) =>
  locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

test.describe('home: carousel', () => {
  test('five slides, each with an image, a heading with an accent phrase and a paragraph', async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    for (let i = 0; i < 5; i += 1) {
      const slide = home.slides().nth(i);
      await expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      const image = slide.locator('img');
      // The first drawing is inlined (it is on screen at once); the others are files, loaded lazily.
      await expect(image).toHaveAttribute('src', i === 0 ? /^data:image\/svg\+xml/ : `/images/home/slide-${i + 1}.svg`);
      await expect(image).toHaveAttribute('width', '480');
      await expect(image).toHaveAttribute('height', '360');
      await expect(image).toHaveAttribute('loading', i === 0 ? 'eager' : 'lazy');
      await expect(slide.getByRole('heading', { level: 2, includeHidden: true })).toHaveText(/\S+/);
      await expect(slide.locator('h2 span')).toHaveText(/\S+/);
      await expect(slide.locator('p')).toHaveText(/.{60,}/);
    }
    // Only the current slide can be seen (and read out); the other four are hidden.
    await expect(home.slides().nth(0)).toBeVisible();
    for (let i = 1; i < 5; i += 1) await expect(home.slides().nth(i)).toBeHidden();
    // The image files are ours and small.
    const svg = await page.request.get('/images/home/slide-2.svg');
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    expect((await svg.body()).length).toBeLessThan(4096);
  });

  test('advances every 5 s exactly and wraps after the fifth slide (controlled clock)', async ({ page }) => {
    // The clock stands still from before the page starts, so the first 5 s timer starts at a known time.
    await page.clock.install({ time: new Date('2024-03-01T08:59:00Z') });
    await page.clock.pauseAt(new Date('2024-03-01T09:00:00Z'));
    const home = new HomePage(page);
    await home.open();
    await page.mouse.move(0, 700); // not over the carousel (hovering holds it still)
    for (const expected of [2, 3, 4, 5, 1]) {
      await page.clock.runFor(4_990);
      expect(await home.currentNumber()).toBe(expected === 1 ? 5 : expected - 1);
      await page.clock.runFor(10);
      await expect.poll(() => home.currentNumber()).toBe(expected);
    }
  });

  test('arrows appear on hover and step both ways, wrapping; dots select a slide directly', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const home = new HomePage(page);
    await home.open();
    const next = page.getByRole('button', { name: 'Next slide' });
    const previous = page.getByRole('button', { name: 'Previous slide' });
    await page.mouse.move(5, 790);
    await expect.poll(() => style(next, 'opacity')).toBe('0');
    await expect.poll(() => style(previous, 'opacity')).toBe('0');
    await home.carousel().hover({ position: { x: 400, y: 100 } });
    await expect.poll(() => style(next, 'opacity')).toBe('1');
    await expect.poll(() => style(previous, 'opacity')).toBe('1');

    await next.click();
    expect(await home.currentNumber()).toBe(2);
    await previous.click();
    await previous.click();
    expect(await home.currentNumber()).toBe(5);
    await next.click();
    expect(await home.currentNumber()).toBe(1);

    await home.dot(4).click();
    expect(await home.currentNumber()).toBe(4);
    await expect(home.dot(4)).toHaveAttribute('aria-current', 'true');
    await expect(home.dot(1)).not.toHaveAttribute('aria-current', 'true');
    await expect(home.slides().nth(3)).toBeVisible();
    await expect(home.slides().nth(0)).toBeHidden();
  });

  test('holds still while hovered, and the pause button stops and restarts it', async ({ page }) => {
    await page.clock.install({ time: new Date('2024-03-01T08:59:00Z') });
    await page.clock.pauseAt(new Date('2024-03-01T09:00:00Z'));
    const home = new HomePage(page);
    await home.open();
    await home.carousel().hover();
    await page.clock.runFor(12_000);
    expect(await home.currentNumber()).toBe(1);

    await page.getByRole('button', { name: 'Pause the slide show' }).click();
    await page.mouse.move(0, 700);
    await page.clock.runFor(12_000);
    expect(await home.currentNumber()).toBe(1);

    await page.getByRole('button', { name: 'Play the slide show' }).click();
    await page.mouse.move(0, 700);
    await page.clock.runFor(5_000);
    await expect.poll(() => home.currentNumber()).toBe(2);
  });

  test('works from the keyboard, with a visible focus ring', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const home = new HomePage(page);
    await home.open();
    const next = page.getByRole('button', { name: 'Next slide' });
    await next.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab'); // a keyboard focus, so :focus-visible applies
    await expect(next).toBeFocused();
    await expect.poll(() => style(next, 'opacity')).toBe('1');
    expect(await style(next, 'outline-style')).toBe('solid');
    expect(await style(next, 'outline-width')).toBe('3px');
    await page.keyboard.press('Enter');
    expect(await home.currentNumber()).toBe(2);
    await home.dot(5).focus();
    await page.keyboard.press('Space');
    expect(await home.currentNumber()).toBe(5);
  });
});

test.describe('home: feature cards', () => {
  const TITLES = [
    'Interactive Engagement',
    'Intelligent Integration',
    'Smooth Health Journey',
    'Imaging Insights',
    'Confidentiality Shield',
    'Adaptive Refinement',
  ];

  test('six cards slide in from the left, bottom or right once their top passes 75% of the window (0.1 s delay, 1.1 s)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const home = new HomePage(page);
    await home.open();
    const cards = page.getByTestId('feature-card');
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(TITLES);
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-from')))).toEqual([
      'left',
      'bottom',
      'right',
      'left',
      'bottom',
      'right',
    ]);

    const first = cards.first();
    expect(await style(first, 'transition-delay')).toMatch(/^0\.1s/);
    expect(await style(first, 'transition-duration')).toMatch(/^1\.1s/);
    // Below the fold: not shown yet, offset towards its side.
    await expect(first).toHaveAttribute('data-shown', 'false');
    expect(await style(first, 'opacity')).toBe('0');
    expect(await style(first, 'translate')).toBe('-64px');
    expect(await style(cards.nth(1), 'translate')).toBe('0px 64px');
    expect(await style(cards.nth(2), 'translate')).toBe('64px');

    // Put the first row's top at 80% of the window: still waiting. At 70%: in it comes.
    const scrollTopAt = (fraction: number) =>
      first.evaluate((el, f) => {
        const top = el.getBoundingClientRect().top + window.scrollY;
        window.scrollTo(0, top - window.innerHeight * f);
      }, fraction);
    await scrollTopAt(0.8);
    await page.waitForTimeout(300);
    await expect(first).toHaveAttribute('data-shown', 'false');
    await scrollTopAt(0.7);
    await expect(first).toHaveAttribute('data-shown', 'true');
    await expect(cards.nth(2)).toHaveAttribute('data-shown', 'true');
    // The second row is still below the line.
    await expect(cards.nth(3)).toHaveAttribute('data-shown', 'false');
    // Mid-way through the 1.1 s it is moving; after it, it has arrived.
    await expect.poll(() => style(first, 'opacity'), { timeout: 3000 }).toBe('1');
    expect(await style(first, 'translate')).toMatch(/^(none|0px)$/);
  });

  test('with reduced motion, cards are simply there and the carousel starts paused', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    // The clock runs while the app takes the page over: with reduced motion, React takes the home page's lazily
    // loaded part over after a timer (measured: about 0.1 s later than without), which a paused clock would never fire.
    await page.clock.install({ time: new Date('2024-03-01T08:59:00Z') });
    const home = new HomePage(page);
    await home.open();
    const last = page.getByTestId('feature-card').last();
    expect(await style(last, 'opacity')).toBe('1');
    expect(await style(last, 'translate')).toMatch(/^(none|0px)$/);
    await expect(page.getByRole('button', { name: 'Play the slide show' })).toBeVisible();
    await page.mouse.move(0, 700);
    await page.clock.runFor(11_000);
    expect(await home.currentNumber()).toBe(1);
    // Chosen by hand, a slide still changes at once.
    await home.dot(3).click();
    expect(await home.currentNumber()).toBe(3);
    await context.close();
  });
});

test.describe('home: the MediBuddy widget', () => {
  test('closed by default; opens a popup fading in over 0.7 s with the chat page in a frame titled "Popup Window"', async ({
    page,
  }) => {
    const home = new HomePage(page);
    await home.open();
    const button = home.chatButton();
    await expect(button).toHaveAccessibleName('Open the MediBuddy chat');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('iframe')).toHaveCount(0);

    await button.click();
    const popup = page.getByTestId('chat-popup');
    await expect(popup).toBeVisible();
    expect(await style(popup, 'animation-duration')).toBe('0.7s');
    expect(await style(popup, 'animation-name')).toBe('fade-in');
    const frame = page.locator('iframe[title="Popup Window"]');
    await expect(frame).toHaveAttribute('src', '/medibuddy');
    // The button is now a close icon.
    await expect(button).toHaveAccessibleName('Close the MediBuddy chat');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // The frame really holds the chat page.
    await expect.poll(() => page.frames().some((f) => f.url().endsWith('/medibuddy'))).toBe(true);

    await button.click();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(button).toHaveAccessibleName('Open the MediBuddy chat');

    await button.click();
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('the greeting bubble appears 5 s after the page loads, and stays (controlled clock)', async ({ page }) => {
    await page.clock.install({ time: new Date('2024-03-01T08:59:00Z') });
    await page.clock.pauseAt(new Date('2024-03-01T09:00:00Z'));
    const home = new HomePage(page);
    await home.open();
    const greeting = page.getByTestId('chat-greeting');
    await page.clock.runFor(4_990);
    await expect(greeting).toHaveCount(0);
    await page.clock.runFor(10);
    await expect(greeting).toHaveText('Hey! MediBuddy this side . . .');
    await page.clock.runFor(60_000);
    await expect(greeting).toBeVisible();
    await home.chatButton().click();
    await expect(greeting).toBeVisible();
  });
});

test.describe('home: footer', () => {
  test('shows only on the home page, with four link columns to real pages, share icons and © 2024', async ({
    page,
  }) => {
    const home = new HomePage(page);
    await home.open();
    const footer = home.footer();
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('heading', { level: 2 })).toHaveText(['Products', 'Resources', 'Company', 'Support']);
    await expect(footer).toContainText('© 2024');
    const share = footer.getByRole('list', { name: 'Share MediBuddy' }).getByRole('link');
    await expect(share).toHaveCount(4);
    for (const href of await share.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
      expect(href).toMatch(/^(https:\/\/(x\.com|www\.facebook\.com|www\.linkedin\.com)\/|mailto:)/);
    }

    const nav = footer.getByRole('navigation', { name: 'Footer' });
    const links = await nav
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? ''] as [string, string]));
    expect(links.map(([, href]) => href)).toEqual(
      expect.arrayContaining(['/about', '/privacy', '/terms', '/data-sources', '/contact', '/diagnosis', '/medicines']),
    );
    for (const [name, href] of links) {
      const res = await page.request.get(href);
      expect(res.status(), `${name} -> ${href}`).toBe(200);
    }

    // Each page the footer leads to is a real page, with no footer of its own.
    for (const [name, href] of links.filter(([, h]) =>
      ['/about', '/privacy', '/terms', '/data-sources', '/contact'].includes(h),
    )) {
      await page.goto('/');
      await home.footer().getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/404/);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
    await page.goto('/diagnosis');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a test' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('the data sources page lists every data set with its licence and credit', async ({ page }) => {
    await page.goto('/data-sources');
    await expect(page.getByRole('heading', { level: 1, name: 'Data sources and licences' })).toBeVisible();
    for (const name of [
      'Statlog (Heart)',
      'Pima Indians Diabetes',
      'Indian Liver Patient Dataset (ILPD)',
      'Chest CT-Scan images',
      'MedQuAD: Medical Question Answering Dataset',
      '11000 Medicine details',
    ]) {
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card).toContainText('Licence');
      await expect(card).toContainText('Credit');
    }
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(15);
  });

  test('the email box subscribes for real: checks the address, then thanks with a toast', async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    const footer = home.footer();
    const box = footer.getByLabel('Get MediBuddy news by email');
    const send = footer.getByRole('button', { name: 'Send' });
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/newsletter') && calls.push(r.method()));

    await send.click();
    await expect(footer.getByText('Please enter your email address.')).toBeVisible();
    await expect(box).toBeFocused();
    await box.fill('not-an-address');
    await send.click();
    await expect(footer.getByText(/valid email address/)).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    const email = `news-${Date.now()}@example.org`;
    await box.fill(email);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/newsletter/subscriptions'));
    await send.click();
    expect((await response).status()).toBe(200);
    await expect(
      page.getByRole('status').filter({ hasText: 'Thank you for subscribing to MediBuddy news.' }),
    ).toBeVisible();
    await expect(box).toHaveValue('');

    // And the contact page takes it off the list again.
    await page.goto('/contact#unsubscribe');
    await page.getByLabel('Email address to take off the list').fill(email);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'not on the MediBuddy news list' })).toBeVisible();
  });
});
