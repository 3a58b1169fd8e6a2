import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFiles } from '../src/app/route-table';
import { routePages } from './route-pages';

const routesDir = path.join('/app', 'src', 'app', 'routes');
const INDEX =
  '<html><head><script type="module" src="/assets/index.js"></script><style>body{}</style></head><body></body></html>';

/** A build in miniature: the entry (with the home page) imports react; every other page is its own chunk. */
function fakeBundle(extra: Record<string, string[]> = {}) {
  const chunk = (fileName: string, imports: string[], facade: string | null = null, isEntry = false) => ({
    type: 'chunk' as const,
    fileName,
    imports,
    isEntry,
    facadeModuleId: facade,
  });
  const bundle: Record<string, ReturnType<typeof chunk> | { type: 'asset'; fileName: string; source: string }> = {
    'index.html': { type: 'asset', fileName: 'index.html', source: INDEX },
    'assets/index.js': chunk('assets/index.js', ['assets/react.js'], '/app/src/main.tsx', true),
    'assets/react.js': chunk('assets/react.js', []),
    'assets/zod.js': chunk('assets/zod.js', []),
    'assets/contracts.js': chunk('assets/contracts.js', ['assets/zod.js', 'assets/react.js']),
  };
  for (const { file } of pageFiles()) {
    if (file === 'home') continue;
    const name = `assets/${file}.js`;
    bundle[name] = chunk(name, extra[file] ?? ['assets/react.js'], path.join(routesDir, `${file}.tsx`));
  }
  return bundle;
}

describe('route pages (the build)', () => {
  it("preloads a page's own chunks and what they import, not what the entry already loads", () => {
    const { pages, table } = routePages(fakeBundle({ 'clinical-test': ['assets/contracts.js'] }), routesDir);
    const clinical = pages.get('pages/clinical-test.html')!;
    const preloaded = [...clinical.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloaded).toEqual(['/assets/clinical-test.js', '/assets/contracts.js', '/assets/zod.js']);
    // Before the inlined stylesheet, so the browser sees them in the first bytes; the rest of index.html unchanged.
    expect(clinical.indexOf('modulepreload')).toBeLessThan(clinical.indexOf('<style>'));
    expect(clinical.replace(/<link rel="modulepreload"[^>]*>\s*/g, '')).toBe(INDEX);
    expect(table.find((r) => r.path === '/heart-disease')?.html).toBe('pages/clinical-test.html');
    expect(table.find((r) => r.path === '/heart-disease-results/:id')?.html).toBe('pages/assessment-result.html');
  });

  it('answers the home page with index.html, one file per page, and the 404 page last', () => {
    const { pages, table } = routePages(fakeBundle(), routesDir);
    expect(table[0]).toEqual({ path: '/', html: 'index.html' });
    expect(table.at(-1)).toEqual({ path: '*', html: 'pages/not-found.html' });
    expect(new Set(table.map((r) => r.html)).size - 1).toBe(pages.size);
    // Each page serves its Hindi twin under /hi too (decision 032).
    expect(table.filter((r) => r.html === 'pages/login.html').map((r) => r.path)).toEqual([
      '/login',
      '/signup',
      '/hi/login',
      '/hi/signup',
    ]);
    expect(table.find((r) => r.path === '/hi')?.html).toBe('index.html');
  });

  it('does not preload what a page imports lazily: a prerendered page shows it from its HTML, so it can come later', () => {
    const bundle = fakeBundle({ 'clinical-test': ['assets/react.js'] });
    bundle['assets/form.js'] = {
      type: 'chunk',
      fileName: 'assets/form.js',
      imports: ['assets/contracts.js'],
      isEntry: false,
      facadeModuleId: '/app/src/features/form.tsx',
    };
    const { pages } = routePages(bundle, routesDir);
    const preloaded = [...pages.get('pages/clinical-test.html')!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded).toContain('/assets/clinical-test.js');
    expect(preloaded).not.toContain('/assets/form.js');
    expect(preloaded).not.toContain('/assets/zod.js');
  });

  it('fails the build when a page is not a chunk of its own', () => {
    const bundle = fakeBundle();
    delete bundle['assets/diagnosis.js'];
    expect(() => routePages(bundle, routesDir)).toThrow(/no chunk for .*diagnosis\.tsx/);
  });
});
