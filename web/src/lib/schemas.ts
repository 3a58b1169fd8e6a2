import type * as ContractsModule from '@medibuddy/contracts';
import { apiRequest, type ResponseParser } from './api-client';
import { importOnce } from './import-once';

/** The contracts with their zod schemas: the package's index, set up for the browser (lib/contracts.ts). */
export type Contracts = typeof ContractsModule;

const contracts = importOnce(() => import('@medibuddy/contracts'));

/**
 * The contracts' zod schemas, fetched the first time a form is used or an answer of the API is checked, never by a
 * page's first load (decision 014): pages render from '@medibuddy/contracts/forms', which has no zod. Every caller
 * shares one import; a failed one (offline) is tried again by the next caller.
 */
export function loadSchemas(): Promise<Contracts> {
  return contracts.load();
}

/** Starts fetching the schemas without waiting for them: a form's first focus, so its submit does not wait. */
export function preloadSchemas(): void {
  loadSchemas().catch(() => {
    // The submit that needs them tries again and reports a failure.
  });
}

/** A response check whose schema is loaded when the request is made (apiRequest's `schema`). */
export function lazySchema<T>(pick: (contracts: Contracts) => ResponseParser<T>): () => Promise<ResponseParser<T>> {
  return () => loadSchemas().then(pick);
}

/**
 * Sends `body` as JSON and checks the answer with a contract schema that loads alongside the request: the forms'
 * calls (sign-in, password reset, the medicine finder), whose pages' first load has no zod.
 */
export function sendJson<T>(
  path: string,
  body: unknown,
  pick: (contracts: Contracts) => ResponseParser<T>,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  return apiRequest(path, { method, json: body, schema: lazySchema(pick) });
}
