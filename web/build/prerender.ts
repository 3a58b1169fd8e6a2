import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { HINDI_BASE, hindiPath, PRERENDERED_PATHS, TRANSLATED_PATHS } from '../src/app/route-table.ts';
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
  const page = withScriptsAfterPaint(html)
    .replace('<div id="root">', `<div id="root" data-prerendered="${attribute}">`)
    .replace(APP, () => body.replace(TITLE, ''));
  return title ? page.replace(/<title>[^<]*<\/title>/, () => title) : page;
}

/**
 * The one script a prerendered page asks for at first: it waits until the browser has painted the page (a `paint`
 * performance entry, buffered if the paint came first), then adds the page's module preloads and imports the app.
 * A prerendered page paints from its HTML alone; its scripts only make it interactive. Asked for in the HTML,
 * Chrome fetches and runs module scripts and preloads before it has painted a large page, and Lighthouse's
 * simulation then counts them all as holding back the first and largest paint (even at low fetch priority). No
 * timers or animation frames: a hidden tab has none, and tests that control the page's clock stop them. In a hidden
 * tab, or a browser without paint entries, it starts at once. Module scripts run after the document is parsed, so
 * the template below is there.
 */
export const BOOT_SOURCE = `const scripts = document.getElementById('app-scripts');
let started = false;
const start = () => {
  if (started) return;
  started = true;
  document.head.append(scripts.content.cloneNode(true));
  import(scripts.dataset.entry);
};
if (document.visibilityState === 'hidden' || !globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) start();
else new PerformanceObserver(start).observe({ type: 'paint', buffered: true });
`;

/** Where the build writes BOOT_SOURCE: named by its content, like every asset, so it can be cached for a year. */
export const BOOT_FILE = `assets/boot-${createHash('sha256').update(BOOT_SOURCE).digest('base64url').slice(0, 8)}.js`;

const ENTRY = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * The page's entry script and module preloads moved into an inert <template> (nothing in it is fetched), with
 * BOOT_FILE in the entry's place; the boot script takes them out after the first paint. Pages rendered in the
 * browser keep them as they are: there the scripts are the page.
 */
function withScriptsAfterPaint(html: string): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('prerender: the page has no module entry script');
  const preloads = (html.match(PRELOAD) ?? []).map((link) =>
    link.trim().replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'),
  );
  const template = `<template id="app-scripts" data-entry="${entry}">${preloads.join('')}</template>`;
  return html
    .replace(PRELOAD, '')
    .replace(ENTRY, () => `<script type="module" src="/${BOOT_FILE}"></script>\n    ${template}\n    `);
}

/**
 * A prerendered page in its language (decision 032): <html lang="hi"> and the Devanagari font's rules for a Hindi
 * page, and for a page that has both languages, <link rel="alternate" hreflang> to each (and x-default to English).
 */
export function withLanguage(html: string, urlPath: string, devanagariFontCss: string): string {
  const isHindi = urlPath === HINDI_BASE || urlPath.startsWith(`${HINDI_BASE}/`);
  const english = isHindi ? urlPath.slice(HINDI_BASE.length) || '/' : urlPath;
  const head: string[] = [];
  if (TRANSLATED_PATHS.includes(english)) {
    head.push(
      `<link rel="alternate" hreflang="en" href="${english}">`,
      `<link rel="alternate" hreflang="hi" href="${hindiPath(english)}">`,
      `<link rel="alternate" hreflang="x-default" href="${english}">`,
    );
  }
  if (isHindi) head.push(`<style id="devanagari-font">${devanagariFontCss}</style>`);
  let page = html.replace('</head>', () => `${head.join('\n    ')}\n  </head>`);
  if (isHindi) page = page.replace(/<html lang="[^"]*"/, '<html lang="hi"');
  return page;
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
          build: {
            ssr: 'src/prerender.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
          },
        });
        const { renderPage, DEVANAGARI_FONT_CSS } = (await import(
          pathToFileURL(path.join(serverDir, 'prerender.js')).href
        )) as {
          renderPage: (url: string) => Promise<string>;
          DEVANAGARI_FONT_CSS: string;
        };
        const tablePath = path.join(outDir, 'route-pages.json');
        const table = JSON.parse(readFileSync(tablePath, 'utf8')) as RoutePage[];
        for (const urlPath of PRERENDERED_PATHS) {
          const row = table.find((r) => r.path === urlPath);
          if (!row) throw new Error(`prerender: ${urlPath} is not in route-pages.json`);
          const file = prerenderedFile(urlPath);
          const html = withLanguage(
            withPrerendered(readFileSync(path.join(outDir, row.html), 'utf8'), urlPath, await renderPage(urlPath)),
            urlPath,
            DEVANAGARI_FONT_CSS,
          );
          mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
          writeFileSync(path.join(outDir, file), html);
          row.html = file;
        }
        writeFileSync(tablePath, `${JSON.stringify(table, null, 1)}\n`);
        writeFileSync(path.join(outDir, BOOT_FILE), BOOT_SOURCE);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
      then(outDir);
    },
  };
}
