import type { FieldError, Problem } from '@medibuddy/contracts';
import { currentLanguage, t, type MessageKey } from './i18n';

/** The sentence for a server never reached, in the page's language (the 'common' catalogue). */
export const networkErrorMessage = () => t('error.network');

/** What to tell a person when the server gave no problem document of its own (a proxy page, a crash). */
const FALLBACK_DETAIL_BY_STATUS: Record<number, MessageKey> = {
  400: 'error.status400',
  401: 'error.status401',
  403: 'error.status403',
  404: 'error.status404',
  409: 'error.status409',
  413: 'error.status413',
  415: 'error.status415',
  429: 'error.status429',
  503: 'error.status503',
};

function fallbackDetail(status: number): string {
  return t(FALLBACK_DETAIL_BY_STATUS[status] ?? (status >= 500 ? 'error.server' : 'error.request'));
}

/**
 * The one error type of the web app. `status` 0 means the server was never reached.
 * `message` is always a sentence a person can act on, never blank.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly fieldErrors: FieldError[];
  /** Seconds to wait before retrying, from a 429's or 503's Retry-After header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    status: number;
    code: string;
    detail: string;
    fieldErrors?: FieldError[];
    retryAfterSeconds?: number;
  }) {
    super(withWaitHint(options.detail, options.retryAfterSeconds));
    this.status = options.status;
    this.code = options.code;
    this.detail = options.detail;
    this.fieldErrors = options.fieldErrors ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return t('error.seconds', { count: seconds });
  return t('error.minutes', { count: Math.ceil(seconds / 60) });
}

/** Adds "Please try again in N minutes." unless the server's own sentence already says how long. */
function withWaitHint(detail: string, retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined || /\d/.test(detail)) return detail;
  return `${detail.trim()} ${t('error.tryAgainIn', { wait: formatWait(retryAfterSeconds) })}`;
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(1, Math.ceil((at - now) / 1000));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return JSON.parse(text) as unknown;
}

/**
 * Checks a problem document by hand: this module is on the first-load path, and zod (about 20 KB gzipped)
 * is left to the pages that validate forms. The contract test keeps it in step with ProblemSchema.
 */
export function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const p = body as Record<string, unknown>;
  const isFieldError = (e: unknown) =>
    typeof e === 'object' &&
    e !== null &&
    typeof (e as FieldError).field === 'string' &&
    typeof (e as FieldError).rule === 'string' &&
    typeof (e as FieldError).message === 'string';
  return (
    typeof p.type === 'string' &&
    typeof p.title === 'string' &&
    Number.isInteger(p.status) &&
    typeof p.code === 'string' &&
    typeof p.detail === 'string' &&
    (p.errors === undefined || (Array.isArray(p.errors) && p.errors.every(isFieldError)))
  );
}

export async function toApiError(response: Response): Promise<ApiError> {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    body = undefined;
  }
  const problem = isProblem(body) ? body : undefined;
  return new ApiError({
    status: response.status,
    code: problem?.code ?? `http_${response.status}`,
    // Never a blank message: a problem without a usable detail gets a sentence for its status.
    detail: problem?.detail.trim() ? problem.detail : fallbackDetail(response.status),
    fieldErrors: problem?.errors,
    retryAfterSeconds,
  });
}

/**
 * What checks a response body: a contract's zod schema, or (on the first-load path) a hand-written parser
 * with the same safeParse shape.
 */
export type ResponseParser<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
};

/** A parser, or a function that loads one (lazySchema in schemas.ts): the request does not wait for it to start. */
type ResponseCheck<T> = ResponseParser<T> | (() => Promise<ResponseParser<T>>);

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data; the browser writes the boundary. */
  formData?: FormData;
  /** Every successful response is checked against its contract before the app trusts it. */
  schema: ResponseCheck<T>;
  signal?: AbortSignal;
  /** The request outlives the page (a save as the page is left for another address). */
  keepalive?: boolean;
};

function networkError(): ApiError {
  return new ApiError({ status: 0, code: 'network_error', detail: networkErrorMessage() });
}

export async function apiRequest<T>(
  path: string,
  { method = 'GET', json, formData, schema, signal, keepalive }: RequestOptions<T>,
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json',
    // Problems (details, field messages) come back in the page's language (decision 039).
    'Accept-Language': currentLanguage(),
  };
  let body: BodyInit | undefined;
  if (formData) {
    body = formData;
  } else if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }

  // A schema that has to be loaded is fetched alongside the request; a failure to load it is a network failure.
  const parser = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  parser.catch(() => {
    // Reported below, once the response is in.
  });

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    // A cancelled request (react-query unmounting, a newer search) is not a failure to report.
    if (signal?.aborted) throw error;
    throw networkError();
  }

  if (!response.ok) throw await toApiError(response);

  let data: unknown;
  try {
    data = await readJson(response);
  } catch {
    throw new ApiError({ status: response.status, code: 'invalid_response', detail: t('error.unreadable') });
  }
  let check: ResponseParser<T>;
  try {
    check = await parser;
  } catch {
    throw networkError();
  }
  const parsed = check.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'invalid_response', detail: t('error.unreadable') });
  }
  return parsed.data;
}
