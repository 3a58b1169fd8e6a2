import { HEALTH_DATA_CONSENT_TEXT, HEALTH_DATA_CONSENT_VERSION, type HistoryEntry } from '@medibuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { diabetesResponse, DIABETES_ID } from '../../test/assessment-fixtures';
import { fillForm, VALID_ANSWERS } from '../../test/clinical-form';
import { ADA, json, problem, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

afterEach(() => sessionStorage.clear());

const signedIn = () => json(200, { user: ADA });
const consent = (status: 'none' | 'granted') => () =>
  json(200, {
    status,
    version: status === 'granted' ? HEALTH_DATA_CONSENT_VERSION : null,
    grantedAt: status === 'granted' ? '2026-11-01T10:00:00.000Z' : null,
    withdrawnAt: null,
    text: HEALTH_DATA_CONSENT_TEXT,
    currentVersion: HEALTH_DATA_CONSENT_VERSION,
  });

function entry(id: string, at: string, glucose: number, probability: number): HistoryEntry {
  return {
    id,
    test: 'diabetes',
    testName: 'Diabetes',
    createdAt: at,
    headline: `Model score ${Math.round(probability * 100)} of 100, relative to its study (high)`,
    resultPath: `/diabetes-results/${id}`,
    risk: { probability, band: 'high', threshold: 0.34 },
    values: { glucose, bmi: 33.6, bloodPressure: 72 },
  };
}

describe('the consent prompt on a first test', () => {
  it('a 409 consent_required shows the consent; agreeing records it and runs the test again', async () => {
    let attempts = 0;
    const http = stubFetch({
      'GET /api/auth/session': signedIn,
      'POST /api/assessments/diabetes': () => {
        attempts += 1;
        return attempts === 1
          ? problem(
              409,
              'consent_required',
              'Before we save your first result, we need your consent to store health data.',
            )
          : json(201, diabetesResponse());
      },
      'POST /api/health-record/consent': consent('granted'),
    });
    const { user, location } = renderApp('/diabetes');
    await screen.findByRole('heading', { level: 1 });
    // The form is its own chunk: the heading paints first, the form follows.
    await screen.findByRole('form', { name: 'Diabetes form' });
    await fillForm(user, 'diabetes', VALID_ANSWERS.diabetes);
    await user.click(screen.getByRole('button', { name: 'Predict' }));

    const prompt = await screen.findByRole('region', { name: 'May we store your health data?' });
    expect(within(prompt).getByText(HEALTH_DATA_CONSENT_TEXT)).toBeInTheDocument();
    expect(http.calls('POST /api/health-record/consent')).toHaveLength(0);
    await user.click(within(prompt).getByRole('button', { name: 'I agree, run the test' }));

    await waitFor(() => expect(location()?.pathname).toBe(`/diabetes-results/${DIABETES_ID}`));
    expect(http.calls('POST /api/health-record/consent')[0]?.body).toEqual({ version: HEALTH_DATA_CONSENT_VERSION });
    expect(http.calls('POST /api/assessments/diabetes')).toHaveLength(2);
  }, 20_000);

  it('"Not now" stores nothing and says what to do', async () => {
    const http = stubFetch({
      'GET /api/auth/session': signedIn,
      'POST /api/assessments/diabetes': () => problem(409, 'consent_required', 'Consent needed.'),
    });
    const { user } = renderApp('/diabetes');
    await screen.findByRole('heading', { level: 1 });
    // The form is its own chunk: the heading paints first, the form follows.
    await screen.findByRole('form', { name: 'Diabetes form' });
    await fillForm(user, 'diabetes', VALID_ANSWERS.diabetes);
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.getByText(/Nothing was stored and the test did not run/)).toBeInTheDocument();
    expect(http.calls('POST /api/health-record/consent')).toHaveLength(0);
  }, 20_000);
});

describe('the health record page', () => {
  it('lists the assessments newest first over every page and charts a repeated test, with a table view', async () => {
    stubFetch({
      'GET /api/auth/session': signedIn,
      // The server's pages, followed by their cursor to the last.
      'GET /api/health-record/history?limit=100': () =>
        json(200, {
          assessments: [entry('22222222-2222-4222-8222-222222222222', '2026-11-20T10:00:00.000Z', 120, 0.41)],
          nextCursor: 'page-2',
        }),
      'GET /api/health-record/history?limit=100&cursor=page-2': () =>
        json(200, {
          assessments: [entry('11111111-1111-4111-8111-111111111111', '2026-11-01T10:00:00.000Z', 160, 0.77)],
          nextCursor: null,
        }),
      'GET /api/health-record/shares': () => json(200, { shares: [] }),
      'GET /api/health-record/consent': consent('granted'),
    });
    const { user } = renderApp('/health-record');
    expect(await screen.findByRole('heading', { level: 1, name: 'My health record' })).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name: 'Diabetes' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/diabetes-results/22222222-2222-4222-8222-222222222222',
      '/diabetes-results/11111111-1111-4111-8111-111111111111',
    ]);
    expect(screen.getByRole('heading', { name: 'Diabetes: 2 results' })).toBeInTheDocument();
    const risk = screen.getByRole('img', {
      name: /^Model score \(relative to its study, not a chance\): 2 measurements, latest 41 of 100/,
    });
    expect(risk).toBeInTheDocument();
    // no validated score in these results: no risk-over-years chart
    expect(screen.queryByRole('img', { name: /-year risk/ })).toBeNull();
    const glucose = screen.getByRole('img', {
      name: /^Glucose, 2 h after glucose drink: 2 measurements, latest 120 mg\/dL/,
    });
    expect(glucose.getAttribute('aria-label')).toMatch(/under 140 mg\/dL/);

    const figure = glucose.closest('figure') as HTMLElement;
    await user.click(within(figure).getByRole('button', { name: 'Show table' }));
    const rows = within(within(figure).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Date.*Value \(mg\/dL\).*Usual range/),
      expect.stringMatching(/120Within$/),
      expect.stringMatching(/160Outside$/),
    ]);
    expect(screen.getByRole('link', { name: 'Export as FHIR R4' })).toHaveAttribute(
      'href',
      '/api/health-record/export.fhir.json',
    );
  });

  it('a wrong password on deletion is shown on the field and nothing else happens', async () => {
    stubFetch({
      'GET /api/auth/session': signedIn,
      'GET /api/health-record/history?limit=100': () => json(200, { assessments: [], nextCursor: null }),
      'GET /api/health-record/shares': () => json(200, { shares: [] }),
      'GET /api/health-record/consent': consent('granted'),
      'POST /api/account/delete': () =>
        problem(400, 'validation_failed', 'That password is not correct, so nothing was deleted.', [
          { field: 'password', rule: 'incorrect', message: 'is not your password' },
        ]),
    });
    const { user, location } = renderApp('/health-record');
    const form = await screen.findByRole('form', { name: 'Delete account form' });
    await user.type(within(form).getByLabelText('Your password'), 'wrong');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText(/That password is not correct, so nothing was deleted/)).toBeInTheDocument();
    expect(location()?.pathname).toBe('/health-record');
  });
});
