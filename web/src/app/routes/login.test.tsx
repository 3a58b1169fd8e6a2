import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, problem, stubFetch, noSession } from '../../test/http';
import { renderApp, submitSignUp } from '../../test/render';

const signInForm = () => screen.getByRole('form', { name: 'Sign in form' });
const signUpForm = () => screen.getByRole('form', { name: 'Sign up form' });
const panelOf = (form: HTMLElement) => form.closest('section')!;

describe('/login and /signup', () => {
  it('opens on the sign-in panel and toggles to sign-up and back, keeping what was typed', async () => {
    stubFetch({ 'GET /api/auth/session': noSession });
    const { user, location } = renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello, Friend!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(panelOf(signInForm())).not.toHaveAttribute('inert');
    expect(panelOf(signUpForm())).toHaveAttribute('inert');
    expect(within(signInForm()).getByRole('link', { name: 'Forget Your Password?' })).toHaveAttribute(
      'href',
      '/forgotPassword',
    );

    // The overlay's Sign Up button (outside the forms) switches panels.
    const overlaySignUp = screen.getAllByRole('button', { name: 'Sign Up' }).find((b) => !signUpForm().contains(b))!;
    await user.click(overlaySignUp);
    await waitFor(() => expect(location()?.pathname).toBe('/signup'));
    expect(panelOf(signUpForm())).not.toHaveAttribute('inert');
    expect(panelOf(signInForm())).toHaveAttribute('inert');
    expect(screen.getByRole('heading', { name: 'Create Account' })).toHaveFocus();

    await user.type(within(signUpForm()).getByLabelText('Name'), 'Ada');
    const overlaySignIn = screen.getAllByRole('button', { name: 'Sign In' }).find((b) => !signInForm().contains(b))!;
    await user.click(overlaySignIn);
    await waitFor(() => expect(location()?.pathname).toBe('/login'));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toHaveFocus();
    expect(within(signUpForm()).getByLabelText('Name')).toHaveValue('Ada');
  });

  it('/signup opens on the sign-up panel with Name, Email and Password', async () => {
    stubFetch({ 'GET /api/auth/session': noSession });
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(panelOf(signUpForm())).not.toHaveAttribute('inert');
    const form = within(signUpForm());
    expect(form.getByLabelText('Name')).toBeRequired();
    expect(form.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(form.getByLabelText('Password')).toHaveAccessibleDescription(/8 to 128 characters/);
  });

  it('validates sign-up with the contract before calling the server, and focuses the first invalid field', async () => {
    const http = stubFetch({ 'GET /api/auth/session': noSession });
    const { user } = renderApp('/signup');
    const form = within(await screen.findByRole('form', { name: 'Sign up form' }));

    await user.click(form.getByRole('button', { name: 'Sign Up' }));
    const name = form.getByLabelText('Name');
    // The first submit waits for the contracts' schemas, which no page loads before a form is used.
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Name is required.');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Email is required.');
    await waitFor(() => expect(name).toHaveFocus());

    await user.type(name, 'Ada');
    await user.type(form.getByLabelText('Email'), 'not-an-email');
    await user.type(form.getByLabelText('Password'), 'short');
    await user.click(form.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Email must be a valid email address.'),
    );
    expect(form.getByLabelText('Password')).toHaveAccessibleDescription(/^Password must be at least 8 characters\./);
    await waitFor(() => expect(form.getByLabelText('Email')).toHaveFocus());
    expect(form.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(http.calls('POST /api/auth/sign-up')).toHaveLength(0);
  });

  it('shows a server field error under its field (an email already registered)', async () => {
    stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/auth/sign-up': () =>
        problem(409, 'email_taken', 'An account with this email already exists. Sign in, or reset your password.', [
          { field: 'email', rule: 'taken', message: 'is already registered' },
        ]),
    });
    const { user } = renderApp('/signup');
    const form = await submitSignUp(user);
    const email = form.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(/already exists/));
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('shows the server sentence for a wrong password, never a blank toast, and stays on /login', async () => {
    const http = stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/auth/sign-in': () => problem(401, 'invalid_credentials', 'The email or password is incorrect.'),
    });
    const { user, location } = renderApp('/login');
    const form = within(await screen.findByRole('form', { name: 'Sign in form' }));
    await user.type(form.getByLabelText('Email'), ' Ada@Example.org ');
    await user.type(form.getByLabelText('Password'), 'wrong password');
    await user.click(form.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The email or password is incorrect.')).toBeInTheDocument();
    expect(http.calls('POST /api/auth/sign-in')[0]?.body).toEqual({
      email: 'ada@example.org',
      password: 'wrong password',
    });
    expect(location()?.pathname).toBe('/login');
  });

  it('signs in: busy button, success toast with the server message, then home with the initial-letter menu', async () => {
    let release: () => void = () => {};
    stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/auth/sign-in': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, { user: ADA, message: 'Signed in successfully.' }));
        }),
    });
    const { user, location } = renderApp('/login');
    const form = within(await screen.findByRole('form', { name: 'Sign in form' }));
    await user.type(form.getByLabelText('Email'), 'ada@example.org');
    await user.type(form.getByLabelText('Password'), 'correct horse battery');
    await user.click(form.getByRole('button', { name: 'Sign In' }));
    const busy = await form.findByRole('button', { name: 'Signing in...' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText('Signed in successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: /account menu/i })).toHaveTextContent(/^A$/);
  });

  it('sends a visitor from /user-profile to /login and back there after signing in', async () => {
    let isSignedIn = false;
    stubFetch({
      'GET /api/auth/session': () => json(200, { user: isSignedIn ? ADA : null }),
      'POST /api/auth/sign-in': () => {
        isSignedIn = true;
        return json(200, { user: ADA, message: 'Signed in successfully.' });
      },
    });
    const { user, location } = renderApp('/user-profile');
    const form = within(await screen.findByRole('form', { name: 'Sign in form' }));
    expect(location()?.pathname).toBe('/login');
    await user.type(form.getByLabelText('Email'), 'ada@example.org');
    await user.type(form.getByLabelText('Password'), 'correct horse battery');
    await user.click(form.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()?.pathname).toBe('/user-profile'));
    expect(await screen.findByText(ADA.email)).toBeInTheDocument();
  });

  it('sends an already signed-in visitor home', async () => {
    stubFetch({ 'GET /api/auth/session': () => json(200, { user: ADA }) });
    const { location } = renderApp('/login');
    await waitFor(() => expect(location()?.pathname).toBe('/'));
  });
});
