import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canWriteIn } from '../lib/storage';

/**
 * A check throws when its dependency fails (the instance cannot serve: 503), or answers 'degraded' when it
 * serves with less (rate limits counted per process while Redis is away: 200, so a proxy keeps sending traffic).
 */
export type ReadinessCheck = { name: string; check: () => Promise<void | 'degraded'> | void | 'degraded' };

const ReadySchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'degraded', 'failing'])),
});

/** /healthz: the process lives. /readyz: every registered dependency (database, models) answers. */
export function registerHealth(app: FastifyInstance, checks: ReadinessCheck[]) {
  // DATA_DIR holds uploaded pictures (and the embedded database, which has its own check): when it cannot be
  // written, uploads answer 503 while everything else still works, so the instance is degraded, not down.
  checks.push({ name: 'data-dir', check: () => (canWriteIn(app.config.dataDir) ? undefined : 'degraded') });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
  r.get('/readyz', { schema: { hide: true, response: { 200: ReadySchema, 503: ReadySchema } } }, async (req, reply) => {
    const results: Record<string, 'ok' | 'degraded' | 'failing'> = {};
    await Promise.all(
      checks.map(async (c) => {
        try {
          results[c.name] = (await c.check()) === 'degraded' ? 'degraded' : 'ok';
        } catch (err) {
          req.log.warn({ check: c.name, err }, 'readiness check failing');
          results[c.name] = 'failing';
        }
      }),
    );
    const values = Object.values(results);
    const isReady = values.every((v) => v !== 'failing');
    const status = !isReady ? 'unavailable' : values.includes('degraded') ? 'degraded' : 'ok';
    return reply.status(isReady ? 200 : 503).send({ status, checks: results });
  });
}
