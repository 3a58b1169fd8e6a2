import { CATALOGUE, getTest } from '@medibuddy/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { notifyInfo } from '../lib/notify';
import { describe, expect, it, vi } from 'vitest';
import { ADA, json, stubFetch, noSession } from '../test/http';
import { renderApp } from '../test/render';
import { AppProviders } from './providers';
import { CLINICAL_ROUTES, IMAGE_ROUTES } from './route-table';
import { pageKey } from './router';

describe('routes', () => {
  it.each(['/no/such/page', '/register'])('%s shows the Error 404 page with a link home', async (path) => {
    stubFetch({ 'GET /api/auth/session': noSession });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Error 404' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('home: what MediBuddy is, that it is not a diagnosis, and a footer with the 2024 copyright', async () => {
    stubFetch({ 'GET /api/auth/session': noSession });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^MediBuddy is not a diagnosis\./)).toBeInTheDocument();
    // The page's own notice (the footer, which may have loaded by now, says it too).
    expect(within(screen.getByRole('main')).getByText(/call your local emergency number/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/signup');
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('© 2024 MediBuddy');
  });

  it('home, signed in: links to the profile and does not repeat the welcome toast', async () => {
    stubFetch({ 'GET /api/auth/session': () => json(200, { user: ADA }) });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/user-profile');
    expect(screen.queryByText(/Welcome to MediBuddy/)).not.toBeInTheDocument();
  });

  it('serves every clinical test form and result page at the catalogue route', () => {
    const clinical = CATALOGUE.filter((t) => t.kind === 'clinical');
    expect(CLINICAL_ROUTES.map((r) => r.test).sort()).toEqual(clinical.map((t) => t.slug).sort());
    for (const route of CLINICAL_ROUTES) {
      expect(route.path).toBe(getTest(route.test).path);
      expect(route.result).toBe(getTest(route.test).resultRoute);
    }
  });

  it('serves every image test page and result page at the catalogue route', () => {
    const image = CATALOGUE.filter((t) => t.kind === 'image');
    expect(IMAGE_ROUTES.map((r) => r.test).sort()).toEqual(image.map((t) => t.slug).sort());
    expect(image.map((t) => t.id).sort()).toEqual([1, 2, 3, 5]);
    for (const route of IMAGE_ROUTES) {
      expect(route.path).toBe(getTest(route.test).path);
      expect(route.result).toBe(getTest(route.test).resultRoute);
    }
  });

  it('keys /login and /signup as one page, so switching panels does not fade the page', () => {
    expect(pageKey('/signup')).toBe(pageKey('/login'));
    expect(pageKey('/SignUp/')).toBe('/login');
    expect(pageKey('/user-profile')).not.toBe(pageKey('/login'));
  });
});

describe('page changes', () => {
  it('fade the leaving page out (0.5 s, inert, hidden from assistive technology), then fade the next one in', async () => {
    let endFade = () => {};
    const animate = vi.fn(() => ({ finished: new Promise<void>((resolve) => (endFade = resolve)), cancel: vi.fn() }));
    // jsdom has no Web Animations API: without it the next page comes at once.
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true, writable: true });
    try {
      stubFetch({ 'GET /api/auth/session': noSession });
      const { user } = renderApp('/no/such/page');
      await user.click(await screen.findByRole('link', { name: 'Go to the home page' }));

      expect(animate).toHaveBeenCalledWith(
        [{ opacity: 1 }, { opacity: 0 }],
        expect.objectContaining({ duration: 500 }),
      );
      const leaving = screen.getByText('Error 404');
      expect(leaving.closest('[inert]')).not.toBeNull();
      expect(screen.queryByRole('heading', { name: 'Error 404' })).not.toBeInTheDocument();
      expect(screen.queryByText(/^MediBuddy is not a diagnosis\./)).not.toBeInTheDocument();

      await act(async () => endFade());
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByText('Error 404')).not.toBeInTheDocument();
      expect(heading.closest('.animate-\\[fade-in_0\\.5s_ease-in-out\\]')).not.toBeNull();
    } finally {
      delete (HTMLElement.prototype as { animate?: unknown }).animate;
    }
  });
});

describe('toasts', () => {
  it('show at most 20 at once, each announced in a live region', async () => {
    stubFetch({});
    render(<AppProviders>{null}</AppProviders>);
    act(() => {
      for (let i = 1; i <= 25; i++) notifyInfo(`Message ${i}`, `message-${i}`);
    });
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(20));
    expect(screen.getByText('Message 25')).toBeInTheDocument();
    expect(screen.queryByText('Message 5')).not.toBeInTheDocument();
    for (const region of screen.getAllByRole('status')) expect(region).toHaveAttribute('aria-live', 'polite');
  });
});
