import { createSecretKey } from 'node:crypto';
import type { Db } from '../../db/client';
import { keyedHash, newToken, SESSION_TTL_MS, type CurrentUser, type SessionRef } from '../../plugins/session';
import { createUsersRepository } from '../users';
import { createSessionsRepository } from './sessions.repository';

/**
 * Sessions for cookies: makes and hashes the tokens; the rows are the sessions repository's, the user the
 * users module's. Takes a db or a transaction, so a password change can end sessions atomically with it.
 */
export function createSessionStore(db: Db, secret: string) {
  const sessionRows = createSessionsRepository(db);
  const users = createUsersRepository(db);
  // Every signed-in request hashes its cookie: the key is made once, not from the string on each request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));

  /** The live session behind a cookie (one read of the sessions table); an expired session counts as none. */
  async function findSession(token: string): Promise<SessionRef | null> {
    const tokenHash = keyedHash(key, token);
    const userId = await sessionRows.findLiveUserId(tokenHash, new Date());
    return userId ? { userId, tokenHash } : null;
  }

  /** The user a live session belongs to. */
  async function userOf(session: SessionRef): Promise<CurrentUser | null> {
    // The session row's foreign key cascades, so a deleted account leaves no session; a deletion between
    // the two reads finds no user here and counts as signed out.
    const user = await users.findPublicUserById(session.userId);
    return user ? { ...user, sessionTokenHash: session.tokenHash } : null;
  }

  return {
    /** Starts a session and returns the token for the cookie (never stored). */
    async start(userId: string): Promise<string> {
      const token = newToken();
      await sessionRows.insert({
        tokenHash: keyedHash(key, token),
        userId,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      return token;
    },

    findSession,
    userOf,

    async end(token: string): Promise<void> {
      await sessionRows.deleteByTokenHash(keyedHash(key, token));
    },

    async endAllForUser(userId: string): Promise<void> {
      await sessionRows.deleteAllOf(userId);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
