import type { MessageResponse, SessionResponse, User } from '@medibuddy/contracts';
import type { ResponseParser } from './api-client';

/*
 * Hand-written twins of contract schemas, for the only calls made before any page code loads (who is signed
 * in, sign out from the navbar). They keep zod out of the first download; every other call is checked with
 * the contract's zod schema. first-load-parsers.test.ts checks each twin against its schema.
 */

const isString = (value: unknown): value is string => typeof value === 'string';

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return (
    isString(u.id) &&
    isString(u.name) &&
    isString(u.email) &&
    isString(u.createdAt) &&
    (u.avatarUrl === null || isString(u.avatarUrl))
  );
}

function parser<T>(isValid: (value: unknown) => boolean, pick: (value: T) => T): ResponseParser<T> {
  return {
    safeParse: (data) => (isValid(data) ? { success: true, data: pick(data as T) } : { success: false }),
  };
}

/** SessionResponseSchema: { user | null }. Only the contract's fields are kept, like z.object does. */
export const sessionResponseParser = parser<SessionResponse>(
  (data) => {
    if (typeof data !== 'object' || data === null) return false;
    const user = (data as { user?: unknown }).user;
    return user === null || isUser(user);
  },
  ({ user }) => ({
    user: user && {
      id: user.id,
      name: user.name,
      email: user.email,
      avatarUrl: user.avatarUrl,
      createdAt: user.createdAt,
    },
  }),
);

/** MessageResponseSchema: { message }. */
export const messageResponseParser = parser<MessageResponse>(
  (data) => typeof data === 'object' && data !== null && isString((data as { message?: unknown }).message),
  ({ message }) => ({ message }),
);
