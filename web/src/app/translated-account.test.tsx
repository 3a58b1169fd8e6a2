import {
  HEALTH_DATA_CONSENT_TEXT,
  HEALTH_DATA_CONSENT_VERSION,
  TREND_SERIES,
  type ConsentStatus,
  type HistoryEntry,
  type Share,
} from '@medibuddy/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../lib/i18n';
import { expectAllHindi, inHindi, renderInHindi } from '../test/hindi';
import { ADA, problem } from '../test/http';

/**
 * The account's pages in Hindi (decision 032), signed in, beyond what a visitor first sees (translated-pages.test.tsx):
 * the profile with its picture and feedback forms filled and refused, the password change with its checks, the
 * server's refusal and the expired-code notice, and the health record with assessments, trends, share links and
 * consent, empty, and failing to load. The server's words (headlines, problem details) stay as it sends them.
 */

/** The signed-in visitor's name and its initial (the avatar without a picture). */
const USER = [ADA.name, ADA.name[0]!.toUpperCase()];

const png = (size = 1000) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

describe('the profile in Hindi shows no English of its own', () => {
  inHindi();

  it('the page, a picture too large, and the picture and feedback forms filled and refused by the server', async () => {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
    const refusedPicture = 'That file is not a JPEG, PNG or WebP picture.';
    const refusedFeedback = 'Feedback is paused for maintenance.';
    const { user, given } = await renderInHindi(
      '/user-profile',
      {},
      {
        signedIn: true,
        handlers: {
          'POST /api/profile/avatar': () =>
            problem(400, 'validation_failed', refusedPicture, [
              { field: 'image', rule: 'image_type', message: 'must be a JPEG, PNG or WebP image' },
            ]),
          'POST /api/feedback': () => problem(503, 'unavailable', refusedFeedback),
        },
      },
    );
    expect(screen.getByRole('heading', { level: 1, name: ADA.name })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: t('account.sidebar.nav') })).toBeInTheDocument();
    expect(screen.getByText(t('account.profile.welcome'), { exact: false })).toBeInTheDocument();
    const data = [...given, ...USER, 'me.png', 'Clear and quick.'];
    expectAllHindi(data);

    await user.click(screen.getByRole('button', { name: t('account.avatar.upload') }));
    expect(await screen.findByText(t('account.avatar.noFile'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('account.feedback.submit') }));
    expect(await screen.findByText(t('account.feedback.empty'))).toBeInTheDocument();
    expectAllHindi(data);

    const input = screen.getByLabelText(t('account.avatar.choose'));
    await user.upload(input, png());
    expect(screen.getByRole('img', { name: t('account.avatar.previewAlt') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('account.avatar.cancel') })).toBeInTheDocument();
    expectAllHindi(data);
    await user.click(screen.getByRole('button', { name: t('account.avatar.upload') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusedPicture);
    expectAllHindi([...data, refusedPicture]);

    // The server's refusal stays in its toast a while.
    await user.upload(input, png(5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account.avatar.tooLarge', { mb: 5 }));
    expectAllHindi([...data, refusedPicture]);
    // A file picker set to "All files" can still hand over another type.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account.avatar.wrongType'));
    expectAllHindi([...data, refusedPicture]);

    await user.type(screen.getByLabelText(t('account.feedback.label')), 'Clear and quick.');
    expect(screen.getByText(t('account.feedback.count', { length: 16, max: 5000 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('account.feedback.submit') }));
    expect(await screen.findByText(refusedFeedback)).toBeInTheDocument();
    expectAllHindi([...data, refusedPicture, refusedFeedback]);
  });
});

describe('the password change in Hindi shows no English of its own', () => {
  inHindi();

  it('signed in: the checks before sending, the mismatch and the server refusing the current password', async () => {
    const wrong = 'Your current password is not correct.';
    const { user, given } = await renderInHindi(
      '/changePassword',
      {},
      {
        signedIn: true,
        handlers: {
          'PUT /api/auth/password': () =>
            problem(400, 'validation_failed', wrong, [
              { field: 'currentPassword', rule: 'incorrect', message: 'is not your current password' },
            ]),
        },
      },
    );
    expect(screen.getByRole('heading', { level: 1, name: t('account.password.title') })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: t('account.password.backToProfile') })).toBeInTheDocument();
    expectAllHindi(given);

    const current = () => screen.getByLabelText(t('account.password.current'));
    const fresh = () => screen.getByLabelText(t('account.password.new'));
    const again = () => screen.getByLabelText(t('account.password.confirm'));
    const submit = () => screen.getByRole('button', { name: t('account.password.submit') });

    await user.click(submit());
    await waitFor(() =>
      expect(current()).toHaveAccessibleDescription(t('validation.required', { label: t('account.password.current') })),
    );
    expectAllHindi(given);

    await user.type(fresh(), 'short');
    await user.click(submit());
    await waitFor(() =>
      expect(fresh()).toHaveAccessibleDescription(
        expect.stringContaining(t('validation.tooShort', { label: t('account.password.new'), minimum: 8 })),
      ),
    );
    expectAllHindi(given);

    await user.type(current(), 'old password 1');
    await user.clear(fresh());
    await user.type(fresh(), 'a brand new password');
    await user.type(again(), 'a different password');
    await user.click(submit());
    expect(await screen.findByText(t('account.password.mismatch'))).toBeInTheDocument();
    expectAllHindi(given);

    await user.clear(again());
    await user.type(again(), 'a brand new password');
    await user.click(submit());
    await waitFor(() => expect(current()).toHaveAccessibleDescription(wrong));
    expectAllHindi([...given, wrong]);
  });

  it('after a reset code: the expired-code notice', async () => {
    const expired = 'Your password reset has expired or was already used.';
    const { user, given } = await renderInHindi(
      '/changePassword',
      {},
      { handlers: { 'PUT /api/auth/password': () => problem(401, 'unauthenticated', expired) } },
    );
    expect(await screen.findByText(t('account.password.introReset'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('recovery.back') })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText(t('account.password.new')), 'a brand new password');
    await user.type(screen.getByLabelText(t('account.password.confirm')), 'a brand new password');
    await user.click(screen.getByRole('button', { name: t('account.password.submit') }));
    expect(await screen.findByText(t('account.password.expiredTitle'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('account.password.newCode') })).toHaveAttribute(
      'href',
      '/forgotPassword',
    );
    expectAllHindi(given);
  });
});

const consent = (status: ConsentStatus['status']): ConsentStatus => ({
  status,
  version: status === 'none' ? null : HEALTH_DATA_CONSENT_VERSION,
  grantedAt: status === 'none' ? null : '2026-11-01T10:00:00.000Z',
  withdrawnAt: status === 'withdrawn' ? '2026-11-10T10:00:00.000Z' : null,
  text: HEALTH_DATA_CONSENT_TEXT,
  currentVersion: HEALTH_DATA_CONSENT_VERSION,
});

function diabetes(id: string, at: string, glucose: number, probability: number): HistoryEntry {
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

function heart(id: string, at: string, risk: number, cholesterol: number | null): HistoryEntry {
  return {
    id,
    test: 'heart',
    testName: 'Heart Disease',
    createdAt: at,
    headline: `WHO chart: about ${Math.round(risk * 100)} in 100 in 10 years`,
    resultPath: `/heart-disease-results/${id}`,
    risk: {
      probability: 0.5,
      band: 'moderate',
      threshold: 0.4,
      score: { name: 'WHO cardiovascular disease risk chart (2019), South Asia', risk, timeframeYears: 10 },
    },
    values: { bp: 150, cholesterol },
  };
}

const ENTRIES = [
  diabetes('22222222-2222-4222-8222-222222222222', '2026-11-20T10:00:00.000Z', 120, 0.41),
  heart('44444444-4444-4444-8444-444444444444', '2026-11-15T09:30:00.000Z', 0.12, null),
  diabetes('11111111-1111-4111-8111-111111111111', '2026-11-01T10:00:00.000Z', 160, 0.77),
  heart('33333333-3333-4333-8333-333333333333', '2026-10-15T09:30:00.000Z', 0.08, 210),
];

const share = (id: string, status: Share['status']): Share => ({
  id,
  assessmentId: ENTRIES[0]!.id,
  testName: 'Diabetes',
  createdAt: '2026-11-20T11:00:00.000Z',
  expiresAt: '2026-11-27T11:00:00.000Z',
  revokedAt: status === 'revoked' ? '2026-11-21T11:00:00.000Z' : null,
  status,
});

const HISTORY = 'GET /api/health-record/history?limit=100';

describe('the health record in Hindi shows no English of its own', () => {
  inHindi();

  it('assessments with their PDF reports, trends and their tables, share links and consent withdrawn', async () => {
    const shares = {
      shares: [
        share('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'active'),
        share('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'expired'),
      ],
    };
    const created = {
      share: share('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'active'),
      url: 'https://medibuddy.local/shared/token123',
    };
    const withdrawn = { consent: consent('withdrawn'), deletedAssessments: 4 };
    const { user, given } = await renderInHindi(
      '/health-record',
      {
        [HISTORY]: { assessments: ENTRIES, nextCursor: null },
        'GET /api/health-record/shares': shares,
        'GET /api/health-record/consent': consent('granted'),
        'POST /api/health-record/shares': created,
        'POST /api/health-record/consent/withdraw': withdrawn,
      },
      { signedIn: true },
    );
    expect(screen.getByRole('heading', { level: 1, name: t('account.record.heading') })).toBeInTheDocument();
    const diabetesName = t('test.diabetes.name');
    expect(await screen.findAllByRole('link', { name: diabetesName })).toHaveLength(2);
    expect(screen.getByRole('link', { name: t('account.history.wholePdf') })).toHaveAttribute(
      'href',
      '/api/health-record/report.pdf?paper=A4',
    );
    const report = screen.getAllByText(t('account.history.pdfReport'))[0]?.closest('a');
    expect(report).toHaveAttribute('href', `/api/health-record/assessments/${ENTRIES[0]!.id}/report.pdf?paper=A4`);
    expect(report).toHaveAccessibleName(expect.stringContaining(diabetesName));
    expect(
      screen.getByRole('heading', { name: t('account.trends.testHeading', { test: diabetesName, count: 2 }) }),
    ).toBeInTheDocument();
    expect(screen.getByText(t('account.consent.text'))).toBeInTheDocument();
    expect(await screen.findByText(t('account.shares.expired'), { exact: false })).toBeInTheDocument();
    const data = [...given, ...USER];
    expectAllHindi(data);

    // The paper for the reports and a test's history alone.
    await user.selectOptions(screen.getByLabelText(t('account.history.paper')), 'Letter');
    expect(screen.getByRole('link', { name: t('account.history.wholePdf') })).toHaveAttribute(
      'href',
      '/api/health-record/report.pdf?paper=Letter',
    );
    await user.selectOptions(screen.getByLabelText(t('account.history.test')), 'heart');
    expect(screen.queryAllByRole('link', { name: diabetesName })).toHaveLength(0);
    const riskTitle = t('account.trends.riskTitle', { years: 10, score: t('account.trends.whoChart') });
    expect(screen.getByRole('img', { name: (name) => name.startsWith(riskTitle) })).toBeInTheDocument();
    expectAllHindi(data);
    await user.selectOptions(screen.getByLabelText(t('account.history.test')), '');

    // Every chart as a table.
    for (const button of screen.getAllByRole('button', { name: t('account.chart.showTable') }))
      await user.click(button);
    expect(screen.getAllByRole('table').length).toBeGreaterThan(4);
    expect(screen.getAllByText(t('account.chart.notMeasured')).length).toBeGreaterThan(0);
    expectAllHindi(data);

    const shareButton = screen.getAllByText(t('account.history.shareLink'))[0]?.closest('button');
    expect(shareButton).toHaveAccessibleName(expect.stringContaining(diabetesName));
    await user.click(shareButton!);
    expect(await screen.findByText(t('account.history.linkCreated'))).toBeInTheDocument();
    expect(screen.getByDisplayValue(created.url)).toBeInTheDocument();
    expectAllHindi(data);

    await user.click(screen.getByRole('checkbox', { name: t('account.consent.alsoDelete') }));
    await user.click(screen.getByRole('button', { name: t('account.consent.withdraw') }));
    expect(await screen.findByText(t('account.consent.withdrawnDeleted', { count: 4 }))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: t('account.consent.agree') })).toBeInTheDocument();
    expectAllHindi(data);
  });

  it('no assessments yet, no consent, and deleting the account with a wrong password', async () => {
    const wrong = 'That password is not correct, so nothing was deleted.';
    const { user, given } = await renderInHindi(
      '/health-record',
      {
        [HISTORY]: { assessments: [], nextCursor: null },
        'GET /api/health-record/shares': { shares: [] },
        'GET /api/health-record/consent': consent('none'),
      },
      {
        signedIn: true,
        handlers: {
          'POST /api/account/delete': () =>
            problem(400, 'validation_failed', wrong, [
              { field: 'password', rule: 'incorrect', message: 'is not your password' },
            ]),
        },
      },
    );
    expect(await screen.findByRole('link', { name: t('account.history.chooseTest') })).toHaveAttribute(
      'href',
      '/diagnosis',
    );
    expect(screen.queryByRole('link', { name: t('account.history.wholePdf') })).toBeNull();
    expect(await screen.findByText(t('account.shares.none'))).toBeInTheDocument();
    expect(await screen.findByText(t('account.consent.notYet'))).toBeInTheDocument();
    const data = [...given, ...USER];
    expectAllHindi(data);

    const form = screen.getByRole('form', { name: t('account.delete.form') });
    await user.click(within(form).getByRole('button', { name: t('account.delete.submit') }));
    expect(within(form).getByText(t('account.delete.needPassword'))).toBeInTheDocument();
    expectAllHindi(data);
    await user.type(within(form).getByLabelText(t('account.delete.password')), 'wrong');
    await user.click(within(form).getByRole('button', { name: t('account.delete.submit') }));
    expect(await within(form).findByText(wrong)).toBeInTheDocument();
    expectAllHindi([...data, wrong]);
  });

  it('the history, share links and consent failing to load', async () => {
    const failure = 'The health record is unavailable right now.';
    const { given } = await renderInHindi(
      '/health-record',
      {},
      {
        signedIn: true,
        handlers: {
          [HISTORY]: () => problem(500, 'internal', failure),
          'GET /api/health-record/shares': () => problem(500, 'internal', failure),
          'GET /api/health-record/consent': () => problem(500, 'internal', failure),
        },
      },
    );
    expect(await screen.findByText(t('account.history.loadFailed'))).toBeInTheDocument();
    expect(await screen.findByText(t('account.consent.loadFailed'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(t('account.shares.loading'))).toBeNull());
    expectAllHindi([...given, ...USER, failure]);
  });
});

describe('the account catalogue', () => {
  const english = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../locales/en/account.json'), 'utf8'),
  ) as Record<string, string>;

  it("keeps the English words of the contracts' texts the health record shows", () => {
    expect(english['account.consent.text']).toBe(HEALTH_DATA_CONSENT_TEXT);
    for (const [test, series] of Object.entries(TREND_SERIES)) {
      for (const s of series) {
        expect(english[`account.series.${test}.${s.key}.label`], `${test} ${s.key}`).toBe(s.label);
        expect(english[`account.series.${test}.${s.key}.range`], `${test} ${s.key}`).toBe(s.rangeLabel);
      }
    }
  });

  it('has no message for a charted value the contracts no longer have', () => {
    const keys = new Set(
      Object.entries(TREND_SERIES).flatMap(([test, series]) =>
        series.flatMap((s) => [`account.series.${test}.${s.key}.label`, `account.series.${test}.${s.key}.range`]),
      ),
    );
    expect(Object.keys(english).filter((key) => key.startsWith('account.series.') && !keys.has(key))).toEqual([]);
  });
});
