import { HEALTH_DATA_CONSENT_TEXT, HEALTH_DATA_CONSENT_VERSION, type TriageStepResponse } from '@medibuddy/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, noSession, problem, signedInAs, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

const session = {
  profile: { age: 30, sex: 'female' as const, pregnant: false },
  complaint: 'sore throat',
  answers: [],
};
const question: TriageStepResponse = {
  session,
  understood: ['Sore throat'],
  question: { id: 'fever', text: 'Do you have a fever?', isRedFlag: false, number: 1, maxQuestions: 15 },
  result: null,
};
const result: TriageStepResponse = {
  session: { ...session, answers: [{ questionId: 'fever', answer: 'dont_know' }] },
  understood: ['Sore throat'],
  question: null,
  result: {
    triage: {
      level: 'self_care',
      headline: 'You can probably look after this yourself',
      advice: 'Rest and drink fluids.',
      reasons: [],
      isCrisis: false,
    },
    conditions: [
      {
        id: 'sore_throat_viral',
        name: 'Sore throat (viral pharyngitis)',
        probability: 0.7,
        level: 'self_care',
        supportingAnswers: ['Sore throat'],
        opposingAnswers: [],
        summary: 'A sore throat, usually from a virus.',
        source: { title: 'NHS: Sore throat', url: 'https://www.nhs.uk/conditions/sore-throat/' },
        links: [{ label: 'Medicine guidance', href: '/medicines' }],
      },
    ],
    understood: ['Sore throat'],
    notice: 'This is not a diagnosis.',
    knowledgeBaseVersion: 'abc',
  },
};

describe('/symptom-check', () => {
  it('says what is missing before sending anything', async () => {
    const http = stubFetch({ 'GET /api/auth/session': noSession });
    const { user } = renderApp('/symptom-check');
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(screen.getByText('Enter the age in whole years, from 0 (a baby under one) to 120.')).toBeInTheDocument();
    expect(screen.getByText('Choose female or male.')).toBeInTheDocument();
    expect(http.calls('POST /api/triage/sessions')).toHaveLength(0);
  });

  it('asks one question at a time, sends "I don\'t know" with the whole session, then shows the advice first', async () => {
    const http = stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/triage/sessions': () => json(200, question),
      'POST /api/triage/sessions/answers': () => json(200, result),
    });
    const { user } = renderApp('/symptom-check');
    await user.type(await screen.findByLabelText('Age (years)'), '30');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Are you pregnant?' })).getByRole('radio', { name: 'No' }),
    );
    await user.type(screen.getByLabelText('What is bothering you?'), 'sore throat');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(http.calls('POST /api/triage/sessions')[0]?.body).toEqual({
      age: 30,
      sex: 'female',
      pregnant: false,
      complaint: 'sore throat',
    });
    expect(await screen.findByRole('heading', { name: 'Do you have a fever?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "I don't know" }));
    expect(http.calls('POST /api/triage/sessions/answers')[0]?.body).toEqual({
      session,
      questionId: 'fever',
      answer: 'dont_know',
    });
    const advice = await screen.findByTestId('triage-advice');
    expect(
      within(advice).getByRole('heading', { name: 'You can probably look after this yourself' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Medicine guidance' })).toHaveAttribute('href', '/medicines');
    expect(screen.getByText(/Fits because you said yes to:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('keeps the result for a signed-in user, asking for the health-data consent first when it is missing', async () => {
    let isGranted = false;
    const http = stubFetch({
      'GET /api/auth/session': signedInAs(),
      'POST /api/triage/sessions': () => json(200, result),
      'GET /api/triage/saved': () => json(200, { items: [] }),
      'POST /api/health-record/consent': () => {
        isGranted = true;
        return json(200, {
          status: 'granted',
          version: HEALTH_DATA_CONSENT_VERSION,
          grantedAt: '2026-01-01T00:00:00.000Z',
          withdrawnAt: null,
          text: HEALTH_DATA_CONSENT_TEXT,
          currentVersion: HEALTH_DATA_CONSENT_VERSION,
        });
      },
      'POST /api/triage/saved': () =>
        isGranted
          ? json(201, {
              id: 's1',
              createdAt: '2026-01-01T00:00:00.000Z',
              complaint: 'sore throat',
              level: 'self_care',
              result: result.result,
            })
          : problem(409, 'consent_required', 'Before we save your first result, we need your consent.'),
    });
    const { user } = renderApp('/symptom-check');
    await user.type(await screen.findByLabelText('Age (years)'), '30');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.type(screen.getByLabelText('What is bothering you?'), 'sore throat');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(await screen.findByRole('button', { name: 'Save to my health record' }));
    expect(http.calls('POST /api/triage/saved')[0]?.body).toEqual({ session: result.session });
    expect(await screen.findByText(HEALTH_DATA_CONSENT_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I agree, save this check' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved to your health record.');
    expect(http.calls('POST /api/triage/saved')).toHaveLength(2);
  });

  it('lists the checks a signed-in user kept', async () => {
    stubFetch({
      'GET /api/auth/session': signedInAs(),
      'GET /api/triage/saved': () =>
        json(200, {
          items: [
            {
              id: 's1',
              createdAt: '2026-01-01T10:00:00.000Z',
              complaint: 'sore throat',
              level: 'self_care',
              result: result.result,
            },
          ],
        }),
    });
    renderApp('/symptom-check');
    const list = await screen.findByRole('region', { name: 'Your kept symptom checks' });
    expect(within(list).getByText('sore throat')).toBeInTheDocument();
    expect(within(list).getByText(/You can probably look after this yourself · Sore throat/)).toBeInTheDocument();
  });

  it("shows the server's message when the request is refused", async () => {
    stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/triage/sessions': () =>
        problem(400, 'validation_failed', 'complaint is too long.', [
          { field: 'complaint', rule: 'too_big', message: 'is too long' },
        ]),
    });
    const { user } = renderApp('/symptom-check');
    await user.type(await screen.findByLabelText('Age (years)'), '40');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.type(screen.getByLabelText('What is bothering you?'), 'cough');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('complaint is too long.');
    expect(screen.getByText('is too long.')).toBeInTheDocument();
  });
});
