import { HEALTH_DATA_CONSENT_VERSION } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_BODIES } from './deep-bodies';
import { UPLOAD_ROUTES } from './fault-app';
import { buildTestApp, cookieValue, TEST_ORIGIN, type TestApp } from './helper';
import { multipartBody } from './uploads';

/**
 * OpenAPI-driven fuzzing: every operation of /api/docs/json gets requests built from its own schemas, then
 * bent (wrong types, missing and unknown fields, huge, unicode, NUL and control characters, broken JSON,
 * odd path values). Any 5xx fails the test. Seeded, so a failure repeats; FUZZ_REQUESTS sets the count.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 5200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  const?: unknown;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query'; name: string; schema?: Schema; required?: boolean };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Op = { method: string; path: string; op: Operation };

/** mulberry32: small, seeded, good enough to spread requests. */
function rngOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rngOf>;

const EVIL_STRINGS = [
  '',
  ' ',
  'a'.repeat(10_000),
  'NUL\u0000inside',
  '\u0001\u0002\u001f\u007f',
  '𝕳𝖊𝖆𝖗𝖙 💔 زكام 心臓',
  '\ud800',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '{"$ne": null}',
  '1e309',
  '-0',
  'NaN',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'ann@example.org',
  'chest pain and coughing blood',
];
const EVIL_NUMBERS = [0, -1, 1e308, -1e308, 2 ** 53, 0.1, -0.0000001, 999_999_999, 3.5];
const EVIL_ANY = [
  null,
  true,
  false,
  [],
  {},
  [[[[]]]],
  { a: { b: { c: {} } } },
  '__proto__',
  { __proto__: { polluted: 1 } },
];

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** A value the schema accepts (as far as a simple reading of JSON Schema goes). */
function valid(schema: Schema | undefined, rng: Rng, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return valid(rng.pick(alternatives), rng, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => valid(s, rng, depth + 1)));
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng.chance(0.5)) out[key] = valid(prop, rng, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, rng.int(0, 3)));
      return Array.from({ length: n }, () => valid(schema.items, rng, depth + 1));
    }
    case 'integer':
      return rng.int(Math.max(schema.minimum ?? 0, -1000), Math.min(schema.maximum ?? 100, 1000));
    case 'number': {
      const lo = Math.max(schema.minimum ?? 0, -1000);
      const hi = Math.min(schema.maximum ?? 100, 1000);
      return Math.round((lo + rng.next() * (hi - lo)) * 100) / 100;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string': {
      if (schema.format === 'uuid') return crypto.randomUUID();
      if (schema.format === 'email') return `fuzz${rng.int(0, 1e6)}@example.org`;
      const n = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
      return 'abcdefghij klmnop'.repeat(2).slice(0, n);
    }
    default:
      return rng.pick(['x', 1, true]);
  }
}

/** A valid value with some part of it bent out of shape. */
function bent(schema: Schema | undefined, rng: Rng, depth = 0): unknown {
  if (rng.chance(0.25) || !schema || depth > 5) {
    return rng.pick([...EVIL_STRINGS, ...EVIL_NUMBERS, ...EVIL_ANY] as unknown[]);
  }
  const type = typeOf(schema);
  if (type === 'object' && schema.properties) {
    const value = valid(schema, rng, depth) as Record<string, unknown>;
    const keys = Object.keys(schema.properties);
    const key = rng.pick(keys);
    const mode = rng.int(0, 3);
    if (mode === 0) delete value[key];
    else if (mode === 1) value[`unknown_${rng.int(0, 9)}`] = 'x';
    else value[key] = bent(schema.properties[key], rng, depth + 1);
    return value;
  }
  if (type === 'array') return [bent(schema.items, rng, depth + 1), ...(rng.chance(0.1) ? Array(500).fill(1) : [])];
  if (type === 'string') return rng.pick([...EVIL_STRINGS, 42, null]);
  if (type === 'number' || type === 'integer') return rng.pick([...EVIL_NUMBERS, '12', 'twelve', null]);
  return rng.pick([...EVIL_STRINGS, ...EVIL_ANY] as unknown[]);
}

const PATH_VALUES = [
  () => crypto.randomUUID(),
  () => 'not-a-uuid',
  () => '%00',
  () => 'a'.repeat(300),
  () => '..%2F..%2Fetc',
  () => '%F0%9F%92%94',
  () => '0',
  () => 'heart',
  () => 'skin',
];

/** encodeURIComponent, except that a lone surrogate goes out as the raw bytes a careless client would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function urlOf(op: Op, rng: Rng): string {
  let path = op.path.replace(/\{[^}]+\}/g, () => rng.pick(PATH_VALUES)());
  const query = (op.op.parameters ?? []).filter((p) => p.in === 'query');
  const parts: string[] = [];
  for (const param of query) {
    if (!param.required && rng.chance(0.4)) continue;
    const value = rng.chance(0.5) ? valid(param.schema, rng) : bent(param.schema, rng);
    parts.push(`${encode(param.name)}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`);
  }
  if (rng.chance(0.1)) parts.push('unknown=%00');
  if (parts.length) path += `?${parts.join('&')}`;
  return path;
}

describe('OpenAPI-driven fuzzing of every operation', () => {
  let app: TestApp;
  let ops: Op[];
  let cookie = '';
  beforeAll(async () => {
    // Limits off: a 429 would hide the handlers behind the limiter.
    app = await buildTestApp({ RATE_LIMITS: 'off' });
    const doc = (await app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
    ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  }, 120_000);
  afterAll(() => app.close());

  const signIn = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Fuzz', email: `fuzz-${crypto.randomUUID()}@example.org`, password: 'a long enough password' },
    });
    cookie = `mb_session=${cookieValue(res, 'mb_session')}`;
    await app.inject({
      method: 'POST',
      url: '/api/health-record/consent',
      payload: { version: HEALTH_DATA_CONSENT_VERSION },
      headers: { cookie },
    });
  };

  it(`answers ${TOTAL} bent requests without a single 5xx`, async () => {
    const rng = rngOf(SEED);
    await signIn();
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const started = performance.now();
    for (let i = 0; i < TOTAL; i++) {
      // A fresh account now and then, so its data does not pile up into one unusual account.
      if (i % 1000 === 0) await signIn();
      const op = rng.pick(ops);
      const url = urlOf(op, rng);
      const headers: Record<string, string> = { origin: TEST_ORIGIN };
      // Operations that end the session are fuzzed as a visitor, so the rest keeps reaching signed-in handlers.
      const endsSession = /sign-out|logout|account\/delete|auth\/password$|changePassword/.test(op.path);
      if (!endsSession && rng.chance(0.8)) headers.cookie = cookie;
      let payload: string | Buffer | undefined;
      const bodySchema = op.op.requestBody?.content?.['application/json']?.schema;
      const isUpload = UPLOAD_ROUTES.includes(op.path);
      if (isUpload) {
        const body = multipartBody(
          rng.pick(['image', 'file', 'x']),
          'f.png',
          'image/png',
          Buffer.alloc(rng.int(0, 3000), rng.int(0, 255)),
        );
        payload = rng.chance(0.5) ? body.payload : body.payload.subarray(0, rng.int(0, body.payload.length));
        headers['content-type'] = rng.chance(0.9) ? body.headers['content-type'] : 'multipart/form-data';
      } else if (op.method !== 'GET' && op.method !== 'DELETE') {
        const kind = rng.int(0, 9);
        if (kind <= 3) payload = JSON.stringify(valid(bodySchema, rng));
        else if (kind <= 7) payload = JSON.stringify(bent(bodySchema, rng));
        else if (kind === 8)
          payload = rng.pick(['{"a":', '', 'null', '[]', '"x"', '{"__proto__":{"x":1}}', '\u0000', ...DEEP_BODIES]);
        else payload = 'a=1&b=2';
        headers['content-type'] =
          kind === 9
            ? rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])
            : 'application/json';
      }
      const res = await app.inject({
        method: op.method as 'GET',
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        failures.push(
          `${op.method} ${url.slice(0, 120)} ${String(payload ?? '').slice(0, 160)} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const byStatus = [...statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    // The figures, printed: how many requests over how many operations, and what they answered.
    console.info(
      `fuzz: ${TOTAL} requests over ${ops.length} operations in ${seconds.toFixed(1)} s (seed ${SEED}); ${byStatus}; 5xx: ${failures.length}`,
    );
    expect(failures).toEqual([]);
  }, 240_000);
});
