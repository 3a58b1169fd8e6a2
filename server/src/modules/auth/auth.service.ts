import { randomBytes } from 'node:crypto';
import type { SignInRequest, SignUpRequest, User } from '@medibuddy/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../plugins/errors';
import { keyedHash, type CurrentUser } from '../../plugins/session';
import { createNewsletterRepository } from '../newsletter';
import { createUsersRepository, toPublicUser } from '../users';
import { createAuthRepository } from './auth.repository';
import { createSessionStore } from './session-store';

/** argon2id with the library defaults (19 MiB, 2 passes: OWASP's recommended minimum). */
const hashPassword = (password: string) => hash(password);

async function isPasswordCorrect(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export type AuthServiceDeps = { db: Db; config: Config; log: FastifyBaseLogger };

export function createAuthService({ db, config, log }: AuthServiceDeps) {
  const repo = createUsersRepository(db);
  const sessions = createSessionStore(db, config.sessionSecret);
  // Verified against when the e-mail is unknown, so a wrong address costs as long as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  return {
    async signUp(input: SignUpRequest): Promise<{ user: User; sessionToken: string }> {
      const passwordHash = await hashPassword(input.password);
      const user = await repo.insertUser({ name: input.name, email: input.email, passwordHash });
      if (!user) {
        throw AppError.of('email_taken', { key: 'account.emailTaken' }, [
          { field: 'email', rule: 'taken', message: 'is already registered' },
        ]);
      }
      const sessionToken = await sessions.start(user.id);
      log.info({ userId: user.id }, 'account created');
      return { user: toPublicUser(user), sessionToken };
    },

    async signIn(input: SignInRequest): Promise<{ user: User; sessionToken: string }> {
      const user = await repo.findUserByEmail(input.email);
      if (!user) {
        await isPasswordCorrect(await getDummyHash(), input.password);
        throw AppError.of('invalid_credentials', { key: 'account.invalidCredentials' });
      }
      if (!(await isPasswordCorrect(user.passwordHash, input.password))) {
        log.info({ userId: user.id }, 'sign-in refused: wrong password');
        throw AppError.of('invalid_credentials', { key: 'account.invalidCredentials' });
      }
      const sessionToken = await sessions.start(user.id);
      log.info({ userId: user.id }, 'signed in');
      return { user: toPublicUser(user), sessionToken };
    },

    async signOut(sessionToken: string | undefined): Promise<void> {
      if (sessionToken) await sessions.end(sessionToken);
    },

    /**
     * The reset-grant path: the grant names the account (whoever verified the code), never the request body.
     * Sets the password, spends the grant and ends every session of that account, in one transaction.
     * False when the grant is unknown, expired or already used.
     */
    async changePasswordWithGrant(grantToken: string, newPassword: string): Promise<boolean> {
      const passwordHash = await hashPassword(newPassword);
      const userId = await withTransaction(db, async (tx) => {
        const txRepo = createAuthRepository(tx);
        const owner = await txRepo.consumeGrant(keyedHash(config.sessionSecret, grantToken), new Date());
        if (!owner) return null;
        await createUsersRepository(tx).setPasswordHash(owner, passwordHash);
        await txRepo.deleteGrantsOf(owner);
        await txRepo.deleteResetCodesOf(owner);
        await createSessionStore(tx, config.sessionSecret).endAllForUser(owner);
        return owner;
      });
      if (userId) log.info({ userId }, 'password reset with a verified code');
      return userId !== null;
    },

    /**
     * The signed-in path: proves the current password, then ends every session of the user and starts a
     * fresh one for this browser (rotation), so a stolen cookie dies with the old password.
     */
    async changePasswordWithSession(
      user: CurrentUser,
      currentPassword: string | undefined,
      newPassword: string,
    ): Promise<{ sessionToken: string }> {
      if (!currentPassword) {
        throw fieldError(
          'currentPassword',
          'required',
          'is required',
          'Enter your current password to choose a new one.',
        );
      }
      const row = await repo.findUserById(user.id);
      if (!row || !(await isPasswordCorrect(row.passwordHash, currentPassword))) {
        throw fieldError(
          'currentPassword',
          'incorrect',
          'is not your current password',
          'Your current password is not correct. If you have forgotten it, sign out and use "Forgot password".',
        );
      }
      const passwordHash = await hashPassword(newPassword);
      const sessionToken = await withTransaction(db, async (tx) => {
        const txRepo = createAuthRepository(tx);
        const txSessions = createSessionStore(tx, config.sessionSecret);
        await createUsersRepository(tx).setPasswordHash(user.id, passwordHash);
        await txRepo.deleteGrantsOf(user.id);
        await txRepo.deleteResetCodesOf(user.id);
        await txSessions.endAllForUser(user.id);
        return txSessions.start(user.id);
      });
      log.info({ userId: user.id }, 'password changed while signed in');
      return { sessionToken };
    },

    /** The user as the API shows it, or null when there is no such account (e.g. a share link's owner). */
    async publicUser(userId: string): Promise<User | null> {
      const row = await repo.findUserById(userId);
      return row ? toPublicUser(row) : null;
    },

    /**
     * Proves the password, then deletes the user row: every table that holds the user's data references it
     * with `on delete cascade`, so one statement erases them all. Answers the avatar file name, which the
     * caller removes from DATA_DIR once the row is gone.
     */
    async deleteAccount(
      userId: string,
      password: string,
      /** Runs once the password is proved, before the row goes (to remove files the rows name). */
      beforeDelete: () => Promise<void> = async () => {},
    ): Promise<{ avatarPath: string | null }> {
      const row = await repo.findUserById(userId);
      if (!row || !(await isPasswordCorrect(row.passwordHash, password))) {
        throw fieldError(
          'password',
          'incorrect',
          'is not your password',
          'That password is not correct, so nothing was deleted. Enter the password you sign in with.',
        );
      }
      await beforeDelete();
      await withTransaction(db, async (tx) => {
        const deleted = await createUsersRepository(tx).deleteUser(userId);
        // A newsletter subscription of the same address has no key to the account, so it goes by address.
        if (deleted) await createNewsletterRepository(tx).unsubscribe(deleted.email);
      });
      log.info({ userId }, "account deleted at the user's request");
      return { avatarPath: row.avatarPath };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
