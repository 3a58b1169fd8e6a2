import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

export type Account = { name: string; email: string; password: string };

export function newAccount(prefix = 'user'): Account {
  const id = randomBytes(4).toString('hex');
  return { name: `Ada ${id}`, email: `${prefix}-${id}@example.org`, password: `correct horse ${id}` };
}

/** The /login page with its two panels. */
export class LoginPage {
  constructor(readonly page: Page) {}
  signInForm = () => this.page.getByRole('form', { name: 'Sign in form' });
  signUpForm = () => this.page.getByRole('form', { name: 'Sign up form' });

  async signUp(account: Account) {
    await this.page.goto('/signup');
    const form = this.signUpForm();
    await form.getByLabel('Name').fill(account.name);
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Sign Up' }).click();
  }

  async signIn(email: string, password: string) {
    await this.page.goto('/login');
    const form = this.signInForm();
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
  }
}

/**
 * Opens an address and waits until the app has taken the page over. A prerendered page is in its HTML at once but
 * inert until hydrated (its app loads after the first paint), and a test is quicker than a person: a file chosen or
 * text typed into the inert HTML is not seen by the app.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('[data-hydration-gate][inert]')).toHaveCount(0);
}

/** The navbar's account menu, opened from the round initial-letter button. */
export async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`account menu|${name}`, 'i') }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(
    page.getByRole('link', { name: 'Get Started' }).or(page.getByRole('button', { name: 'Get Started' })),
  ).toBeVisible();
}

/** HEALTH_DATA_CONSENT_VERSION in contracts/src/health-record.ts (the server refuses any other). */
export const CONSENT_VERSION = 'health-data-1';

type Fixtures = { account: Account; signedIn: Account; loginPage: LoginPage };

export const test = base.extend<Fixtures>({
  account: async ({}, use) => use(newAccount()),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  /** A fresh user, signed up and signed in through the real API, with the session cookie in the browser. */
  signedIn: async ({ page, account }, use) => {
    const res = await page.request.post('/api/auth/sign-up', { data: account });
    expect(res.status(), await res.text()).toBe(201);
    // Agreed to storing health data, as a returning user has (health-record.spec.ts walks the first-time prompt).
    const consent = await page.request.post('/api/health-record/consent', { data: { version: CONSENT_VERSION } });
    expect(consent.status(), await consent.text()).toBe(200);
    await use(account);
  },
});

export { expect };
