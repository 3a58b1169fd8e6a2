import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, stubFetch, noSession } from '../../test/http';
import { renderApp } from '../../test/render';
import { isNavbarHidden, PAGES_WITHOUT_NAVBAR } from './navbar';

describe('navbar', () => {
  it.each(PAGES_WITHOUT_NAVBAR)('is hidden on %s', async (path) => {
    stubFetch({ 'GET /api/auth/session': noSession });
    renderApp(path);
    // Wait for the page itself (a heading), then check there is no main navigation.
    await screen.findAllByRole('heading');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('treats case and a trailing slash like the router does', () => {
    expect(isNavbarHidden('/Login/')).toBe(true);
    expect(isNavbarHidden('/forgotpassword')).toBe(true);
    expect(isNavbarHidden('/')).toBe(false);
    expect(isNavbarHidden('/diagnosis')).toBe(false);
    expect(isNavbarHidden('/no/such/page')).toBe(false);
  });

  it('signed out: brand, Home, Diagnosis, Medicines and a Get Started link to /login', async () => {
    stubFetch({ 'GET /api/auth/session': noSession });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'MediBuddy' })).toHaveAttribute('href', '/');
    expect(await within(nav).findByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    const desktopLinks = within(nav).getAllByRole('link', { name: /^(Home|Diagnosis|Medicines)$/ });
    expect(desktopLinks.map((a) => a.getAttribute('href'))).toEqual(['/', '/diagnosis', '/medicines']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link', { name: 'Check a symptom' })[0]).toHaveAttribute('href', '/symptom-check');
  });

  it('has a mobile menu toggle that reports its state and closes on Escape', async () => {
    stubFetch({ 'GET /api/auth/session': noSession });
    const { user } = renderApp('/');
    // The home page arrives in its own chunk; its heading takes focus when it mounts after an earlier test's page
    // (PageHeading), so wait for it before moving focus.
    await screen.findByRole('heading', { level: 1 });
    const toggle = await screen.findByRole('button', { name: 'Navigation' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Medicines' })).toHaveAttribute('href', '/medicines');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('signed in: a round button with the upper-case initial opens a menu with Profile, Dashboard and Logout', async () => {
    stubFetch({ 'GET /api/auth/session': () => json(200, { user: ADA }) });
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const button = await screen.findByRole('button', { name: 'Account menu for ada Lovelace' });
    expect(button).toHaveTextContent(/^A$/);
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();

    await user.click(button);
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Profile', 'Dashboard', 'Logout']);
    expect(items[0]).toHaveAttribute('href', '/user-profile');
    expect(items[1]).toHaveAttribute('href', '/health-record');
    await waitFor(() => expect(items[0]).toHaveFocus());

    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('Logout signs out, toasts the server message and shows Get Started again', async () => {
    let isSignedIn = true;
    const http = stubFetch({
      'GET /api/auth/session': () => json(200, { user: isSignedIn ? ADA : null }),
      'POST /api/auth/sign-out': () => {
        isSignedIn = false;
        return json(200, { message: 'You have been signed out.' });
      },
    });
    const { user, location } = renderApp('/no/such/page');
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Get Started' })).toBeInTheDocument());
    expect(http.calls('POST /api/auth/sign-out')).toHaveLength(1);
  });
});
