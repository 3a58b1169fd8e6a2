import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { AnimatePresence, m, useIsPresent, useReducedMotion } from 'motion/react';
import { BrowserRouter, matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { PageLeavingContext } from '../components/ui/page-leaving';
import { PageLoading } from '../components/ui/spinner';
import { AppShell } from './layout/app-shell';
import { Footer } from './layout/footer';
import { RouteErrorBoundary } from './layout/route-error-boundary';

type PageModule = { default: ComponentType };

/** A code-split page that can also be fetched ahead of time (while the previous page fades out). */
function lazyPage(load: () => Promise<PageModule>) {
  return { Page: lazy(load), preload: load };
}

const pages = {
  home: lazyPage(() => import('./routes/home')),
  login: lazyPage(() => import('./routes/login')),
  forgotPassword: lazyPage(() => import('./routes/forgot-password')),
  changePassword: lazyPage(() => import('./routes/change-password')),
  userProfile: lazyPage(() => import('./routes/user-profile')),
  notFound: lazyPage(() => import('./routes/not-found')),
};

type PageEntry = (typeof pages)[keyof typeof pages];

function route(path: string, page: PageEntry): RouteObject {
  return { path, element: <page.Page />, handle: { preload: page.preload } };
}

/**
 * Spec §2 route table, as far as built. /diagnosis, /medicines, /medibuddy and the test and result pages
 * are not built yet: they fall to the 404 page rather than pretend to work.
 */
export const appRoutes: RouteObject[] = [
  route('/', pages.home),
  route('/login', pages.login),
  route('/signup', pages.login),
  route('/forgotPassword', pages.forgotPassword),
  route('/changePassword', pages.changePassword),
  route('/user-profile', pages.userProfile),
  route('*', pages.notFound),
];

/** /login and /signup are one page with two panels: switching between them slides, it does not fade. */
export function pageKey(pathname: string): string {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return path === '/signup' ? '/login' : path;
}

function RoutesAt({ location }: { location: Location }) {
  return useRoutes(appRoutes, location);
}

/** A page on its way out can still be seen fading, but not used, read out or found by its labels. */
function PageFrame({ children }: { children: ReactNode }) {
  const isLeaving = !useIsPresent();
  return (
    <PageLeavingContext value={isLeaving}>
      <div inert={isLeaving} aria-hidden={isLeaving || undefined} className="flex flex-1 flex-col">
        {children}
      </div>
    </PageLeavingContext>
  );
}

/**
 * Each page fades in on entry and out on exit (spec: 0.5 s). The exiting page keeps rendering its own
 * location (useRoutes with a location), so it does not turn into the next page while it fades.
 */
export function AnimatedRoutes() {
  const location = useLocation();
  const prefersReducedMotion = useReducedMotion();

  useEffect(() => {
    for (const match of matchRoutes(appRoutes, location) ?? []) {
      (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.().catch(() => {
        // The page's own Suspense boundary reports a chunk that cannot be loaded.
      });
    }
  }, [location]);

  return (
    <AnimatePresence mode="wait" onExitComplete={() => window.scrollTo(0, 0)}>
      <m.div
        key={pageKey(location.pathname)}
        initial={{ opacity: 0 }}
        animate={{ opacity: 1 }}
        exit={{ opacity: 0 }}
        transition={{ duration: prefersReducedMotion ? 0 : 0.5, ease: 'easeInOut' }}
        className="flex min-h-full flex-1 flex-col"
      >
        <PageFrame>
          <RouteErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <RoutesAt location={location} />
            </Suspense>
          </RouteErrorBoundary>
          {location.pathname === '/' ? <Footer /> : null}
        </PageFrame>
      </m.div>
    </AnimatePresence>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppShell>
        <AnimatedRoutes />
      </AppShell>
    </BrowserRouter>
  );
}
