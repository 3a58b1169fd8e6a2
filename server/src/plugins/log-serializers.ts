import type { FastifyRequest } from 'fastify';

/**
 * Path segments that are secrets themselves: a share link's token opens a health report to whoever holds
 * it, so the access log must not hold it.
 */
const SECRET_SEGMENTS = [/^(\/api\/shared-reports\/)[^/?#]+/];

/** A URL as it may be logged: secret path segments replaced, and no query string (search words, symptoms). */
export function redactUrl(url: string): string {
  const [pathOnly, query] = [url.split('?')[0] ?? '', url.includes('?')];
  const path = SECRET_SEGMENTS.reduce((p, pattern) => p.replace(pattern, '$1[redacted]'), pathOnly);
  return query ? `${path}?[redacted]` : path;
}

/** How a request is logged (pino's `req` serializer): Fastify's usual fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
