import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One line of the web build's route-pages.json (web/build/route-pages.ts): a client route and its page's HTML. */
type RoutePage = { path: string; html: string };

const segmentsOf = (urlPath: string) => urlPath.toLowerCase().split('/').filter(Boolean);

/**
 * A client route pattern as React Router reads it: ':name' is one segment, '*' anything; case and a trailing slash
 * ignored. The pattern is split once, when the table is read.
 */
function matcher(pattern: string): (segments: string[]) => boolean {
  if (pattern === '*') return () => true;
  const want = segmentsOf(pattern);
  return (have) => want.length === have.length && want.every((seg, i) => seg.startsWith(':') || seg === have[i]);
}

/**
 * Which HTML file to answer a client route with: the page's own copy of index.html, which preloads the page's code,
 * or index.html when the build wrote no table (an older build) or the route is not in it.
 */
export function routePageFinder(webDist: string): (url: string) => string {
  const file = path.join(webDist, 'route-pages.json');
  if (!existsSync(file)) return () => 'index.html';
  const table = (JSON.parse(readFileSync(file, 'utf8')) as RoutePage[]).filter((r) =>
    existsSync(path.join(webDist, r.html)),
  );
  // Named routes before the catch-all, as the client router ranks them.
  const ordered = [...table.filter((r) => r.path !== '*'), ...table.filter((r) => r.path === '*')].map((r) => ({
    matches: matcher(r.path),
    html: r.html,
  }));
  return (url) => {
    const segments = segmentsOf(url);
    return ordered.find((r) => r.matches(segments))?.html ?? 'index.html';
  };
}
