import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, problem, stubFetch, noSession } from '../../test/http';
import { renderApp } from '../../test/render';

describe('/changePassword', () => {
  it("toasts 'Passwords do not match' and makes no call when the two differ", async () => {
    const http = stubFetch({ 'GET /api/auth/session': noSession });
    const { user } = renderApp('/changePassword');
    await user.type(await screen.findByLabelText('New Password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a different password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm Password')).toHaveFocus();
    expect(http.requests.filter((r) => r.path !== '/api/auth/session')).toHaveLength(0);
  });

  it('checks the new password length before comparing, without a call', async () => {
    const http = stubFetch({ 'GET /api/auth/session': noSession });
    const { user } = renderApp('/changePassword');
    await user.type(await screen.findByLabelText('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      /^New Password must be at least 8 characters\./,
    );
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Confirm Password is required.');
    expect(http.requests.filter((r) => r.path !== '/api/auth/session')).toHaveLength(0);
  });

  it('after a verified code: sends only newPassword, toasts the server message and goes to /login', async () => {
    const http = stubFetch({
      'GET /api/auth/session': noSession,
      'PUT /api/auth/password': () => json(200, { message: 'Your password has been changed.' }),
    });
    const { user, location } = renderApp({ pathname: '/changePassword', state: { viaReset: true } });
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('New Password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/login'));
    expect(http.calls('PUT /api/auth/password')[0]?.body).toEqual({ newPassword: 'a brand new password' });
  });

  it('without a valid reset grant (401) tells the user to request a new code', async () => {
    stubFetch({
      'GET /api/auth/session': noSession,
      'PUT /api/auth/password': () =>
        problem(401, 'unauthenticated', 'Your password reset has expired or was already used.'),
    });
    const { user } = renderApp('/changePassword');
    await user.type(await screen.findByLabelText('New Password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/request a new code/i);
    expect(screen.getByRole('link', { name: 'Request a new code' })).toHaveAttribute('href', '/forgotPassword');
  });

  it('signed in (from the profile): asks for and sends the current password, then returns to the profile', async () => {
    const http = stubFetch({
      'GET /api/auth/session': () => json(200, { user: ADA }),
      'PUT /api/auth/password': () => json(200, { message: 'Your password has been changed.' }),
    });
    const { user, location } = renderApp('/changePassword');
    await user.type(await screen.findByLabelText('Current password'), 'old password 1');
    await user.type(screen.getByLabelText('New Password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location()?.pathname).toBe('/user-profile'));
    expect(http.calls('PUT /api/auth/password')[0]?.body).toEqual({
      newPassword: 'a brand new password',
      currentPassword: 'old password 1',
    });
  });

  it('signed in: a wrong current password is shown under its field', async () => {
    stubFetch({
      'GET /api/auth/session': () => json(200, { user: ADA }),
      'PUT /api/auth/password': () =>
        problem(400, 'validation_failed', 'Your current password is not correct.', [
          { field: 'currentPassword', rule: 'incorrect', message: 'is not your current password' },
        ]),
    });
    const { user } = renderApp('/changePassword');
    await user.type(await screen.findByLabelText('Current password'), 'wrong one');
    await user.type(screen.getByLabelText('New Password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'Your current password is not correct.',
      ),
    );
  });
});
