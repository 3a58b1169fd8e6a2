import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, ProxyOptions } from 'vite';
import { defineConfig } from 'vitest/config';
import { cataloguesPlugin } from './build/catalogues.ts';
import { prerenderPlugin } from './build/prerender.ts';
import { routePagesPlugin } from './build/route-pages.ts';

/** Where `npm run dev` sends API calls: the server started with `npm run dev` at the root. */
const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * The API refuses state-changing requests whose Origin is another site (CSRF check). Through this proxy the
 * browser's Origin is the Vite server's, so it is rewritten to the API's own origin: same site, by design.
 */
const toApi: ProxyOptions = {
  target: api,
  configure: (proxy) => {
    proxy.on('proxyReq', (proxyReq) => {
      if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', new URL(api).origin);
    });
  },
};

/**
 * Writes a .br and a .gz beside every text file of the build (scripts, styles, HTML pages, SVG images), which
 * the server sends to browsers that accept them (@fastify/static preCompressed): smallest transfer, no
 * compression work per request. Runs last, after the prerendered pages are written.
 */
function precompress(outDir: string): void {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  for (const file of walk(outDir)) {
    if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < 512) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

/**
 * Puts the (single, ~11 KB compressed) stylesheet into index.html: the first paint then waits for one request,
 * not two. The CSP allows inline styles ('unsafe-inline' in style-src), not inline scripts.
 */
function inlineCss(): Plugin {
  return {
    name: 'medibuddy-inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName === 'index.html');
      if (!html || html.type !== 'asset') return;
      let source = String(html.source);
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${file.fileName.replace(/[.]/g, '\\.')}"[^>]*>`);
        if (!link.test(source)) continue;
        source = source.replace(link, () => `<style>${String(file.source)}</style>`);
        delete bundle[file.fileName];
      }
      html.source = source;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [cataloguesPlugin(), react(), tailwindcss(), inlineCss(), routePagesPlugin(), prerenderPlugin(precompress)],
  resolve: {
    alias: {
      // The catalogue alone (no zod), for pages that only list tests; before the package itself, which it extends.
      '@medibuddy/contracts/catalogue': fileURLToPath(new URL('../contracts/src/catalogue-data.ts', import.meta.url)),
      // What the forms render (field lists, limits, labels; no zod): a form page's first load. The schemas come later.
      '@medibuddy/contracts/forms': fileURLToPath(new URL('../contracts/src/forms/index.ts', import.meta.url)),
      // Who to call, by country (no zod), for the safety notice every page carries.
      '@medibuddy/contracts/helplines': fileURLToPath(new URL('../contracts/src/helpline-lookup.ts', import.meta.url)),
      // Lab units and their factors (no zod), for the clinical forms' unit choice and 'Did you mean…?' (decision 030).
      '@medibuddy/contracts/lab-units': fileURLToPath(new URL('../contracts/src/lab-unit-lookup.ts', import.meta.url)),
      // The red-flag check (no zod), which the medicines page fetches on its symptoms part's first focus.
      '@medibuddy/contracts/red-flags': fileURLToPath(new URL('../contracts/src/red-flag-lookup.ts', import.meta.url)),
      // The contracts through a shim that first turns off zod's eval-based parsers, which the CSP forbids.
      '@medibuddy/contracts': fileURLToPath(new URL('./src/lib/contracts.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': toApi,
      '/compat': toApi,
      '/uploads': toApi,
      '/healthz': toApi,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for the whole app, inlined into every HTML page (inlineCss) and not kept as a file: no chunk
    // may list it as its own, or a lazy import inside a page would try to fetch it, fail, and fail the import.
    cssCodeSplit: false,
    rolldownOptions: {
      // The browser build's entry exports nothing, so shared code may join it (fewer, larger chunks on a first visit);
      // the prerenderer's server build (web/build/prerender.ts) keeps its entry's exports.
      preserveEntrySignatures: isSsrBuild ? 'exports-only' : false,
      output: {
        // Every script is one more request, and each carries about 1 KB of response headers: a first visit should ask
        // for few (docs/performance.md, "Web"). The libraries in one long-cached chunk; zod and the contracts'
        // schemas are fetched when a form is used, never on a first visit (decision 014). The app's own code in a few
        // chunks by what pages share, rather than one chunk per shared module.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack)[\\/]/,
              priority: 30,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 30 },
            // What the entry loads, and the pieces nearly every page shows (buttons, headings, the safety notice, the
            // catalogue and a test page's frame).
            { name: 'app', tags: ['$initial'], priority: 20 },
            {
              name: 'shared-ui',
              test: /src[\\/](components[\\/](ui[\\/][\w-]+|safety[\\/](safety-notice|helpline-links))\.tsx?|lib[\\/]use-country\.ts|helpline-lookup\.ts|catalogue-data\.ts|features[\\/]catalogue[\\/]components[\\/][\w-]+\.tsx)$/,
              priority: 20,
            },
            // What every form needs before it is used: validation helpers (the schemas load later), consent, limits,
            // the clinical forms' fields, the medicines page's and the symptom check's limits and texts (also part of
            // the contracts, which the pages that load them share: alone, each would be a chunk of its own).
            {
              name: 'forms',
              test: /src[\\/](lib[\\/](form|schemas|import-once|use-form-errors|consent|health-record)\.ts|components[\\/]consent-prompt\.tsx|features[\\/]assessments[\\/](submit-failure|api[\\/]get-assessment)\.ts|forms[\\/](auth|consent|images|clinical-fields?|clinical-forms|[\w-]+-fields|medicines|triage)\.ts)$/,
              priority: 14,
            },
            // The clinical form, one chunk (the form pages' lazy part).
            {
              name: 'clinical-form',
              test: /src[\\/](features[\\/]assessments[\\/](components[\\/](clinical-form|field-controls)\.tsx|(form-values|draft|clinical-tests)\.ts|api[\\/]create-assessment\.ts))$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
}));
