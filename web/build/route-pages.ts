import path from 'node:path';
import type { Plugin } from 'vite';
import { pageFiles } from '../src/app/route-table.ts';

/** What the build hands the plugin: enough of Rolldown's output bundle to follow chunk imports. */
type OutputChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
};
type OutputFile = OutputChunk | { type: 'asset'; fileName: string; source: string | Uint8Array };

export type RoutePage = { path: string; html: string };

/** The file and every chunk it imports statically, directly or not. */
function withImports(start: OutputChunk, chunks: Map<string, OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const next of chunks.get(fileName)?.imports ?? []) visit(next);
  };
  visit(start.fileName);
  return seen;
}

/**
 * For each page file, index.html with `<link rel="modulepreload">` for the page's own chunks (those the entry does
 * not already load): the browser fetches them alongside the entry instead of after it has run, one round trip
 * instead of three on a slow connection. Returns the pages to write and the path -> page table for the server.
 */
export function routePages(bundle: Record<string, OutputFile>, routesDir: string) {
  const chunks = new Map(
    Object.values(bundle)
      .filter((f): f is OutputChunk => f.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const index = bundle['index.html'];
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!index || index.type !== 'asset' || !entry)
    throw new Error('route pages: the build has no index.html or entry chunk');
  const indexHtml = String(index.source);
  const loadedFirst = withImports(entry, chunks);
  const pages = new Map<string, string>(); // html file name -> its text
  const table: RoutePage[] = [];
  for (const { path: routePath, file } of pageFiles()) {
    const modulePath = path.join(routesDir, `${file}.tsx`);
    const chunk = [...chunks.values()].find((c) => c.facadeModuleId && path.normalize(c.facadeModuleId) === modulePath);
    if (!chunk) {
      // A page in the entry (none now: the home page is its own chunk too) needs nothing more; any other page must be
      // its own chunk.
      if (file === 'home') {
        table.push({ path: routePath, html: 'index.html' });
        continue;
      }
      throw new Error(`route pages: no chunk for ${modulePath}`);
    }
    // What the page imports lazily (the clinical form) is not preloaded: the page's prerendered HTML already shows
    // it, and preloading it competed with the first paint (Lighthouse, heart form: median 96 with, 98 without).
    const own = [...withImports(chunk, chunks)].filter((f) => !loadedFirst.has(f));
    const html = `pages/${file}.html`;
    if (!pages.has(html)) {
      const links = own.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');
      const at = indexHtml.includes('<style>') ? indexHtml.indexOf('<style>') : indexHtml.indexOf('</head>');
      pages.set(html, `${indexHtml.slice(0, at)}${links}\n    ${indexHtml.slice(at)}`);
    }
    table.push({ path: routePath, html });
  }
  return { pages, table };
}

/** Writes dist/pages/<page>.html and dist/route-pages.json (read by server/src/plugins/web.ts). Runs after inlineCss. */
export function routePagesPlugin(): Plugin {
  let routesDir = '';
  return {
    name: 'medibuddy-route-pages',
    // Not in the server build of the prerenderer (web/build/prerender.ts), which has no pages of its own.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(config) {
      routesDir = path.join(config.root, 'src', 'app', 'routes');
    },
    generateBundle(_options, bundle) {
      const { pages, table } = routePages(bundle as unknown as Record<string, OutputFile>, routesDir);
      for (const [fileName, source] of pages) this.emitFile({ type: 'asset', fileName, source });
      this.emitFile({ type: 'asset', fileName: 'route-pages.json', source: `${JSON.stringify(table, null, 1)}\n` });
    },
  };
}
