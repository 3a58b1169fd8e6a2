import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { HydrationGate } from '../../components/ui/hydration-gate';
import { currentLanguage, loadCatalogues, useT } from '../../lib/i18n';
import { Navbar } from './navbar';

/**
 * The footer shows only on / (docs/product.md#navigation-bar-and-footer). It is below the fold, so it loads after the
 * page, in its own chunk, with its texts (the home page's catalogue).
 */
const Footer = lazy(() =>
  Promise.all([import('./footer'), loadCatalogues(currentLanguage(), ['home'])]).then(([module]) => module),
);

export function AppShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { t } = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-teal-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('shell.skipToContent')}
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      {/* Outside <main>, so it is the page's contentinfo landmark. */}
      {pathname === '/' ? (
        <Suspense fallback={null}>
          <HydrationGate>
            <Footer />
          </HydrationGate>
        </Suspense>
      ) : null}
    </div>
  );
}
