import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { BrowserRouter, matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { HydrationGate } from '../components/ui/hydration-gate';
import { PageLeavingContext } from '../components/ui/page-leaving';
import { PageLoading } from '../components/ui/spinner';
import { basenameOf, currentLanguage, loadCatalogues, type Namespace } from '../lib/i18n';
import { usePrefersReducedMotion } from '../lib/use-browser-value';
import { AppShell } from './layout/app-shell';
import { CLINICAL_ROUTES, IMAGE_ROUTES, PLAIN_ROUTES, TRANSLATED_PAGES, type PlainPageFile } from './route-table';
import { RouteErrorBoundary } from './layout/route-error-boundary';

type PageModule<P> = { default: ComponentType<P> };

/**
 * A code-split page that can also be fetched ahead of time (while the previous page fades out). Its code comes with
 * the catalogues of its own texts in the page's language (decision 032), so it renders once both are there.
 */
function lazyPage<P extends object = object>(
  load: () => Promise<PageModule<P>>,
  namespaces: readonly Namespace[] = [],
) {
  const loadWithTexts = () =>
    Promise.all([load(), loadCatalogues(currentLanguage(), namespaces)]).then(([module]) => module);
  return { Page: lazy(loadWithTexts), preload: loadWithTexts };
}

// Keyed by page file (src/app/routes/<file>.tsx), as route-table.ts names them.
const pages = {
  // Its own chunk like every page, so that the other pages' first visit does not download it; its HTML is prerendered
  // and preloads the chunk (decision 014), so it costs no round trip of its own.
  home: lazyPage(() => import('./routes/home'), ['home']),
  login: lazyPage(() => import('./routes/login'), ['auth']),
  'forgot-password': lazyPage(() => import('./routes/forgot-password'), ['auth']),
  'change-password': lazyPage(() => import('./routes/change-password'), ['auth', 'account']),
  'user-profile': lazyPage(() => import('./routes/user-profile'), ['account']),
  'health-record': lazyPage(() => import('./routes/health-record'), ['account', 'catalogue']),
  diagnosis: lazyPage(() => import('./routes/diagnosis'), ['catalogue']),
  medicines: lazyPage(() => import('./routes/medicines'), ['medicines']),
  medibuddy: lazyPage(() => import('./routes/medibuddy'), ['chat']),
  'symptom-check': lazyPage(() => import('./routes/symptom-check'), ['triage']),
  about: lazyPage(() => import('./routes/about'), ['site']),
  privacy: lazyPage(() => import('./routes/privacy'), ['site']),
  terms: lazyPage(() => import('./routes/terms'), ['site']),
  'data-sources': lazyPage(() => import('./routes/data-sources'), ['site']),
  contact: lazyPage(() => import('./routes/contact'), ['site']),
} satisfies Record<PlainPageFile, PageEntry>;

const clinicalTest = lazyPage(() => import('./routes/clinical-test'), ['catalogue', 'tests']);
const imageTest = lazyPage(() => import('./routes/image-test'), ['catalogue', 'images']);
const assessmentResult = lazyPage(() => import('./routes/assessment-result'), ['catalogue', 'results']);
const notFound = lazyPage(() => import('./routes/not-found'));

/** A page that takes no props. */
type PageEntry = { Page: ComponentType; preload: () => Promise<unknown> };

/**
 * A page whose texts are not in the catalogues yet (route-table.ts, TRANSLATED_PAGES) shows them in English on the
 * Hindi site too, and says so to screen readers and search engines.
 */
function inLanguageOf(file: string, element: ReactNode): ReactNode {
  return TRANSLATED_PAGES.includes(file) || currentLanguage() === 'en' ? element : <div lang="en">{element}</div>;
}

function route(path: string, page: PageEntry, file: string): RouteObject {
  return { path, element: inLanguageOf(file, <page.Page />), handle: { preload: page.preload } };
}

function imageRoutes(): RouteObject[] {
  return IMAGE_ROUTES.flatMap(({ test, path, result }) => [
    {
      path,
      element: inLanguageOf('image-test', <imageTest.Page test={test} />),
      handle: { preload: imageTest.preload },
    },
    {
      path: result,
      element: inLanguageOf('assessment-result', <assessmentResult.Page test={test} />),
      handle: { preload: assessmentResult.preload },
    },
  ]);
}

function clinicalRoutes(): RouteObject[] {
  return CLINICAL_ROUTES.flatMap(({ test, path, result }) => [
    {
      path,
      element: inLanguageOf('clinical-test', <clinicalTest.Page test={test} />),
      handle: { preload: clinicalTest.preload },
    },
    {
      path: result,
      element: inLanguageOf('assessment-result', <assessmentResult.Page test={test} />),
      handle: { preload: assessmentResult.preload },
    },
  ]);
}

/**
 * The routes of docs/product.md#routes-and-pages (route-table.ts says which page serves which path). What is not built
 * falls to the 404 page rather than pretend to work.
 */
const appRoutes = (): RouteObject[] => [
  ...PLAIN_ROUTES.map(([path, file]) => route(path, pages[file], file)),
  ...clinicalRoutes(),
  ...imageRoutes(),
  route('*', notFound, 'not-found'),
];

/** /login and /signup are one page with two panels: switching between them slides, it does not fade. */
export function pageKey(pathname: string): string {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return path === '/signup' ? '/login' : path;
}

function RoutesAt({ location }: { location: Location }) {
  // Built for the page's language, which is set before the first render and never changes on a page load.
  const [routes] = useState(appRoutes);
  return useRoutes(routes, location);
}

/** The page on screen: while it differs from the address's page, it is fading out to make way for it. */
type ShownPage = { key: string; location: Location; isEntering: boolean };

const PAGE_FADE_MS = 500;

/**
 * Each page fades in on entry and out on exit in 0.5 s, one after the other. The leaving page keeps rendering
 * its own location, so it does not turn into the next page while it fades; it can still be seen, but not used, read
 * out or found by its labels. The fade out is the Web Animations API and the fade in a CSS animation: no animation
 * library in the first download. The page the visitor arrived on shows at once (it is not a page change).
 */
export function AnimatedRoutes() {
  const location = useLocation();
  const key = pageKey(location.pathname);
  const prefersReducedMotion = usePrefersReducedMotion();
  const [shown, setShown] = useState<ShownPage>({ key, location, isEntering: false });
  const frameRef = useRef<HTMLDivElement>(null);
  // The address to show once the fade out ends (it may change again meanwhile).
  const latest = useRef({ key, location });
  useLayoutEffect(() => {
    latest.current = { key, location };
  }, [key, location]);

  // Within one page (/login and /signup, a new query string), the page follows the address at once.
  if (shown.key === key && shown.location !== location) setShown({ ...shown, location });
  const isLeaving = shown.key !== key;

  useEffect(() => {
    for (const match of matchRoutes(appRoutes(), location) ?? []) {
      (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.().catch(() => {
        // The page's own Suspense boundary reports a chunk that cannot be loaded.
      });
    }
  }, [location]);

  useEffect(() => {
    if (!isLeaving) return;
    const showNext = () => {
      window.scrollTo(0, 0);
      setShown({ ...latest.current, isEntering: true });
    };
    const frame = frameRef.current;
    // Without the Web Animations API (jsdom) or with reduced motion, the next page comes at once.
    if (prefersReducedMotion || typeof frame?.animate !== 'function') {
      showNext();
      return;
    }
    const fade = frame.animate([{ opacity: 1 }, { opacity: 0 }], {
      duration: PAGE_FADE_MS,
      easing: 'ease-in-out',
      fill: 'forwards',
    });
    fade.finished.then(showNext, () => {
      // Cancelled: this page was unmounted before it finished fading.
    });
    return () => fade.cancel();
    // Started once per leaving page: a further change of address while it fades is read from `latest` at the end.
  }, [isLeaving, prefersReducedMotion]);

  return (
    <div
      key={shown.key}
      ref={frameRef}
      className={`flex min-h-full flex-1 flex-col${shown.isEntering ? ' animate-[fade-in_0.5s_ease-in-out]' : ''}`}
    >
      <PageLeavingContext value={isLeaving}>
        <div inert={isLeaving} aria-hidden={isLeaving || undefined} className="flex flex-1 flex-col">
          <RouteErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <HydrationGate>
                <RoutesAt location={shown.location} />
              </HydrationGate>
            </Suspense>
          </RouteErrorBoundary>
        </div>
      </PageLeavingContext>
    </div>
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
    <BrowserRouter basename={basenameOf(currentLanguage())}>
      <AppRoutes />
    </BrowserRouter>
  );
}
