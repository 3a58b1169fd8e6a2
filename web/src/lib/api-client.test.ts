import { MessageResponseSchema } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { json, problem, stubFetch } from '../test/http';
import { ApiError, apiRequest, isProblem, parseRetryAfter } from './api-client';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('sends JSON with same-origin credentials and returns the checked body', async () => {
    const http = stubFetch({
      'POST /api/feedback': () => json(201, { message: 'Thank you for your feedback.', extra: 1 }),
    });
    const data = await apiRequest('/api/feedback', {
      method: 'POST',
      json: { feedback: 'Nice' },
      schema: MessageResponseSchema,
    });
    expect(data).toEqual({ message: 'Thank you for your feedback.' });
    const [request] = http.requests;
    expect(request?.init?.credentials).toBe('same-origin');
    expect(request?.init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(request?.body).toEqual({ feedback: 'Nice' });
  });

  it('turns a problem+json answer into one ApiError with status, code, detail and field errors', async () => {
    stubFetch({
      'POST /api/auth/sign-up': () =>
        problem(409, 'email_taken', 'An account with this email already exists.', [
          { field: 'email', rule: 'taken', message: 'is already registered' },
        ]),
    });
    const error = await failureOf(
      apiRequest('/api/auth/sign-up', { method: 'POST', json: {}, schema: MessageResponseSchema }),
    );
    expect(error).toMatchObject({
      status: 409,
      code: 'email_taken',
      detail: 'An account with this email already exists.',
      message: 'An account with this email already exists.',
      fieldErrors: [{ field: 'email', rule: 'taken', message: 'is already registered' }],
      isNetworkError: false,
    });
  });

  it('says how long to wait on a 429 when the server sentence does not', async () => {
    stubFetch({
      'POST /api/auth/password-reset/code': () =>
        problem(429, 'rate_limited', 'Too many codes requested.', undefined, { 'retry-after': '120' }),
    });
    const error = await failureOf(
      apiRequest('/api/auth/password-reset/code', { method: 'POST', schema: MessageResponseSchema }),
    );
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.message).toBe('Too many codes requested. Please try again in 2 minutes.');
  });

  it('keeps the server sentence when it already names the wait', async () => {
    stubFetch({
      'POST /api/auth/sign-in': () =>
        problem(429, 'rate_limited', 'Too many attempts. Try again in 30 seconds.', undefined, { 'retry-after': '30' }),
    });
    const error = await failureOf(apiRequest('/api/auth/sign-in', { method: 'POST', schema: MessageResponseSchema }));
    expect(error.message).toBe('Too many attempts. Try again in 30 seconds.');
  });

  it('gives a human sentence for an answer that is not a problem document (a proxy error page)', async () => {
    stubFetch({ 'GET /api/auth/session': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await failureOf(apiRequest('/api/auth/session', { schema: MessageResponseSchema }));
    expect(error.status).toBe(502);
    expect(error.code).toBe('http_502');
    expect(error.message).toBe('Something went wrong on our side. Please try again in a moment.');
  });

  it('never carries a blank message, even for a problem with an empty detail', async () => {
    stubFetch({ 'POST /api/auth/sign-in': () => problem(401, 'invalid_credentials', '   ') });
    const error = await failureOf(apiRequest('/api/auth/sign-in', { method: 'POST', schema: MessageResponseSchema }));
    expect(error.code).toBe('invalid_credentials');
    expect(error.message).toBe('Please sign in to continue.');
  });

  it('reports a network failure with a message to check the connection', async () => {
    stubFetch({
      'GET /api/auth/session': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await failureOf(apiRequest('/api/auth/session', { schema: MessageResponseSchema }));
    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBe(0);
    expect(error.message).toBe('We could not reach MediBuddy. Check your connection and try again.');
    expect(error.message).toBe('We could not reach MediBuddy. Check your connection and try again.');
  });

  it('rejects a success body that breaks the contract', async () => {
    stubFetch({ 'POST /api/feedback': () => json(201, { msg: 'wrong field' }) });
    const error = await failureOf(apiRequest('/api/feedback', { method: 'POST', schema: MessageResponseSchema }));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toMatch(/could not read/);
  });

  it('lets a cancelled request stay a cancellation', async () => {
    const controller = new AbortController();
    stubFetch({
      'GET /api/auth/session': () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    });
    await expect(
      apiRequest('/api/auth/session', { schema: MessageResponseSchema, signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('45')).toBe(45);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('isProblem', () => {
  it('accepts RFC 9457 problems of the contract and nothing else', () => {
    expect(isProblem({ type: 't', title: 'T', status: 400, code: 'c', detail: 'd' })).toBe(true);
    expect(
      isProblem({
        type: 't',
        title: 'T',
        status: 400,
        code: 'c',
        detail: 'd',
        errors: [{ field: 'f', rule: 'r', message: 'm' }],
      }),
    ).toBe(true);
    expect(isProblem({ type: 't', title: 'T', status: 400, code: 'c', detail: 'd', errors: [{ field: 'f' }] })).toBe(
      false,
    );
    expect(isProblem({ message: 'x' })).toBe(false);
    expect(isProblem('x')).toBe(false);
  });
});
