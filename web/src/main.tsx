import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { activateLanguage, languageOfPath, loadCatalogues, pathIn, storedLanguage } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's language is its address (/hi/... is Hindi, decision 032). A language chosen earlier in this browser
// (the switcher) wins: the same page in that language is loaded instead.
const language = languageOfPath(window.location.pathname);
const chosen = storedLanguage();
if (chosen && chosen !== language) {
  window.location.replace(pathIn(chosen, window.location.pathname) + window.location.search + window.location.hash);
} else {
  void start(root);
}

async function start(root: HTMLElement) {
  document.documentElement.lang = language;
  // A Hindi page the build did not prerender (its HTML is English index.html) gets the Devanagari font here; a
  // prerendered one has it in its head already (build/prerender.ts, DEVANAGARI_FONT_ID), so fetches nothing for it.
  if (language === 'hi' && !document.getElementById('devanagari-font'))
    void import('./lib/devanagari-font').then((font) => font.installDevanagariFont());
  // The shell's texts (navbar, shared notices, form validation) before the first render; a page's own come with it.
  await loadCatalogues(language, ['common']);
  activateLanguage(language);

  const app = (
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>
  );

  // The build prerendered this page's HTML for exactly this address (data-prerendered): React takes it over as it is
  // (hydration). For any other address (another case, a query string) the page is rendered afresh.
  const prerenderedFor = root.dataset.prerendered;
  const isPrerendered =
    prerenderedFor !== undefined && prerenderedFor === window.location.pathname + window.location.search;

  // The first render as a transition: React renders it in slices of a few milliseconds, so a slow phone stays
  // responsive while the page is built (no long task); the prerendered page or index.html's static bar is on
  // screen meanwhile.
  startTransition(() => {
    if (isPrerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
