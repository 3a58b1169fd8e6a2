import { vi } from 'vitest';

/**
 * A fake server at the HTTP boundary: tests stub `fetch` only, and every other layer (api client, react-query,
 * components) runs for real. Handlers are keyed "METHOD /path".
 */
type RecordedRequest = { method: string; path: string; body: unknown; init: RequestInit | undefined };
type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function problem(
  status: number,
  code: string,
  detail: string,
  errors?: { field: string; rule: string; message: string; choices?: object[] }[],
  headers: Record<string, string> = {},
): Response {
  const body = {
    type: `https://medibuddy.local/problems/${code}`,
    title: 'Error',
    status,
    code,
    detail,
    ...(errors ? { errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}

export const ADA = {
  id: 'u1',
  name: 'ada Lovelace',
  email: 'ada@example.org',
  avatarUrl: null,
  language: 'en' as 'en' | 'hi',
  createdAt: '2024-05-01T10:00:00.000Z',
};

export const noSession = () => json(200, { user: null });
export const signedInAs =
  (user = ADA) =>
  () =>
    json(200, { user });

export function stubFetch(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const request = { method, path, body, init };
    requests.push(request);
    const handler = routes[`${method} ${path}`];
    if (!handler) throw new TypeError(`No stub for ${method} ${path}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests other than the session check, which every page makes. */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}
