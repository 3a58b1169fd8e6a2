import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_PATHS } from '../src/app/route-table.ts';
import type { RoutePage } from './route-pages.ts';

const APP = /<!--app-->[\s\S]*<!--\/app-->/;

const TITLE = /^<title>[^<]*<\/title>/;

/**
 * index.html (or a page's copy) with the prerendered page in #root, marked with the address it was rendered for.
 * The page's <title>, which React writes first, goes into <head> in place of index.html's (React takes over the
 * first <title> of the document when it hydrates).
 */
export function withPrerendered(html: string, urlPath: string, body: string): string {
  if (!APP.test(html)) throw new Error('prerender: the page has no <!--app--> ... <!--/app--> markers in #root');
  const title = TITLE.exec(body)?.[0];
  const attribute = urlPath.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const page = withLowPriorityScripts(html)
    .replace('<div id="root">', `<div id="root" data-prerendered="${attribute}">`)
    .replace(APP, () => body.replace(TITLE, ''));
  return title ? page.replace(/<title>[^<]*<\/title>/, () => title) : page;
}

/**
 * A prerendered page paints from its HTML alone: its scripts only make it interactive. Chrome fetches module
 * scripts and module preloads at high priority, which lets them compete with the page's own bytes and images
 * (and Lighthouse then counts them as render-blocking, holding back the first paint it simulates). Asked for
 * at low priority, they come after what is on screen. Pages rendered in the browser keep the default: there
 * the scripts are the page.
 */
function withLowPriorityScripts(html: string): string {
  return html
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

/** The file a prerendered address is written to: prerendered/index.html for /, prerendered/<path>.html otherwise. */
export function prerenderedFile(urlPath: string): string {
  return `prerendered/${urlPath === '/' ? 'index' : urlPath.slice(1).replace(/\//g, '_')}.html`;
}

/**
 * After the client build: builds src/prerender.tsx for Node (same config, so the same asset names), renders each
 * page of PRERENDERED_PATHS to HTML and writes it into a copy of that page's index.html; route-pages.json then points
 * those addresses at the prerendered copies. The browser paints the page from the HTML, before any script has run;
 * main.tsx hydrates it. `then` runs afterwards (the .br/.gz copies must see the final files).
 */
export function prerenderPlugin(then: (outDir: string) => void): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'medibuddy-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside web/ so that Node finds react and the other packages the server build leaves external.
      const serverDir = path.join(config.root, 'node_modules', `.prerender-${process.pid}`);
      try {
        await build({
          root: config.root,
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: 'src/prerender.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false, minify: false },
        });
        const { renderPage } = (await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href)) as {
          renderPage: (url: string) => Promise<string>;
        };
        const tablePath = path.join(outDir, 'route-pages.json');
        const table = JSON.parse(readFileSync(tablePath, 'utf8')) as RoutePage[];
        for (const urlPath of PRERENDERED_PATHS) {
          const row = table.find((r) => r.path === urlPath);
          if (!row) throw new Error(`prerender: ${urlPath} is not in route-pages.json`);
          const file = prerenderedFile(urlPath);
          const html = withPrerendered(readFileSync(path.join(outDir, row.html), 'utf8'), urlPath, await renderPage(urlPath));
          mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
          writeFileSync(path.join(outDir, file), html);
          row.html = file;
        }
        writeFileSync(tablePath, `${JSON.stringify(table, null, 1)}\n`);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
      then(outDir);
    },
  };
}
