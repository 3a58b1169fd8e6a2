import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { AppShell } from '../app/layout/app-shell';
import { AnimatedRoutes } from '../app/router';

let currentLocation: ReturnType<typeof useLocation> | undefined;

function LocationProbe() {
  currentLocation = useLocation();
  return null;
}

/** The whole app (providers, navbar, animated routes, toasts) at `path`, with fetch stubbed by the test. */
export function renderApp(path: string | { pathname: string; state?: unknown } = '/') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppShell>
          <AnimatedRoutes />
        </AppShell>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, queryClient, location: () => currentLocation };
}

/** Signs up as Ada on the sign-up page (Ada, ada@example.org); returns the form, to read what it shows after. */
export async function submitSignUp(user: UserEvent) {
  const form = within(await screen.findByRole('form', { name: 'Sign up form' }));
  await user.type(form.getByLabelText('Name'), 'Ada');
  await user.type(form.getByLabelText('Email'), 'ada@example.org');
  await user.type(form.getByLabelText('Password'), 'correct horse battery');
  await user.click(form.getByRole('button', { name: 'Sign Up' }));
  return form;
}
