import { createHmac, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { RESET_GRANT_TTL_MINUTES, SESSION_TTL_DAYS, type Language } from '@medibuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

/**
 * Server-side sessions. The cookie carries a random 32-byte token; the database keeps only
 * HMAC-SHA256(SESSION_SECRET, token), so a leaked table (or backup) cannot be replayed as cookies. This plugin
 * reads the cookie and decorates the request; the store behind it, which owns the sessions and users rows, is the
 * auth module's (`modules/auth/session-store.ts`), passed in by `app.ts`.
 *
 * A route that needs only who is signed in reads `await request.currentUserId()` (null for visitors) or
 * `await request.requireUserId()` (401 for visitors): one read of the sessions table. One that shows the user
 * (name, e-mail, avatar) or changes the account reads `await request.currentUser()` / `await request.requireUser()`,
 * which load the user row after the session. `onRequest: requireUser` guards a whole route with the session read only.
 */

export const SESSION_COOKIE = 'mb_session';
export const RESET_COOKIE = 'mb_reset';
export const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
export const RESET_GRANT_TTL_MS = RESET_GRANT_TTL_MINUTES * 60 * 1000;

/** base64url of 32 random bytes: anything else in a cookie is not one of ours and never reaches the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/** Keyed hash for every secret we store (session and grant tokens, reset codes). */
export function keyedHash(secret: string | KeyObject, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A live session: whose it is, and its token's keyed hash. */
export type SessionRef = { userId: string; tokenHash: string };

export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  avatarPath: string | null;
  language: Language;
  createdAt: Date;
  /** Which session this request rides on, so a password change can keep it and end the others. */
  sessionTokenHash: string;
};

/**
 * What this plugin needs to know of a session: the auth module's session store
 * (`modules/auth/session-store.ts`), which owns the sessions and users rows, is passed in by `app.ts`.
 */
export type SessionLookup = {
  /** The live session behind a cookie's token; an expired session counts as none. */
  findSession(token: string): Promise<SessionRef | null>;
  /** The user a live session belongs to. */
  userOf(session: SessionRef): Promise<CurrentUser | null>;
};

function cookieOptions(config: Config) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.isSecureCookies };
}

export function setSessionCookie(reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(reply.server.config), maxAge: SESSION_TTL_MS / 1000 });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(reply.server.config));
}

export function setResetCookie(reply: FastifyReply, token: string) {
  reply.setCookie(RESET_COOKIE, token, { ...cookieOptions(reply.server.config), maxAge: RESET_GRANT_TTL_MS / 1000 });
}

export function clearResetCookie(reply: FastifyReply) {
  reply.clearCookie(RESET_COOKIE, cookieOptions(reply.server.config));
}

/** The token in the session cookie, if it looks like one of ours. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return isWellFormedToken(token) ? token : undefined;
}

/** The token in the reset-grant cookie, if it looks like one of ours. */
export function resetTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[RESET_COOKIE];
  return isWellFormedToken(token) ? token : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is signed in (the sessions table only), looked up once per request on first use; null for a visitor. */
    currentUserId(): Promise<string | null>;
    /** Who is signed in, or a 401 problem for a visitor. */
    requireUserId(): Promise<string>;
    /** The signed-in user's row (after the session), looked up once per request on first use; null for a visitor. */
    currentUser(): Promise<CurrentUser | null>;
    /** The signed-in user's row, or a 401 problem for a visitor. */
    requireUser(): Promise<CurrentUser>;
  }
}

const NO_SESSION: Promise<null> = Promise.resolve(null);

export function registerSessions(app: FastifyInstance, store: SessionLookup) {
  // Per request, and read from the database every time: a session ended on any instance ends on every one.
  const sessions = new WeakMap<FastifyRequest, Promise<SessionRef | null>>();
  const users = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

  const sessionOf = (request: FastifyRequest): Promise<SessionRef | null> => {
    let session = sessions.get(request);
    if (!session) {
      const token = sessionTokenOf(request);
      session = token ? store.findSession(token) : NO_SESSION;
      sessions.set(request, session);
    }
    return session;
  };

  app.decorateRequest('currentUserId', async function (this: FastifyRequest) {
    return (await sessionOf(this))?.userId ?? null;
  });

  app.decorateRequest('requireUserId', async function (this: FastifyRequest) {
    const session = await sessionOf(this);
    if (!session) throw AppError.of('unauthenticated', { key: 'session.signInRequired' });
    return session.userId;
  });

  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let user = users.get(this);
    if (!user) {
      user = sessionOf(this).then((session) => (session ? store.userOf(session) : null));
      users.set(this, user);
    }
    return user;
  });

  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw AppError.of('unauthenticated', { key: 'session.signInRequired' });
    return user;
  });
}

/**
 * Route guard: `onRequest: requireUser` answers 401 before the body is parsed (or an upload read). It reads the
 * session only; a handler that needs the user's row loads it with `request.requireUser()`.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  await request.requireUserId();
}
