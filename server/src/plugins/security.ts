import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes state (the specification's GET /compat/logout): checked for another site like a POST, so a
     * link on another site cannot sign the user out (a Lax cookie travels with a top-level navigation).
     */
    changesState?: boolean;
  }
}

/**
 * Headers, CORS and CSRF. Cookies are SameSite=Lax; on top of that a state-changing request whose Origin
 * (or, lacking one, Sec-Fetch-Site) shows another site is refused unless that origin is PUBLIC_ORIGIN or in CORS_ORIGINS.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  // Built once: @fastify/helmet built this middleware again, parsing the policy, on every request (about 3 % of a
  // saved assessment's CPU in `npm run bench`). The headers are the same for every response.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.isSecureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isSecureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws a bad option at construction; it calls back with no error.
    setSecurityHeaders(request.raw, reply.raw, () => done());
  });

  const allowed = new Set([config.publicOrigin, ...loopbackTwinsOf(config.publicOrigin), ...config.corsOrigins]);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) && request.routeOptions.config?.changesState !== true) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      // Only configured origins: the Host header is chosen by the client (or a proxy), so it proves nothing.
      if (origin === 'null' || !allowed.has(origin)) {
        throw AppError.of('csrf_rejected', { key: 'session.otherSite' });
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw AppError.of('csrf_rejected', { key: 'session.otherSite' });
    }
  });
}

/** http://localhost:3000 is also reached as 127.0.0.1:3000 and [::1]:3000, the same machine. */
function loopbackTwinsOf(origin: string): string[] {
  const url = new URL(origin);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return [];
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}
