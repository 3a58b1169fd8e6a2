import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, stubFetch, noSession } from '../../test/http';
import { renderApp } from '../../test/render';

const CODE_SENT = 'If an account exists for that address, we have sent a 6-digit code to it.';

describe('/forgotPassword', () => {
  it('sends a code, shows the OTP field, and a correct code leads to /changePassword', async () => {
    const http = stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/auth/password-reset/code': () => json(202, { message: CODE_SENT }),
      'POST /api/auth/password-reset/verify': () => json(200, { message: 'Code verified. Choose a new password.' }),
    });
    const { user, location } = renderApp('/forgotPassword');
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await user.type(screen.getByLabelText('Email'), 'Ada@Example.org');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('OTP sent successfully')).toBeInTheDocument();
    expect(screen.getByText(CODE_SENT)).toBeInTheDocument();
    expect(http.calls('POST /api/auth/password-reset/code')[0]?.body).toEqual({ email: 'ada@example.org' });

    const otp = screen.getByLabelText('OTP');
    await user.type(otp, '12a3456');
    expect(otp).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location()?.pathname).toBe('/changePassword'));
    expect(http.calls('POST /api/auth/password-reset/verify')[0]?.body).toEqual({
      email: 'ada@example.org',
      code: '123456',
    });
  });

  it('asks for all six digits before calling the server', async () => {
    const http = stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/auth/password-reset/code': () => json(202, { message: CODE_SENT }),
    });
    const { user } = renderApp('/forgotPassword');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('OTP')).toHaveAccessibleDescription(/OTP must be exactly 6 digits\./);
    expect(http.calls('POST /api/auth/password-reset/verify')).toHaveLength(0);
  });

  it('announces a wrong code in the server words, and can send a new code', async () => {
    const http = stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/auth/password-reset/code': () => json(202, { message: CODE_SENT }),
      'POST /api/auth/password-reset/verify': () =>
        problem(
          400,
          'validation_failed',
          'That code is not correct. Check the code in the e-mail and try again (4 tries left).',
          [{ field: 'code', rule: 'invalid', message: 'is not correct' }],
        ),
    });
    const { user, location } = renderApp('/forgotPassword');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct.');
    expect(screen.getByLabelText('OTP')).toHaveAttribute('aria-invalid', 'true');
    expect(location()?.pathname).toBe('/forgotPassword');

    await user.click(screen.getByRole('button', { name: /send a new code/i }));
    await waitFor(() => expect(http.calls('POST /api/auth/password-reset/code')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('OTP')).toHaveValue(''));
  });

  it('says how long to wait when codes are rate limited, and when mail is down', async () => {
    let answer = () =>
      problem(429, 'rate_limited', 'Too many codes requested for this address.', undefined, { 'retry-after': '600' });
    stubFetch({ 'GET /api/auth/session': noSession, 'POST /api/auth/password-reset/code': () => answer() });
    const { user } = renderApp('/forgotPassword');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(
      await screen.findByText('Too many codes requested for this address. Please try again in 10 minutes.'),
    ).toBeInTheDocument();

    answer = () =>
      problem(503, 'mail_unavailable', 'We could not send the e-mail just now. Please try again in a few minutes.');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(/could not send the e-mail just now/)).toBeInTheDocument();
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
  });
});
