import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routePageFinder } from './route-pages';

const API_PREFIXES = ['/api/', '/compat/', '/healthz', '/readyz', '/uploads/'];

/**
 * Serves the built single-page app. Hashed assets are cached for a year; index.html never is, so a deploy
 * shows at once. Any other GET that wants HTML gets index.html and the client router decides (its 404 page); where
 * the build wrote one, it is the page's own copy of index.html, which also preloads that page's code.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn('web app not built: serving the API only (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (web/vite.config.ts); sent to browsers that accept them.
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pageFor = routePageFinder(webDist);
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => url.startsWith(p))) return reply.callNotFound();
    const file = path.join(webDist, decodeURIComponent(url));
    if (file.startsWith(webDist + path.sep) && statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return reply.sendFile(path.relative(webDist, file));
    }
    return reply.header('cache-control', 'no-cache').sendFile(pageFor(url));
  });
  return true;
}
