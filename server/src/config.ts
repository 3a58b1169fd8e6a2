import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_ORIGIN: z.url('must be a URL such as http://localhost:3000').optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('must be a comma-separated list of origins such as https://app.example.org'))),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('MediBuddy <no-reply@medibuddy.local>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[\d.:a-fA-F/,\s]+)$/,
      'must be true, false, a hop count, or a comma-separated list of proxy addresses',
    )
    .default('false'),
  RESET_CODE_TTL_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(5, 'must be at least 5 seconds')
    .max(3600, 'must be at most 3600 seconds')
    .default(600),
  RATE_LIMITS: z.enum(['on', 'off'], 'must be on or off').default('on'),
  UPLOAD_STORE: z.enum(['database', 'files'], 'must be database or files').optional(),
  PDF_WORKERS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(32, 'must be at most 32')
    .optional(),
  PDF_QUEUE: z.coerce
    .number()
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(1000, 'must be at most 1000')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  MODELS_DIR: z.string().optional(),
  // Chat (docs/decisions/013-chat-assistant.md): the offline assistant needs nothing; a key or a base URL turns a model
  // provider on.
  CHAT_PROVIDER: z.enum(['offline', 'gemini', 'openai'], 'must be offline, gemini or openai').optional(),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_BASE_URL: z.url('must be a URL such as https://generativelanguage.googleapis.com').optional(),
  OPENAI_BASE_URL: z.url('must be a URL such as http://127.0.0.1:11434/v1').optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  CHAT_MODEL: z.string().min(1).max(200).optional(),
  CHAT_TIMEOUT_MS: z.coerce
    .number()
    .int('must be whole milliseconds')
    .min(100, 'must be at least 100 ms')
    .max(300_000, 'must be at most 300000 ms')
    .default(20_000),
  CHAT_TEMPERATURE: z.coerce.number().min(0, 'must be 0 to 2').max(2, 'must be 0 to 2').default(0.9),
  CHAT_TOP_K: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(1),
  CHAT_TOP_P: z.coerce.number().min(0, 'must be 0 to 1').max(1, 'must be 0 to 1').default(1),
  CHAT_MAX_OUTPUT_TOKENS: z.coerce
    .number()
    .int('must be a whole number')
    .min(16, 'must be at least 16')
    .max(65_536)
    .default(2048),
  CHAT_SAFETY_THRESHOLD: z
    .enum(
      ['BLOCK_LOW_AND_ABOVE', 'BLOCK_MEDIUM_AND_ABOVE', 'BLOCK_ONLY_HIGH', 'BLOCK_NONE'],
      'must be a Gemini block threshold such as BLOCK_MEDIUM_AND_ABOVE',
    )
    .default('BLOCK_MEDIUM_AND_ABOVE'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicOrigin: string;
  corsOrigins: string[];
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Where rate-limit counters live when several instances must share them; in memory otherwise. */
  redisUrl?: string;
  /**
   * Where uploaded pictures are kept: `database` (a table, so every instance behind a proxy reads them; the
   * default with DATABASE_URL) or `files` under DATA_DIR (the default on the embedded database).
   */
  uploadStore: 'database' | 'files';
  /** Off only for load tests and browser suites that sign in more often than a person would. */
  isRateLimited: boolean;
  /** How long an e-mailed recovery code lasts: 10 minutes unless an operator says otherwise. */
  resetCodeTtlSeconds: number;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  logLevel: string;
  webDist?: string;
  modelsDir: string;
  /** Whether cookies get the Secure flag: only when the public origin is https. */
  isSecureCookies: boolean;
  /**
   * Who answers in the chat; defaults are the generation settings in docs/product.md#medibuddy-chat. Keys never reach
   * the browser.
   */
  chat: ChatConfig;
  /**
   * Worker threads that render PDF reports, and how many reports may wait for one before the next is refused with
   * 503 (report-pdf-pool.ts); unset, one fewer worker than the machine's cores (1 to 4) and 16 waiting.
   */
  pdfWorkers?: number;
  pdfQueue?: number;
};

export type ChatConfig = {
  provider: 'offline' | 'gemini' | 'openai';
  model: string | null;
  geminiApiKey?: string;
  geminiBaseUrl?: string;
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  timeoutMs: number;
  temperature: number;
  topK: number;
  topP: number;
  maxOutputTokens: number;
  safetyThreshold: 'BLOCK_LOW_AND_ABOVE' | 'BLOCK_MEDIUM_AND_ABOVE' | 'BLOCK_ONLY_HIGH' | 'BLOCK_NONE';
};

/** Gemini when a key is given, else an OpenAI-compatible server when its address is, else the offline assistant. */
function chatConfigOf(e: z.infer<typeof EnvSchema>): ChatConfig {
  const provider = e.CHAT_PROVIDER ?? (e.GEMINI_API_KEY ? 'gemini' : e.OPENAI_BASE_URL ? 'openai' : 'offline');
  const problems: string[] = [];
  if (provider === 'gemini' && !e.GEMINI_API_KEY)
    problems.push('  GEMINI_API_KEY: is required when CHAT_PROVIDER is gemini');
  if (provider === 'openai' && !e.OPENAI_BASE_URL)
    problems.push('  OPENAI_BASE_URL: is required when CHAT_PROVIDER is openai');
  if (provider === 'openai' && !e.CHAT_MODEL)
    problems.push('  CHAT_MODEL: is required for an OpenAI-compatible server (for example llama3.2 or gpt-4o-mini)');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    provider,
    model: provider === 'offline' ? null : (e.CHAT_MODEL ?? 'gemini-2.5-flash'),
    geminiApiKey: e.GEMINI_API_KEY,
    geminiBaseUrl: e.GEMINI_BASE_URL,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiApiKey: e.OPENAI_API_KEY,
    timeoutMs: e.CHAT_TIMEOUT_MS,
    temperature: e.CHAT_TEMPERATURE,
    topK: e.CHAT_TOP_K,
    topP: e.CHAT_TOP_P,
    maxOutputTokens: e.CHAT_MAX_OUTPUT_TOKENS,
    safetyThreshold: e.CHAT_SAFETY_THRESHOLD,
  };
}

/** Behind a reverse proxy the client's address comes from X-Forwarded-For; per-client rate limits need it. */
function parseTrustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {}

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Reads the environment once; every bad key is listed in one message so the operator fixes them in one go. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = EnvSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Unset, the public address is this machine on the chosen port.
  const publicOrigin = new URL(e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).origin;
  prepareDataDir(dataDir, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicOrigin,
    corsOrigins: e.CORS_ORIGINS.map((o) => new URL(o).origin),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    isRateLimited: e.RATE_LIMITS === 'on',
    uploadStore: e.UPLOAD_STORE ?? (e.DATABASE_URL ? 'database' : 'files'),
    resetCodeTtlSeconds: e.RESET_CODE_TTL_SECONDS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    modelsDir: e.MODELS_DIR ? path.resolve(e.MODELS_DIR) : path.join(serverRoot, 'models'),
    isSecureCookies: publicOrigin.startsWith('https:'),
    chat: chatConfigOf(e),
    pdfWorkers: e.PDF_WORKERS,
    pdfQueue: e.PDF_QUEUE,
  };
}

/**
 * DATA_DIR must be a folder this process can create and write (the embedded database, uploads, the outbox,
 * the session secret). Checked at start with a real write, so a missing or read-only folder is one clear
 * line for the operator instead of a stack trace from whichever part first touches it.
 */
function prepareDataDir(dataDir: string, given: string) {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'error';
    const why =
      code === 'EROFS' || code === 'EACCES' || code === 'EPERM'
        ? 'is read-only for this process'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'is not a folder (a file is in the way)'
          : code === 'ENOENT'
            ? 'cannot be created'
            : `cannot be used (${code})`;
    throw new ConfigError(
      `Invalid configuration:\n  DATA_DIR: ${given} (${dataDir}) ${why}. ` +
        'Set DATA_DIR to a folder the user running MediBuddy can create and write to, or create this one and give that user write access.',
    );
  }
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts with zero setup. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
