import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { APP_PORT } from '../playwright.config';

/** The /medicines page: symptom box with suggestions, chips, and the results or the emergency notice. */
class MedicinesPage {
  constructor(readonly page: Page) {}
  input = () => this.page.getByRole('combobox', { name: 'Symptom' });
  chips = () => this.page.getByRole('list', { name: 'Your symptoms' });

  async open() {
    await this.page.goto('/medicines');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Medicines for your symptoms' })).toBeVisible();
  }

  /** Types part of a symptom and picks a suggestion with the keyboard. */
  async pickSuggestion(typed: string, label: string) {
    await this.input().fill(typed);
    const option = this.page.getByRole('option', { name: new RegExp(`^${label}`) });
    await expect(option).toBeVisible();
    await expect(this.input()).toHaveAttribute('aria-expanded', 'true');
    while ((await option.getAttribute('aria-selected')) !== 'true') await this.input().press('ArrowDown');
    await this.input().press('Enter');
    await expect(this.chips().getByText(label, { exact: true })).toBeVisible();
  }

  async addTyped(symptom: string) {
    await this.input().fill(symptom);
    await this.page.getByRole('button', { name: 'Add Symptom' }).click();
    await expect(this.chips().getByText(symptom, { exact: true })).toBeVisible();
  }

  async getRecommendations() {
    await this.page.getByRole('button', { name: 'Get Recommendations' }).click();
  }
}

test.describe('medicines by symptom', () => {
  test('a visitor adds symptoms from suggestions, removes one, and gets explained, over-the-counter-first cards', async ({
    page,
  }) => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http://localhost:')) outside.push(request.url());
    });
    const medicines = new MedicinesPage(page);
    await medicines.open();
    await expect(page.getByText(/^Information only — not medical advice\./)).toBeVisible();

    await medicines.getRecommendations();
    await expect(page.getByText('Please enter at least one symptom.')).toBeVisible();

    await medicines.pickSuggestion('rhin', 'Runny nose');
    await medicines.pickSuggestion('headac', 'Headache');
    await medicines.addTyped('heartburn');

    await medicines.chips().getByRole('button', { name: 'Remove Runny nose' }).click();
    await expect(page.getByText('Symptom removed successfully')).toBeVisible();
    await expect(medicines.chips().getByRole('listitem')).toHaveText(['Headache', 'heartburn']);

    await medicines.getRecommendations();
    await expect(page.getByRole('heading', { level: 2, name: /medicines for Headache, heartburn/ })).toBeFocused();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(10);
    await expect(cards.first().getByText('Over the counter')).toBeVisible();

    const paracetamol = page.getByRole('article', { name: 'Paracetamol (acetaminophen)', exact: true });
    await expect(paracetamol.getByText(/^Matched: Headache → Pain relief/)).toBeVisible();
    for (const term of ['Composition', 'Uses', 'Side Effects', 'Manufacturer'])
      await expect(paracetamol.getByText(term, { exact: true })).toBeVisible();
    await expect(page.getByText(/^Matched: heartburn → .*(heartburn|reflux|acid)/i).first()).toBeVisible();

    // The pictures are our own illustration; nothing was fetched from another site.
    const image = paracetamol.locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('src', '/images/medicine.svg');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(outside).toEqual([]);
  });

  test('a red-flag symptom shows the emergency notice instead of medicines', async ({ page }) => {
    const medicines = new MedicinesPage(page);
    await medicines.open();
    await medicines.addTyped('cough');
    await medicines.addTyped('coughing up blood');
    const alert = page.getByRole('alert').filter({ hasText: 'Get help now' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/call your local emergency number now/i);
    await expect(alert).toContainText('coughing up blood');

    const answered = page.waitForResponse('**/api/medicines/recommendations');
    await medicines.getRecommendations();
    const body = await (await answered).json();
    expect(body.results).toEqual([]);
    expect(body.emergency.matched).toEqual(['coughing up blood']);
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(alert).toBeVisible();
  });

  test('works the same for a signed-in user and has no detectable accessibility violations', async ({
    browser,
    signedIn,
  }) => {
    // axe needs a page from browser.newContext(); sign in there through the API.
    const context = await browser.newContext({ baseURL: `http://localhost:${APP_PORT}` });
    const page = await context.newPage();
    const res = await page.request.post('/api/auth/sign-in', {
      data: { email: signedIn.email, password: signedIn.password },
    });
    expect(res.status()).toBe(200);
    const medicines = new MedicinesPage(page);
    await medicines.open();
    await medicines.addTyped('sore throat');
    await medicines.getRecommendations();
    await expect(page.getByRole('article').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
