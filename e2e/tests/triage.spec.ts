import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from '../support/fixtures';

/** The symptom check, found as a visitor finds it: from the navbar, by labels and roles. */
class SymptomCheckPage {
  constructor(readonly page: Page) {}
  question = () => this.page.getByTestId('triage-question');
  advice = () => this.page.getByTestId('triage-advice');

  async openFromNavbar() {
    await this.page.goto('/');
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Check a symptom' })
      .first()
      .click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Check a symptom' })).toBeVisible();
  }

  async start({
    age,
    sex,
    complaint,
    pregnant,
  }: {
    age: number;
    sex: 'Female' | 'Male';
    complaint: string;
    pregnant?: 'Yes' | 'No';
  }) {
    await this.page.getByLabel('Age (years)').fill(String(age));
    await this.page.getByRole('radio', { name: sex, exact: true }).check();
    if (pregnant)
      await this.page
        .getByRole('group', { name: 'Are you pregnant?' })
        .getByRole('radio', { name: pregnant, exact: true })
        .check();
    await this.page.getByLabel('What is bothering you?').fill(complaint);
    await this.page.getByRole('button', { name: 'Start' }).click();
  }

  /** Answers each question Yes when its id is in `yes`, otherwise No, until the result shows. */
  async answerUntilResult(yes: readonly string[]) {
    for (let i = 0; i < 20; i++) {
      await expect(this.question().or(this.advice())).toBeVisible();
      if (await this.advice().isVisible()) return;
      const id = await this.question().getAttribute('data-question-id');
      const text = await this.question().textContent();
      await this.page.getByRole('button', { name: yes.includes(id ?? '') ? 'Yes' : 'No', exact: true }).click();
      await expect(this.question().or(this.advice())).not.toHaveText(text ?? '');
    }
    throw new Error('the symptom check asked more than 20 questions');
  }
}

test.describe('symptom check', () => {
  test('chest pain spreading to the arm ends at once in "Call an emergency number now", with who to call', async ({
    page,
  }) => {
    const check = new SymptomCheckPage(page);
    await check.openFromNavbar();
    await check.start({ age: 58, sex: 'Male', complaint: 'crushing chest pain going down my left arm, sweaty' });
    await expect(check.advice()).toHaveAttribute('data-level', 'emergency');
    await expect(check.advice().getByRole('heading', { name: 'Call an emergency number now' })).toBeVisible();
    await expect(check.advice().getByTestId('helpline-links')).toBeVisible();
    await expect(page.getByTestId('triage-condition').first()).toBeVisible();
    await expect(page.getByText(/This is not a diagnosis/)).toBeVisible();
  });

  test('a stroke described in Hinglish ends at once in Hindi: call 112 or 108 now', async ({ page }) => {
    const check = new SymptomCheckPage(page);
    await check.openFromNavbar();
    await check.start({ age: 62, sex: 'Male', complaint: 'papa ka muh tedha ho gaya aur ek haath nahi uth raha' });
    await expect(check.advice()).toHaveAttribute('data-level', 'emergency');
    await expect(check.advice()).toHaveAttribute('lang', 'hi');
    await expect(check.advice().getByRole('heading', { name: 'अभी 112 या 108 पर कॉल करें' })).toBeVisible();
    await expect(check.advice()).toContainText('स्ट्रोक');
  });

  test('a complaint in Hindi is asked about in Hindi', async ({ page }) => {
    const check = new SymptomCheckPage(page);
    await check.openFromNavbar();
    await check.start({ age: 30, sex: 'Male', complaint: '3 दिन से बुखार और सिर दर्द है' });
    await expect(check.question()).toHaveAttribute('lang', 'hi');
    await expect(check.question()).toHaveText(/[\u0900-\u097F]/);
  });

  test('a cold ends at the pharmacy, with the common cold first and the answers that support it', async ({ page }) => {
    const check = new SymptomCheckPage(page);
    await check.openFromNavbar();
    await check.start({
      age: 27,
      sex: 'Female',
      pregnant: 'No',
      complaint: 'runny nose, sneezing and a bit of a sore throat',
    });
    await check.answerUntilResult(['blocked_nose', 'cough', 'sick_contacts']);
    await expect(check.advice()).toHaveAttribute('data-level', 'self_care');
    await expect(check.advice()).toHaveAttribute('data-disposition', 'pharmacy');
    await expect(check.advice().getByRole('heading', { name: 'A pharmacist can help' })).toBeVisible();
    await expect(check.advice()).toContainText('Get help again: See a GP if it is not getting better');
    const first = page.getByTestId('triage-condition').first();
    await expect(first.getByRole('heading', { name: 'Common cold' })).toBeVisible();
    await expect(first).toContainText('Runny nose');
    await expect(first.getByRole('link', { name: 'Medicine guidance' })).toHaveAttribute('href', '/medicines');
  });

  test("a parent writing about a toddler is asked about the child: 'Is your child…', never 'Are you…'", async ({
    page,
  }) => {
    const check = new SymptomCheckPage(page);
    await check.openFromNavbar();
    // The parent gives their own age in the form; the words say who the check is about.
    await check.start({ age: 36, sex: 'Female', complaint: 'my 2 year old son has a barking cough and a runny nose' });
    await expect(check.question()).toBeVisible();
    await expect(check.question()).toHaveText(/your child|their|they/);
    await expect(check.question()).not.toHaveText(/^\s*(Are|Do|Have|Did) you\b/);
  });

  test('an emergency shows the emergency it can be first: vomiting blood names the bleed', async ({ page }) => {
    const check = new SymptomCheckPage(page);
    await check.openFromNavbar();
    await check.start({ age: 55, sex: 'Male', complaint: 'I have thrown up blood twice and I feel faint' });
    await expect(check.advice()).toHaveAttribute('data-level', 'emergency');
    await expect(check.advice()).toHaveAttribute('data-disposition', 'call_emergency');
    const first = page.getByTestId('triage-condition').first();
    await expect(first.getByRole('heading', { name: /Bleeding in the food pipe, stomach or gut/ })).toBeVisible();
    await expect(check.advice()).not.toContainText('within a few days');
  });

  test('an eye injury gets eye questions and a same-day answer', async ({ page }) => {
    const check = new SymptomCheckPage(page);
    await check.openFromNavbar();
    await check.start({
      age: 35,
      sex: 'Male',
      complaint: 'got something in my eye at work, now it is red and watering',
    });
    await expect(check.question()).toBeVisible();
    await expect(check.question()).toHaveText(/eye|vision/i);
    await check.answerUntilResult(['eye_injury', 'red_eye', 'eye_pain']);
    await expect(check.advice()).toHaveAttribute('data-level', 'urgent');
    await expect(check.advice()).toHaveAttribute('data-disposition', 'urgent_same_day');
    await expect(check.advice()).toContainText('Meanwhile:');
    const first = page.getByTestId('triage-condition').first();
    await expect(first.getByRole('heading', { name: 'Eye injury or something in the eye' })).toBeVisible();
  });

  test('the form, a question and the result have no axe violations', async ({ browser }) => {
    // axe needs a page from its own context.
    const context = await browser.newContext();
    const page = await context.newPage();
    const check = new SymptomCheckPage(page);
    const violations = async (state: string) =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${state} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    // Until the app has taken the prerendered page over it is inert, and axe skips inert content (no h1 found).
    await gotoHydrated(page, '/symptom-check');
    const found = await violations('form');
    await check.start({ age: 40, sex: 'Male', complaint: 'sore throat' });
    await expect(check.question()).toBeVisible();
    found.push(...(await violations('question')));
    await check.answerUntilResult([]);
    found.push(...(await violations('result')));
    expect(found).toEqual([]);
    await context.close();
  });
});
