import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { expect, LoginPage, newAccount, signOut, test } from '../support/fixtures';
import { APP_PORT, SMTP_PORT } from '../playwright.config';
import { startAppServer } from '../support/app-server';
import { waitForCode } from '../support/mail';

test.describe('the account journey', () => {
  test('sign up, sign out, sign in, and the session survives a reload', async ({ page, loginPage, account }) => {
    await loginPage.signUp(account);
    await expect(page).toHaveURL('/');
    await expect(page.getByText(`Welcome to MediBuddy, ${account.name}!`)).toBeVisible();
    const initial = page.getByRole('button', { name: /account menu/i });
    await expect(initial).toHaveText(account.name[0]!.toUpperCase());

    await page.reload();
    await expect(initial).toBeVisible();

    await signOut(page, account.name);
    await expect(page.getByText('You have been signed out.')).toBeVisible();

    await loginPage.signIn(account.email.toUpperCase(), account.password);
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Signed in successfully.')).toBeVisible();
  });

  test('a wrong password says so and keeps the visitor signed out', async ({ page, loginPage, signedIn }) => {
    await page.context().clearCookies();
    await loginPage.signIn(signedIn.email, 'not the password');
    await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a taken email is named on sign-up', async ({ page, loginPage, signedIn }) => {
    await page.context().clearCookies();
    await loginPage.signUp({ ...newAccount(), email: signedIn.email });
    await expect(page.getByText(/already/i).first()).toBeVisible();
  });

  test('forgot password: code by e-mail, new password, sign in with it', async ({ page, loginPage, signedIn }) => {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forget Your Password?' }).click();
    await expect(page).toHaveURL('/forgotPassword');

    const since = Date.now();
    await page.getByLabel('Email').fill(signedIn.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('OTP sent successfully')).toBeVisible();
    const code = await waitForCode(signedIn.email, since);

    const otp = page.getByLabel('OTP');
    await otp.pressSequentially('ab12');
    await expect(otp).toHaveValue('12');
    await otp.fill(code);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/changePassword');

    await page.getByLabel('New Password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Confirm Password').fill('a different password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page).toHaveURL('/changePassword');

    await page.getByLabel('Confirm Password').fill('a brand new password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/login');

    await loginPage.signIn(signedIn.email, signedIn.password);
    await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
    await loginPage.signIn(signedIn.email, 'a brand new password');
    await expect(page).toHaveURL('/');
  });

  test('a wrong code, and a code replaced by a newer one, are refused', async ({ page, signedIn }) => {
    await page.context().clearCookies();
    await page.goto('/forgotPassword');
    const first = Date.now();
    await page.getByLabel('Email').fill(signedIn.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const oldCode = await waitForCode(signedIn.email, first);

    await page.getByLabel('OTP').fill(oldCode === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: /code/i }).first(),
    ).toBeVisible();
    await expect(page).toHaveURL('/forgotPassword');

    const second = Date.now() + 1;
    await page.waitForTimeout(5);
    await page.getByRole('button', { name: /send a new code/i }).click();
    const newCode = await waitForCode(signedIn.email, second);
    // The e-mail leaves before the answer, which is held to a fixed time (so it cannot tell which addresses
    // have accounts); the form takes no code while it is sending.
    await expect(page.getByRole('button', { name: /send a new code/i })).toBeEnabled();
    test.skip(newCode === oldCode, 'the two random codes happen to be equal');
    await page.getByLabel('OTP').fill(oldCode);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/forgotPassword');
    await page.getByLabel('OTP').fill(newCode);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/changePassword');
  });

  test('an expired code is refused with a way forward', async ({ browser }) => {
    // A second instance of the app whose codes last 5 seconds instead of 10 minutes.
    const shortLived = await startAppServer({
      port: APP_PORT + 1,
      smtpPort: SMTP_PORT,
      env: { RESET_CODE_TTL_SECONDS: '5' },
    });
    try {
      const context = await browser.newContext({ baseURL: shortLived.origin });
      const page = await context.newPage();
      const account = newAccount('expiry');
      expect((await page.request.post('/api/auth/sign-up', { data: account })).status()).toBe(201);
      await context.clearCookies();

      await page.goto('/forgotPassword');
      const since = Date.now();
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      const code = await waitForCode(account.email, since);
      await page.waitForTimeout(6_000);
      await page.getByLabel('OTP').fill(code);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText(/code has expired/i).first()).toBeVisible();
      await expect(page.getByText(/request a new code/i).first()).toBeVisible();
      await expect(page).toHaveURL(/\/forgotPassword$/);
      await context.close();
    } finally {
      await shortLived.stop();
    }
  });

  test('profile: avatar upload, a non-image refused, feedback sent', async ({ page, signedIn }) => {
    await page.goto('/user-profile');
    await expect(page.getByText(signedIn.email)).toBeVisible();

    const notImage = path.join(tmpdir(), 'not-an-image.png');
    writeFileSync(notImage, 'this is text pretending to be a picture');
    await page
      .getByLabel(/upload|profile picture|avatar/i)
      .first()
      .setInputFiles(notImage);
    await page.getByRole('button', { name: /upload/i }).click();
    await expect(
      page.getByText(/not a (valid|readable)? ?image|could not be read|JPEG, PNG or WebP/i).first(),
    ).toBeVisible();

    await page
      .getByLabel(/upload|profile picture|avatar/i)
      .first()
      .setInputFiles(path.join(import.meta.dirname, '..', 'support', 'avatar.png'));
    await page.getByRole('button', { name: /upload/i }).click();
    await expect(page.getByText('Profile picture updated.')).toBeVisible();
    await expect(page.getByRole('img', { name: /profile picture|avatar/i }).first()).toHaveAttribute(
      'src',
      /\/uploads\/avatars\//,
    );

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please enter your feedback.')).toBeVisible();
    await page.getByLabel('Feedback').fill('Clear and quick, thank you.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
  });

  test('a visitor opening the profile is sent to sign in and comes back', async ({ page, account }) => {
    const loginPage = new LoginPage(page);
    await page.request.post('/api/auth/sign-up', { data: account });
    await page.context().clearCookies();
    await page.goto('/user-profile');
    await expect(page).toHaveURL(/\/login/);
    const form = loginPage.signInForm();
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/user-profile');
  });

  test('an unknown path shows the Error 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Error 404' })).toBeVisible();
  });
});
