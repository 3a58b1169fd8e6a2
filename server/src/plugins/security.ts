import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Headers, CORS and CSRF. Cookies are SameSite=Lax; on top of that a state-changing request whose Origin
 * (or, lacking one, Sec-Fetch-Site) shows another site is refused unless that origin is in CORS_ORIGINS.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
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

  const allowed = new Set([config.publicOrigin, ...config.corsOrigins]);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === 'null' || !(allowed.has(origin) || isSameHost(origin, request.headers.host))) {
        throw new AppError('csrf_rejected', 'This request came from another site and was refused.');
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('csrf_rejected', 'This request came from another site and was refused.');
    }
  });
}

/** A browser sends Host as typed in the address bar, so Origin naming that same host is this site. */
function isSameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
