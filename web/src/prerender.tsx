import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { activateLanguage, basenameOf, languageOfPath, loadCatalogues, NAMESPACES } from './lib/i18n';

export { DEVANAGARI_FONT_CSS } from './lib/devanagari-font';

async function renderOnce(url: string): Promise<string> {
  const language = languageOfPath(url);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url} basename={basenameOf(language)}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // React otherwise moves a large part (over 12.8 KB) out of line, to be put in place by an inline script.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** A part that waited for code (a lazy import) is sent after the page, with an inline script to put it in place. */
const hasStreamedParts = (html: string) => html.includes('<!--$?-->') || html.includes('<script');

/**
 * The HTML of one page as a visitor's browser first renders it (session not yet known, no draft, no query string),
 * for the build to put into that page's index.html (web/build/prerender.ts). main.tsx hydrates it with the same
 * tree, BrowserRouter in place of StaticRouter.
 *
 * A lazy part suspends the first time it renders even once its code is loaded, and React then streams it after the
 * page with an inline script, which the CSP forbids and a static page cannot use. So the page is rendered again
 * until every lazy part is loaded and nothing suspends (each pass can discover lazy parts nested in the last).
 */
export async function renderPage(url: string): Promise<string> {
  // Pages are rendered one after another, each in its address's language (decision 032).
  const language = languageOfPath(url);
  await loadCatalogues(language, NAMESPACES);
  activateLanguage(language);
  for (let pass = 0; pass < 5; pass += 1) {
    const html = await renderOnce(url);
    if (!hasStreamedParts(html)) return html;
  }
  throw new Error(`prerender: ${url} still has parts waiting for code after 5 passes`);
}
