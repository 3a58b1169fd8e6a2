import { getTest } from '@medibuddy/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { diabetesResponse } from '../../test/assessment-fixtures';
import { fillForm, VALID_ANSWERS } from '../../test/clinical-form';
import { ADA, json, problem, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

/** Decision 030: a lab value's unit is chosen beside it, remembered, sent with the value, and asked about. */
describe('the clinical forms: lab values in the units of the report', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  async function openDiabetes(routes: Parameters<typeof stubFetch>[0] = {}) {
    const http = stubFetch({ 'GET /api/auth/session': () => json(200, { user: ADA }), ...routes });
    const app = renderApp(getTest('diabetes').path);
    await screen.findByRole('form', { name: `${getTest('diabetes').name} form` });
    return { http, ...app };
  }
  const GLUCOSE = 'Plasma glucose, 2 h after an oral glucose tolerance test';

  it('sends the value with the unit chosen, and the next form starts in that unit', async () => {
    const { http, user, unmount } = await openDiabetes({
      'POST /api/assessments/diabetes': () => json(201, diabetesResponse()),
    });
    await user.selectOptions(screen.getByRole('combobox', { name: `Unit for ${GLUCOSE}` }), 'mmol/L');
    expect(screen.getByText(/From 2\.3 to 16\.6 mmol\/L\./)).toBeInTheDocument();
    await fillForm(user, 'diabetes', { ...VALID_ANSWERS.diabetes, glucose: '7.8' });
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    await screen.findByRole('heading', { level: 1, name: 'Diabetes' });
    expect((http.calls('POST /api/assessments/diabetes')[0]?.body as { inputs: object }).inputs).toMatchObject({
      glucose: { value: 7.8, unit: 'mmol/L' },
    });
    unmount();

    await openDiabetes();
    expect(screen.getByRole('combobox', { name: `Unit for ${GLUCOSE}` })).toHaveValue('mmol/L');
  });

  it("asks the server's unit question under the field, and one click sends the chosen reading", async () => {
    let calls = 0;
    const { http, user } = await openDiabetes({
      'POST /api/assessments/diabetes': () =>
        ++calls === 1
          ? problem(422, 'unit_check', 'Choose the unit printed on your report.', [
              {
                field: 'inputs.glucose',
                rule: 'unit_check',
                message:
                  'looks unlikely as 7 mg/dL. Did you mean 7 mmol/L (126 mg/dL)? Choose the unit printed on your report',
                choices: [
                  { value: 7, unit: 'mmol/L', inFieldUnit: 126, text: '7 mmol/L (126 mg/dL)' },
                  { value: 7, unit: 'mg/dL', inFieldUnit: 7, text: '7 mg/dL' },
                ],
              },
            ])
          : json(201, diabetesResponse()),
    });
    await fillForm(user, 'diabetes', VALID_ANSWERS.diabetes);
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    const use = await screen.findByRole('button', { name: 'Use 7 mmol/L (126 mg/dL)' });
    expect(screen.getByRole('button', { name: 'Keep 7 mg/dL' })).toBeInTheDocument();
    await user.click(use);
    await screen.findByRole('heading', { level: 1, name: 'Diabetes' });
    expect((http.calls('POST /api/assessments/diabetes')[1]?.body as { inputs: object }).inputs).toMatchObject({
      glucose: { value: 7, unit: 'mmol/L', confirmed: true },
    });
  });
});
