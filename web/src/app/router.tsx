import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { AnimatePresence, m, useIsPresent, useReducedMotion } from 'motion/react';
import { BrowserRouter, matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { HydrationGate } from '../components/ui/hydration-gate';
import { PageLeavingContext } from '../components/ui/page-leaving';
import { PageLoading } from '../components/ui/spinner';
import { AppShell } from './layout/app-shell';
import HomeRoute from './routes/home';
import { CLINICAL_ROUTES, IMAGE_ROUTES, PLAIN_ROUTES, type PlainPageFile } from './route-table';
import { RouteErrorBoundary } from './layout/route-error-boundary';

type PageModule<P> = { default: ComponentType<P> };

/** A code-split page that can also be fetched ahead of time (while the previous page fades out). */
function lazyPage<P extends object = object>(load: () => Promise<PageModule<P>>) {
  return { Page: lazy(load), preload: load };
}

// Keyed by page file (src/app/routes/<file>.tsx), as route-table.ts names them.
const pages = {
  // The page most visitors land on is in the first download: no second round trip before it paints.
  home: { Page: HomeRoute, preload: () => Promise.resolve() },
  login: lazyPage(() => import('./routes/login')),
  'forgot-password': lazyPage(() => import('./routes/forgot-password')),
  'change-password': lazyPage(() => import('./routes/change-password')),
  'user-profile': lazyPage(() => import('./routes/user-profile')),
  'health-record': lazyPage(() => import('./routes/health-record')),
  diagnosis: lazyPage(() => import('./routes/diagnosis')),
  medicines: lazyPage(() => import('./routes/medicines')),
  medibuddy: lazyPage(() => import('./routes/medibuddy')),
  'symptom-check': lazyPage(() => import('./routes/symptom-check')),
  about: lazyPage(() => import('./routes/about')),
  privacy: lazyPage(() => import('./routes/privacy')),
  terms: lazyPage(() => import('./routes/terms')),
  'data-sources': lazyPage(() => import('./routes/data-sources')),
  contact: lazyPage(() => import('./routes/contact')),
} satisfies Record<PlainPageFile, PageEntry>;

const clinicalTest = lazyPage(() => import('./routes/clinical-test'));
const imageTest = lazyPage(() => import('./routes/image-test'));
const assessmentResult = lazyPage(() => import('./routes/assessment-result'));
const notFound = lazyPage(() => import('./routes/not-found'));

/** A page that takes no props. */
type PageEntry = { Page: ComponentType; preload: () => Promise<unknown> };

function route(path: string, page: PageEntry): RouteObject {
  return { path, element: <page.Page />, handle: { preload: page.preload } };
}

function imageRoutes(): RouteObject[] {
  return IMAGE_ROUTES.flatMap(({ test, path, result }) => [
    { path, element: <imageTest.Page test={test} />, handle: { preload: imageTest.preload } },
    { path: result, element: <assessmentResult.Page test={test} />, handle: { preload: assessmentResult.preload } },
  ]);
}

function clinicalRoutes(): RouteObject[] {
  return CLINICAL_ROUTES.flatMap(({ test, path, result }) => [
    { path, element: <clinicalTest.Page test={test} />, handle: { preload: clinicalTest.preload } },
    { path: result, element: <assessmentResult.Page test={test} />, handle: { preload: assessmentResult.preload } },
  ]);
}

/**
 * Spec §2 route table (route-table.ts says which page serves which path). What is not built falls to the 404 page
 * rather than pretend to work.
 */
export const appRoutes: RouteObject[] = [
  ...PLAIN_ROUTES.map(([path, file]) => route(path, pages[file])),
  ...clinicalRoutes(),
  ...imageRoutes(),
  route('*', notFound),
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
  // True while the page the visitor arrived on mounts; `initial` is read only when a page mounts, so every
  // later page fades in.
  const isFirstPage = useRef(true);
  useEffect(() => {
    isFirstPage.current = false;
  }, []);

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
        // The first page shows at once (it is not a page change, and a fade would hold back the first paint
        // until the animation code has loaded); every later page fades in.
        initial={isFirstPage.current ? false : { opacity: 0 }}
        animate={{ opacity: 1 }}
        exit={{ opacity: 0 }}
        transition={{ duration: prefersReducedMotion ? 0 : 0.5, ease: 'easeInOut' }}
        className="flex min-h-full flex-1 flex-col"
      >
        <PageFrame>
          <RouteErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <HydrationGate>
                <RoutesAt location={location} />
              </HydrationGate>
            </Suspense>
          </RouteErrorBoundary>
        </PageFrame>
      </m.div>
    </AnimatePresence>
  );
}

/** The app inside a router: BrowserRouter in the browser, StaticRouter when the build prerenders a page. */
export function AppRoutes() {
  return (
    <AppShell>
      <AnimatedRoutes />
    </AppShell>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
