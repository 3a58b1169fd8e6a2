import { createRequire } from 'node:module';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors';
import type { ReadinessCheck } from './health';

export type LimitRule = { max: number; windowMs: number };

const MINUTE = 60_000;

/**
 * Attempts allowed per window. Per-email limits stop guessing one account's password or code from many
 * addresses; per-IP limits stop one client from spraying many accounts. A per-email limit also lets a
 * stranger lock an account's sign-in for one window: the accepted price of stopping online guessing.
 */
export const DEFAULT_RATE_LIMITS = {
  signInPerEmail: { max: 10, windowMs: 15 * MINUTE },
  signInPerIp: { max: 50, windowMs: 15 * MINUTE },
  sendCodePerEmail: { max: 3, windowMs: 15 * MINUTE },
  sendCodePerIp: { max: 20, windowMs: 60 * MINUTE },
  verifyCodePerEmail: { max: 10, windowMs: 15 * MINUTE },
  verifyCodePerIp: { max: 50, windowMs: 15 * MINUTE },
  /** Guessing the current password from a stolen session. */
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
  /** The footer's newsletter box: a person subscribes once; a script filling the table gets stopped. */
  subscribePerIp: { max: 10, windowMs: 60 * MINUTE },
  /** Chat messages: a person types a few a minute; a script (or a bill from a model provider) many more. */
  chatPerIp: { max: 20, windowMs: MINUTE },
  /**
   * Sign-ups: "this address is taken" tells whether someone has an account, so a script must not ask it
   * thousands of times. A household or clinic behind one address still signs several people up.
   */
  signUpPerIp: { max: 100, windowMs: 60 * MINUTE },
} satisfies Record<string, LimitRule>;
export type RateLimits = Record<keyof typeof DEFAULT_RATE_LIMITS, LimitRule>;

/** A hook for onRequest or preHandler: resolves, or throws a 429 problem with Retry-After. */
export type Limiter = (request: FastifyRequest) => Promise<void>;

export type Limiters = {
  signUp: { byIp: Limiter };
  signIn: { byIp: Limiter; byEmail: Limiter };
  sendCode: { byIp: Limiter; byEmail: Limiter };
  verifyCode: { byIp: Limiter; byEmail: Limiter };
  changePassword: { byUser: Limiter };
  chat: { byIp: Limiter };
  subscribe: { byIp: Limiter };
};

declare module 'fastify' {
  interface FastifyInstance {
    limiters: Limiters;
  }
}

export type RateLimitOptions = {
  isEnabled: boolean;
  overrides?: Partial<RateLimits>;
  /** Shared counters for several instances; in-memory when absent. */
  redisUrl?: string;
  /** Where the shared store's state is reported (/readyz). */
  readiness?: ReadinessCheck[];
};

type StoreResult = { current: number; ttl: number };
type StoreCallback = (err: Error | null, result?: StoreResult) => void;
type Store = {
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  child(params: object): Store;
};
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;
// The plugin's own stores (not exported by its entry point): the fallback counts exactly as they do.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;

/** How many keys each process remembers (least recently used beyond this are forgotten). */
const LOCAL_KEYS = 100_000;

/**
 * Redis when it answers, this process's memory when it does not: a Redis outage weakens the limits (each
 * instance counts alone) but never switches them off, which would open unlimited password and code guessing.
 */
function fallbackStoreOf(redis: Redis, log: FastifyBaseLogger, state: { isDegraded: boolean }) {
  return class FallbackStore implements Store {
    private shared = new RedisStore(false, false, redis, 'medibuddy-rl-');
    private local = new LocalStore(false, false, LOCAL_KEYS);
    incr(key: string, cb: StoreCallback, timeWindow: number, max: number) {
      const countLocally = () => this.local.incr(key, cb, timeWindow, max);
      if (redis.status !== 'ready') {
        state.isDegraded = true;
        return countLocally();
      }
      this.shared.incr(
        key,
        (err, result) => {
          if (!err) {
            state.isDegraded = false;
            return cb(null, result);
          }
          if (!state.isDegraded)
            log.warn({ errorCode: (err as { code?: string }).code }, 'rate limits counted per process: redis failed');
          state.isDegraded = true;
          countLocally();
        },
        timeWindow,
        max,
      );
    }
    child() {
      return this;
    }
  };
}

/** "45 seconds", "1 minute", "15 minutes", "1 hour". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

function emailOf(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
}

const ipOf = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * @fastify/rate-limit with global:false supplies the counters (memory or Redis); each limiter is keyed by
 * its own name plus an IP, an e-mail or a user id. Per-email limiters run in preHandler, after the body is
 * parsed and the address normalised, so "Ann@X.org" and "ann@x.org " share one counter.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions) {
  const rules: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.overrides };
  let redis: Redis | undefined;
  const state = { isDegraded: false };
  if (options.isEnabled && options.redisUrl) {
    redis = new Redis(options.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
      // Keep trying to reconnect (at most every 2 s), so the shared counters come back after an outage.
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    let wasReported = false;
    redis.on('error', (err) => {
      if (wasReported) return;
      wasReported = true;
      app.log.warn(
        { errorCode: (err as { code?: string }).code },
        'redis unavailable: rate limits counted per process',
      );
    });
    redis.on('ready', () => {
      wasReported = false;
      state.isDegraded = false;
    });
    const shared = redis;
    options.readiness?.push({
      name: 'rate-limit-store',
      check: () => (shared.status === 'ready' && !state.isDegraded ? undefined : 'degraded'),
    });
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: fallbackStoreOf(redis, app.log, state) } : { cache: LOCAL_KEYS }),
  });

  const limiter = (
    name: keyof RateLimits,
    keyOf: (request: FastifyRequest) => string | undefined | Promise<string | undefined>,
    what: string,
    field?: string,
  ): Limiter => {
    if (!options.isEnabled) return async () => undefined;
    const rule = rules[name];
    const keys = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => keys.get(request) ?? '',
      // Never skip on a store error: the fallback store above always answers.
      skipOnError: false,
    });
    return async (request) => {
      const key = await keyOf(request);
      if (key === undefined) return;
      keys.set(request, `${name}:${key}`);
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      const seconds = Math.max(1, result.ttlInSeconds);
      const detail = `Too many ${what}. Please wait ${describeWait(seconds)} and try again.`;
      throw new AppError(
        'rate_limited',
        detail,
        field
          ? [{ field, rule: 'rate_limited', message: `has had too many ${what}; wait ${describeWait(seconds)}` }]
          : undefined,
        { 'retry-after': String(seconds) },
      );
    };
  };

  app.decorate('limiters', {
    signUp: { byIp: limiter('signUpPerIp', ipOf, 'sign-ups from your network') },
    signIn: {
      byIp: limiter('signInPerIp', ipOf, 'sign-in attempts from your network'),
      byEmail: limiter('signInPerEmail', emailOf, 'sign-in attempts for this account', 'email'),
    },
    sendCode: {
      byIp: limiter('sendCodePerIp', ipOf, 'code requests from your network'),
      byEmail: limiter('sendCodePerEmail', emailOf, 'code requests for this address', 'email'),
    },
    verifyCode: {
      byIp: limiter('verifyCodePerIp', ipOf, 'code attempts from your network'),
      byEmail: limiter('verifyCodePerEmail', emailOf, 'code attempts for this address', 'email'),
    },
    changePassword: {
      byUser: limiter(
        'changePasswordPerUser',
        async (request) => (await request.currentUser())?.id,
        'password change attempts',
      ),
    },
    subscribe: { byIp: limiter('subscribePerIp', ipOf, 'subscriptions from your network') },
    chat: { byIp: limiter('chatPerIp', ipOf, 'chat messages from your network') },
  } satisfies Limiters);
}
