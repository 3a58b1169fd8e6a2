import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { APP_PORT } from '../playwright.config';

/** The /medicines page: who it is for, the symptom box, guidance, cards, and the medicines-together panel. */
class MedicinesPage {
  constructor(readonly page: Page) {}
  input = () => this.page.getByRole('combobox', { name: 'Symptom' });

  async open() {
    await this.page.goto('/medicines');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Medicines for your symptoms' })).toBeVisible();
  }

  async chooseChild(age: string) {
    await this.page.getByRole('radio', { name: 'A child' }).check();
    await this.page.getByLabel("Child's age").fill(age);
  }

  async addTyped(symptom: string) {
    await this.input().fill(symptom);
    await this.page.getByRole('button', { name: 'Add Symptom' }).click();
  }
}

test.describe('medicines that suit the person', () => {
  test('a child with a fever: guidance shown first, no aspirin, the child dose on the card; the choice is remembered in the tab', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: `http://localhost:${APP_PORT}` });
    const page = await context.newPage();
    const medicines = new MedicinesPage(page);
    await medicines.open();
    await medicines.chooseChild('5');
    await medicines.addTyped('my child has a fever of 39');
    await page.getByRole('button', { name: 'Get Recommendations' }).click();

    await expect(page.getByRole('heading', { level: 2, name: /for my child has a fever of 39/ })).toBeFocused();
    await expect(page.getByText('For a child of 5.')).toBeVisible();
    const guidance = page.getByRole('heading', { level: 3, name: /what to do/i }).first();
    await expect(guidance).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    // The guidance comes before the first product.
    const [guidanceY, cardY] = [await guidance.boundingBox(), await cards.first().boundingBox()];
    expect((guidanceY?.y ?? 0) < (cardY?.y ?? 0)).toBe(true);
    for (const card of await cards.all()) await expect(card).not.toContainText(/aspirin/i);
    await expect(page.getByRole('list', { name: 'Not shown for this person' })).toContainText('Aspirin');
    const paracetamol = page.getByRole('article', { name: 'Paracetamol (acetaminophen)', exact: true });
    await expect(paracetamol.getByText('Dose', { exact: true })).toBeVisible();
    await expect(paracetamol.getByRole('listitem').filter({ hasText: /^paracetamol:/i })).toContainText(/\d+ mg/);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.reload();
    await expect(page.getByRole('radio', { name: 'A child' })).toBeChecked();
    await expect(page.getByLabel("Child's age")).toHaveValue('5');
    await context.close();
  });

  test('an adult of 80 on warfarin with joint pain: no anti-inflammatory card, each left out with the reason; paracetamol offered', async ({
    page,
  }, testInfo) => {
    const medicines = new MedicinesPage(page);
    await medicines.open();
    const together = page.locator('section[aria-labelledby="together-title"]');
    await together.getByLabel('Medicine or active ingredient').fill('warfarin');
    await together.getByRole('button', { name: 'Add and check' }).click();
    await expect(together.getByRole('list', { name: 'Medicines to check' })).toContainText('warfarin');
    await expect(page.getByText('Also checked against: warfarin.')).toBeVisible();

    await page.getByRole('radio', { name: 'An adult' }).check();
    await page.getByLabel('Age (optional; from 65 some medicines need more care)').fill('80');
    await medicines.addTyped('joint pain');
    await page.getByRole('button', { name: 'Get Recommendations' }).click();

    await expect(page.getByRole('heading', { level: 2, name: /for joint pain/ })).toBeFocused();
    await expect(page.getByText('For an adult of 80.')).toBeVisible();
    await expect(page.getByText(/Checked against the medicines you take \(warfarin\)/)).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      await expect(card.getByRole('heading', { level: 3 })).not.toHaveText(/ibuprofen|naproxen|diclofenac|aspirin/i);
      await expect(card.getByText(/^Composition$/).locator('xpath=following-sibling::dd[1]')).not.toHaveText(
        /ibuprofen|naproxen|diclofenac|aspirin/i,
      );
    }
    const leftOut = page.getByRole('list', { name: 'Not shown for this person' });
    await expect(
      leftOut
        .getByRole('listitem')
        .filter({ hasText: /ibuprofen|naproxen|diclofenac|aspirin/i })
        .filter({
          hasText: /warfarin/i,
        }),
    ).not.toHaveCount(0);
    const paracetamol = cards.filter({ has: page.getByRole('heading', { level: 3, name: /paracetamol/i }) });
    await expect(paracetamol.first()).toBeVisible();
    await expect(paracetamol.first()).toContainText(/In the UK|sale rule|ask a pharmacist/i);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('warfarin-joint-pain.png'), fullPage: true });
    await page
      .locator('section[aria-labelledby="symptoms-title"]')
      .screenshot({ path: testInfo.outputPath('warfarin-joint-pain-form.png') });
    await page
      .locator('section[aria-labelledby="results-title"]')
      .screenshot({ path: testInfo.outputPath('warfarin-joint-pain-results.png') });
  });

  test('burning when peeing: see a doctor, and no products', async ({ page }) => {
    const medicines = new MedicinesPage(page);
    await medicines.open();
    await medicines.addTyped('burning when i pee');
    await page.getByRole('button', { name: 'Get Recommendations' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /See a doctor or pharmacist/ })).toBeVisible();
    await expect(page.getByRole('note').first()).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('My medicines: two paracetamol products give a duplicate warning', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    const medicines = new MedicinesPage(page);
    await medicines.open();
    const panel = page.locator('section[aria-labelledby="together-title"]');
    await expect(page.getByRole('heading', { level: 2, name: 'My medicines' })).toBeVisible();
    const name = panel.getByLabel('Medicine or active ingredient');
    await name.fill('Paracetamol (acetaminophen)');
    await panel.getByRole('button', { name: 'Add to my medicines' }).click();
    await expect(page.getByRole('list', { name: 'My medicines' }).getByRole('listitem')).toHaveCount(1);
    await name.fill('paracetamol 500 mg');
    await panel.getByLabel('Doses a day (optional)').fill('4');
    await panel.getByRole('button', { name: 'Add to my medicines' }).click();
    await expect(page.getByRole('list', { name: 'My medicines' }).getByRole('listitem')).toHaveCount(2);
    const findings = page.getByRole('list', { name: 'What the check found' });
    await expect(findings).toContainText('both contain paracetamol');
    await expect(findings).toContainText('What to do:');

    // Still there after a reload (stored), and removing one clears the warning.
    await page.reload();
    await expect(page.getByRole('list', { name: 'My medicines' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove paracetamol 500 mg' }).click();
    await expect(page.getByRole('list', { name: 'My medicines' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('both contain paracetamol')).toHaveCount(0);
  });

  test('a visitor checks a typed list without an account', async ({ page }) => {
    const medicines = new MedicinesPage(page);
    await medicines.open();
    await expect(page.getByRole('heading', { level: 2, name: 'Check medicines together' })).toBeVisible();
    const name = page.getByLabel('Medicine or active ingredient');
    await name.fill('paracetamol');
    await page.getByRole('button', { name: 'Add and check' }).click();
    await name.fill('Paracetamol (acetaminophen)');
    await page.getByRole('button', { name: 'Add and check' }).click();
    await expect(page.getByRole('list', { name: 'What the check found' })).toContainText('both contain paracetamol');
  });
});
