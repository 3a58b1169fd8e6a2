/** Where a visitor sent to /login came from, as react-router location state. */
type ReturnState = { from?: { pathname: string; search?: string; hash?: string } };

const AUTH_PAGES = new Set(['/login', '/signup']);

/** Only a same-app path is followed back; anything else (an absolute URL, //evil.example) goes home. */
export function returnPathFrom(state: unknown, fallback = '/'): string {
  const from = (state as ReturnState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return fallback;
  const { pathname } = from;
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\')) return fallback;
  if (AUTH_PAGES.has(pathname.toLowerCase())) return fallback;
  const search = typeof from.search === 'string' && from.search.startsWith('?') ? from.search : '';
  const hash = typeof from.hash === 'string' && from.hash.startsWith('#') ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
