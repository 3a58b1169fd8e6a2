import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type ReadinessCheck = { name: string; check: () => Promise<void> | void };

const ReadySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failing'])),
});

/** /healthz: the process lives. /readyz: every registered dependency (database, models) answers. */
export function registerHealth(app: FastifyInstance, checks: ReadinessCheck[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/healthz',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  r.get('/readyz', { schema: { hide: true, response: { 200: ReadySchema, 503: ReadySchema } } }, async (req, reply) => {
    const results: Record<string, 'ok' | 'failing'> = {};
    await Promise.all(
      checks.map(async (c) => {
        try {
          await c.check();
          results[c.name] = 'ok';
        } catch (err) {
          req.log.warn({ check: c.name, err }, 'readiness check failing');
          results[c.name] = 'failing';
        }
      }),
    );
    const isReady = Object.values(results).every((v) => v === 'ok');
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ok' : 'unavailable', checks: results });
  });
}
