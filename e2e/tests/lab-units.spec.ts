import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from '../support/fixtures';

/**
 * Lab values in the units a report prints (decision 030): glucose typed in mmol/L is read as such, the unit is
 * remembered, and 12 in mg/dL is asked about ('Did you mean 12 mmol/L (216 mg/dL)?') instead of read as very low.
 */

/** A healthy adult's blood report but for the glucose, which each test types itself. */
const REPORT: [string, string][] = [
  ['Hemoglobin', '13.5'],
  ['Cholesterol', '175'],
  ['Platelets', '250'],
  ['White Blood Cells', '6.5'],
  ['Red Blood Cells', '4.70'],
  ['Mean Corpuscular Volume', '90.0'],
  ['Mean Corpuscular Hemoglobin', '28.7'],
  ['Mean Corpuscular Hemoglobin Concentration', '31.9'],
  ['Insulin', '8.0'],
  ['BMI', '22.5'],
  ['Systolic Blood Pressure', '115'],
  ['Diastolic Blood Pressure', '75'],
  ['Triglycerides', '110'],
  ['LDL Cholesterol', '95'],
  ['HDL Cholesterol', '55'],
  ['Heart Rate', '70'],
];

async function fillBloodTest(page: Page, glucose: string) {
  await page.getByRole('group', { name: 'Sex', exact: true }).getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Glucose', { exact: true }).fill(glucose);
  for (const [label, value] of REPORT) await page.getByLabel(label, { exact: true }).fill(value);
}

const unitOfGlucose = (page: Page) => page.getByRole('combobox', { name: 'Unit for Glucose' });

test.describe('lab values in report units', () => {
  test('blood test with glucose in mmol/L: read as 216 mg/dL, shown as entered, the unit remembered', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await gotoHydrated(page, '/bloodTest');
    await unitOfGlucose(page).selectOption('mmol/L');
    await fillBloodTest(page, '12');
    await page.getByRole('button', { name: 'Predict' }).click();
    await expect(page).toHaveURL(/\/bloodtest\/[0-9a-f-]{36}$/);
    const findings = page.getByRole('region', { name: 'Every finding' });
    await expect(findings).toContainText('12 mmol/L (216 mg/dL)');
    await expect(findings).toContainText(/diabetes range|Very high blood glucose/);
    await expect(page.getByRole('region', { name: 'Result' })).not.toContainText(/usual range/i);
    await expect(page.getByText(/Very low blood glucose/)).toHaveCount(0);

    // the next blood test, and the diabetes test's glucose, start in mmol/L
    await gotoHydrated(page, '/bloodTest');
    await expect(unitOfGlucose(page)).toHaveValue('mmol/L');
    await gotoHydrated(page, '/diabetes');
    await expect(
      page.getByRole('combobox', { name: 'Unit for Plasma glucose, 2 h after an oral glucose tolerance test' }),
    ).toHaveValue('mmol/L');
  });

  test('glucose 12 in mg/dL asks "Did you mean 12 mmol/L (216 mg/dL)?" and one click runs it in mmol/L', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await gotoHydrated(page, '/bloodTest');
    await expect(unitOfGlucose(page)).toHaveValue('mg/dL');
    await fillBloodTest(page, '12');
    await page.getByRole('button', { name: 'Predict' }).click();
    await expect(page.getByText(/Did you mean 12 mmol\/L \(216 mg\/dL\)\?/)).toBeVisible();
    await expect(page).toHaveURL('/bloodTest');
    await page.getByRole('button', { name: 'Use 12 mmol/L (216 mg/dL)' }).click();
    await expect(page).toHaveURL(/\/bloodtest\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('region', { name: 'Every finding' })).toContainText('12 mmol/L (216 mg/dL)');
    await expect(page.getByText(/Very low blood glucose/)).toHaveCount(0);
  });
});
