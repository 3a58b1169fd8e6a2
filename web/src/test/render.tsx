import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
