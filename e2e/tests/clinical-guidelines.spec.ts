import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Guideline thresholds before models, 'I don't know' answers, and the next step every clinical result ends with. */

const type = (page: Page, label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
const choose = (page: Page, question: string, answer: string) =>
  page.getByRole('group', { name: question, exact: true }).getByRole('radio', { name: answer, exact: true }).check();
const nextStep = (page: Page) =>
  page.getByRole('region', { name: 'Next step' }).or(page.getByRole('alert').filter({ hasText: 'Next step' }));

test.describe('clinical results follow the guidelines', () => {
  test('diabetes: a 2-hour glucose of 215 mg/dL meets the diagnostic threshold, whatever the model says', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/diabetes');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await type(page, 'Number of pregnancies', '1');
    await type(page, 'Plasma glucose, 2 h after an oral glucose tolerance test', '215');
    await type(page, 'Diastolic blood pressure', '70');
    await type(page, 'Triceps skin-fold thickness', '20');
    await page.getByRole('checkbox', { name: "I don't know or not measured: 2-hour serum insulin" }).check();
    await type(page, 'Body mass index', '24.0');
    await page
      .getByRole('checkbox', {
        name: "I don't know or not measured: Diabetes pedigree function (family history score)",
      })
      .check();
    await type(page, 'Age', '35');
    await page.getByRole('button', { name: 'Predict' }).click();

    await expect(page).toHaveURL(/\/diabetes-results\/[0-9a-f-]{36}$/);
    const step = page.getByRole('region', { name: 'Next step' });
    await expect(step).toContainText('See a doctor within a few days');
    await expect(step).toContainText('meets the diagnostic threshold for diabetes');
    await expect(step).toContainText('American Diabetes Association');
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result).toContainText('2-hour glucose meets the diagnostic threshold for diabetes');
    await expect(result).not.toContainText('routine appointment');
    await expect(page.getByRole('region', { name: 'What published guidelines say about your answers' })).toContainText(
      '215 mg/dL',
    );
  });

  test('diabetes: an HbA1c of 7.1 % (optional field) meets the diagnostic threshold: see a doctor within days', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/diabetes');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('HbA1c', { exact: true })).toHaveValue('');
    await type(page, 'Number of pregnancies', '0');
    await type(page, 'Plasma glucose, 2 h after an oral glucose tolerance test', '120');
    await type(page, 'HbA1c', '7.1');
    await type(page, 'Diastolic blood pressure', '70');
    await type(page, 'Triceps skin-fold thickness', '20');
    await page.getByRole('checkbox', { name: "I don't know or not measured: 2-hour serum insulin" }).check();
    await type(page, 'Body mass index', '22.0');
    await page
      .getByRole('checkbox', {
        name: "I don't know or not measured: Diabetes pedigree function (family history score)",
      })
      .check();
    await type(page, 'Age', '45');
    await page.getByRole('button', { name: 'Predict' }).click();

    await expect(page).toHaveURL(/\/diabetes-results\/[0-9a-f-]{36}$/);
    const step = page.getByRole('region', { name: 'Next step' });
    await expect(step).toContainText('See a doctor within a few days');
    await expect(step).toContainText(
      'Your HbA1c meets the diagnostic threshold for diabetes: see a doctor within days',
    );
    await expect(step).toContainText('Standards of Care in Diabetes-2025');
    await expect(page.getByRole('region', { name: 'What published guidelines say about your answers' })).toContainText(
      'HbA1c 7.1 %',
    );
  });

  test("heart: a form with 'I don't know' for the tests a patient rarely has gives a result and its range", async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/heart-disease');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await type(page, 'Age', '58');
    await choose(page, 'Sex', 'Female');
    await choose(page, 'Chest pain type', 'Non-Anginal Pain');
    await type(page, 'Resting blood pressure (systolic)', '125');
    await page.getByRole('checkbox', { name: "I don't know or not measured: Serum cholesterol" }).check();
    for (const question of [
      'Fasting blood sugar over 120 mg/dL',
      'Resting EKG results',
      'Exercise-induced angina',
      'Slope of the peak exercise ST segment',
      'Thallium stress test',
    ]) {
      await choose(page, question, 'I don’t know');
    }
    for (const field of [
      'Maximum heart rate achieved',
      'ST depression induced by exercise relative to rest',
      'Number of major vessels coloured by fluoroscopy',
    ]) {
      await page.getByRole('checkbox', { name: `I don't know or not measured: ${field}` }).check();
    }
    await page.getByRole('button', { name: 'Predict' }).click();

    await expect(page).toHaveURL(/\/heart-disease-results\/[0-9a-f-]{36}$/);
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByRole('img', { name: /^Model score \d+ of 100, in the .+ band/ })).toBeVisible();
    await expect(result).toContainText(/“I don’t know” to 9 questions.*anywhere from \d+ to \d+ of 100/);
    // a low estimate the unknown answers could have raised is not reassurance
    await expect(page.getByRole('region', { name: 'Next step' })).toContainText(
      /does not rule heart disease out|See a doctor/,
    );
  });

  test('kidney stone: fever with side pain sends the patient to an emergency department now', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/kidneyStone');
    await expect(page.getByRole('heading', { level: 1, name: 'Health Prediction Form' })).toBeVisible();
    for (const [question, answer] of [
      ['Back/belly/side pain', 'Yes'],
      ['Burning during urination', 'No'],
      ['Urgency in urination', 'No'],
      ['Blood in urine', 'No'],
      ['Cloudy/Smelly urine', 'No'],
      ['Small amounts of urine', 'No'],
      ['Nausea/Vomiting', 'No'],
      ['Fever/Chills', 'Yes'],
      ['Sex', 'Female'],
      ['When did the back, side or belly pain begin?', 'Less than 6 hours ago'],
      ['Ancestry (as the published score asks)', 'Any other ancestry'],
      ['Blood in the urine on a urine test', 'Not tested'],
    ] as const) {
      await choose(page, question, answer);
    }
    await page.getByRole('button', { name: 'Predict' }).click();

    await expect(page).toHaveURL(/\/kidney-stone-results\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('alert').first()).toContainText('Go to an emergency department now');
    await expect(nextStep(page).first()).toContainText('Go to an emergency department now');
    await expect(page.getByText('Seek urgent care today')).toHaveCount(0);
  });
});
