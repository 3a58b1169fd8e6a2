import {
  findNulCharacter,
  jsonDepthOf,
  MAX_JSON_DEPTH,
  nulCharacterErrorOf,
  ProblemSchema,
  validationMessageOf,
  type FieldError,
  type Language,
  type Problem,
  type ValidationIssue,
} from '@medibuddy/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/client';
import { isStorageUnavailable } from '../lib/storage';
import { languageOfAcceptLanguage, textIn, type TextKey, type TextValues } from '../locales/texts';

/** Every error the API means to return has a code; the code decides the status. */
const STATUS_BY_CODE = {
  validation_failed: 400,
  bad_request: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  csrf_rejected: 403,
  not_found: 404,
  email_taken: 409,
  consent_required: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  unit_check: 422,
  rate_limited: 429,
  internal: 500,
  mail_unavailable: 503,
  database_unavailable: 503,
  storage_unavailable: 503,
  not_ready: 503,
  busy: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

const TITLE_BY_STATUS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A problem's detail as a catalogue message (server/src/locales), so a request in another language reads it in it. */
export type ProblemText = { key: TextKey; values?: TextValues };

export class AppError extends Error {
  readonly status: number;
  /** The detail's catalogue message, when it has one; without, a request in another language gets its code's. */
  text?: ProblemText;
  constructor(
    readonly code: ErrorCode,
    /** Shown to the user: say what happened and what to do next. */
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.status = STATUS_BY_CODE[code];
  }

  /** An error whose detail is a catalogue message: English here, the request's language when it is answered. */
  static of(code: ErrorCode, text: ProblemText, errors?: FieldError[], headers?: Record<string, string>): AppError {
    const error = new AppError(code, textIn('en', text.key, text.values), errors, headers);
    error.text = text;
    return error;
  }
}

/**
 * A 400 for one field, for checks the schema cannot express (a file's content, a cross-field rule).
 * `detail` is the sentence shown to the user; by default it is built from the field and message.
 */
export function fieldError(field: string, rule: string, message: string, detail?: string | ProblemText): AppError {
  if (typeof detail === 'object') return AppError.of('validation_failed', detail, [{ field, rule, message }]);
  return new AppError('validation_failed', detail ?? `${field} ${message}.`, [{ field, rule, message }]);
}

/** Turns the problem into the body a scope answers with (the compat API adds the legacy client's fields). */
export type ProblemShaper = (problem: Problem) => Problem;
const asIs: ProblemShaper = (problem) => problem;

export function sendProblem(
  reply: FastifyReply,
  problem: Problem,
  headers?: Record<string, string>,
  shape: ProblemShaper = asIs,
) {
  if (headers) reply.headers(headers);
  return reply.status(problem.status).type('application/problem+json').send(shape(problem));
}

/** Response schemas for the error statuses a route can answer, so the OpenAPI document lists them. */
export function problemResponses<S extends z.ZodType = typeof ProblemSchema>(
  statuses: number[],
  schema: S = ProblemSchema as unknown as S,
): Record<number, S> {
  return Object.fromEntries(statuses.map((status) => [status, schema]));
}

function problemOf(code: string, status: number, detail: string, errors?: FieldError[]): Problem {
  return {
    type: `https://medibuddy.local/problems/${code.replaceAll('_', '-')}`,
    title: TITLE_BY_STATUS[status] ?? 'Error',
    status,
    code,
    detail,
    ...(errors?.length ? { errors } : {}),
  };
}

/** What a client is told to wait while the database restarts: a PostgreSQL restart takes a few seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

type ValidationItem = { instancePath?: string; keyword?: string; message?: string; params?: Record<string, unknown> };

/**
 * Turns zod issues into field/rule pairs a person can read: in English "password: must be at least 8 characters"
 * (the schema's own words); in another language a whole sentence from the contracts' validation catalogue, naming
 * the field ("password में कम से कम 8 अक्षर होने चाहिए।"), the same messages the web app shows under its fields.
 */
export function toFieldErrors(items: ValidationItem[], context?: string, language: Language = 'en'): FieldError[] {
  const out: FieldError[] = [];
  for (const item of items) {
    const field = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || context || 'body';
    const params = item.params ?? {};
    if (item.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
      for (const key of params.keys as string[]) {
        const name = field === context || field === 'body' ? key : `${field}.${key}`;
        out.push(inLanguage(language, { field: name, rule: 'unknown_field', message: 'is not an accepted field' }));
      }
      continue;
    }
    const isMissing =
      item.keyword === 'invalid_type' &&
      (/received undefined/.test(item.message ?? '') || item.message === 'is required');
    if (isMissing) {
      out.push(inLanguage(language, { field, rule: 'required', message: 'is required' }));
      continue;
    }
    const error = { field, rule: item.keyword ?? 'invalid', message: item.message ?? 'is invalid' };
    const issue = { ...params, code: item.keyword ?? 'invalid', message: error.message } as ValidationIssue;
    out.push(inLanguage(language, error, issue));
  }
  return out;
}

/** A field error's message in a language: English as given; otherwise the catalogue's sentence for its issue or rule. */
function inLanguage(language: Language, error: FieldError, zodIssue?: ValidationIssue): FieldError {
  if (language === 'en') return error;
  const label = error.field;
  const mapped = zodIssue ? validationMessageOf(zodIssue) : undefined;
  const text: ProblemText = mapped
    ? { key: mapped.key, values: mapped.values }
    : error.rule === 'required'
      ? { key: 'validation.required' }
      : error.rule === 'unknown_field'
        ? { key: 'validation.unknownField' }
        : { key: 'validation.invalid' };
  return { ...error, message: textIn(language, text.key, { ...text.values, label }) };
}

/** The detail of a problem made of field errors: "password must be at least 8 characters." or the sentences. */
export function summarise(errors: FieldError[], language: Language = 'en'): string {
  if (language !== 'en') return errors.map((e) => e.message).join(' ');
  return errors.map((e) => `${e.field} ${e.message}`).join('; ') + '.';
}

/**
 * An AppError as a problem in a language. English: as thrown. Another language: its catalogue message, or its
 * code's when it has none (an English sentence written in code has no translation); its field errors' messages are
 * that sentence when the detail has one, otherwise each field's catalogue message by its rule.
 */
function problemOfAppError(error: AppError, language: Language): Problem {
  if (language === 'en') return problemOf(error.code, error.status, error.detail, error.errors);
  const detail = error.text
    ? textIn(language, error.text.key, error.text.values)
    : textIn(language, `code.${error.code}` as TextKey);
  const errors = error.errors?.map((e) => (error.text ? { ...e, message: detail } : inLanguage(language, e)));
  return problemOf(error.code, error.status, detail, errors);
}

/**
 * Sets the error and not-found handlers of `app`'s scope. The root scope answers plain problem+json, its details and
 * field messages in the request's language (Accept-Language, decision 039); a scope (the compat API) may pass a
 * shaper to add fields its clients read, and then answers in English only, as the legacy API did.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  shape: ProblemShaper = asIs,
  { followsLanguage = shape === asIs }: { followsLanguage?: boolean } = {},
) {
  const send = (reply: FastifyReply, problem: Problem, headers?: Record<string, string>) =>
    sendProblem(reply, problem, headers, shape);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = followsLanguage ? languageOfAcceptLanguage(request.headers['accept-language']) : 'en';
    const text = (key: TextKey, values?: TextValues) => textIn(language, key, values);
    if (error instanceof AppError) {
      return send(reply, problemOfAppError(error, language), error.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toFieldErrors(error.validation as ValidationItem[], error.validationContext, language);
      return send(reply, problemOf('validation_failed', 400, summarise(errors, language), errors));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const detail = language === 'en' && error.message ? error.message : text('code.rate_limited');
      return send(reply, problemOf('rate_limited', 429, detail));
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return send(reply, problemOf('payload_too_large', 413, text('request.tooLarge')));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): safe to describe, never an internal detail.
      const field = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type' : 'body';
      const detail =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? text('request.emptyBody')
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? text('request.mediaType')
            : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
              ? text('request.invalidJson')
              : text('request.unreadable');
      return send(
        reply,
        problemOf(status === 415 ? 'unsupported_media_type' : 'bad_request', status, detail, [
          { field, rule: 'format', message: detail },
        ]),
      );
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or unreachable: the pool reconnects by itself, so the client should simply retry.
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, problemOf('database_unavailable', 503, text('code.database_unavailable')), {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    if (isStorageUnavailable(error, request.server.config?.dataDir)) {
      // DATA_DIR read-only or full: nothing is wrong with the request, and the disk may be fixed in minutes.
      request.log.warn({ err: error }, 'data folder cannot be written');
      return send(reply, problemOf('storage_unavailable', 503, text('code.storage_unavailable')), {
        'retry-after': '60',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, problemOf('internal', 500, text('code.internal')));
  });

  app.setNotFoundHandler((request, reply) => {
    const language = followsLanguage ? languageOfAcceptLanguage(request.headers['accept-language']) : 'en';
    const values = { method: request.method, path: request.url.split('?')[0] };
    return send(reply, problemOf('not_found', 404, textIn(language, 'request.noRoute', values)));
  });
}

/**
 * Refuses a NUL character anywhere in a request's body, query or path before validation: PostgreSQL cannot
 * store one, so it would otherwise end as a 500 (and a database error holding the request's values).
 */
export function registerInputGuards(app: FastifyInstance) {
  // An empty body sent as application/json (fetch with a JSON header and no body, as sign-out buttons do)
  // is no body, not broken JSON: routes without a body then work, and routes that need one say it is required.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    // Nesting is limited before anything parses or walks the body: 10,000 brackets deep is no form of ours.
    if (jsonDepthOf(body as string) > MAX_JSON_DEPTH) {
      const message = `must not nest deeper than ${MAX_JSON_DEPTH} levels`;
      return done(
        new AppError('validation_failed', `The request body ${message}.`, [
          { field: 'body', rule: 'max_depth', message },
        ]),
        undefined,
      );
    }
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = findNulCharacter(value);
      if (field === undefined) continue;
      const name = field === 'body' ? where : field;
      throw new AppError('validation_failed', `${name} must not contain a NUL character (\\u0000).`, [
        nulCharacterErrorOf(name),
      ]);
    }
  });
}

/** A database error: its message, `params` and `detail` carry the query's parameters and a row's values. */
function isDatabaseError(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    if ('params' in e || 'query' in e || ('severity' in e && 'code' in e)) return true;
  }
  return false;
}

type LoggedError = { type: string; code?: string; message: string; stack: string; cause?: LoggedError };

/**
 * How errors are logged (pino's `err` serializer). A database error is logged by its class, SQLSTATE and
 * stack frames only: its message ("Failed query: ... params: <e-mail>, <password hash>, <inputs>") and
 * fields would put the request's data in the log. Other errors keep their message.
 */
export function serializeError(err: unknown, depth: number = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '[not an error]', stack: '' };
  const rawCode = (err as { code?: unknown }).code;
  const code = typeof rawCode === 'string' ? rawCode : undefined;
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const cause = (err as { cause?: unknown }).cause;
  const isDb = isDatabaseError(err);
  return {
    type: err.constructor?.name ?? err.name,
    ...(code ? { code } : {}),
    message: isDb
      ? `database error${code ? ` ${code}` : ''} (message withheld: it may hold query parameters)`
      : err.message,
    stack: isDb ? frames : (err.stack ?? ''),
    ...(cause !== undefined && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}
