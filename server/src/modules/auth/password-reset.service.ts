import { randomInt } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, type Language } from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { durationIn, textIn, type TextKey, type TextValues } from '../../locales/texts';
import { AppError, fieldError } from '../../plugins/errors';
import type { Mailer } from '../../plugins/mail';
import { hashesEqual, keyedHash, newToken, RESET_GRANT_TTL_MS } from '../../plugins/session';
import { createUsersRepository } from '../users';
import { createAuthRepository } from './auth.repository';

/** "10 minutes", "1 minute", "30 seconds": how long a code lasts, in words (English). */
export const formatTtl = (seconds: number): string => durationIn('en', seconds);

export const codeSentMessage = (config: Config) =>
  `If an account exists for that address, we have sent a ${OTP_LENGTH}-digit code to it. It expires in ${formatTtl(config.resetCodeTtlSeconds)}.`;
const mailUnavailable = () => AppError.of('mail_unavailable', { key: 'recovery.mailUnavailable' });

const wrongCode = (triesLeft: number) =>
  fieldError(
    'code',
    'invalid',
    'is not correct',
    triesLeft === 1 ? { key: 'recovery.wrongCodeLastTry' } : { key: 'recovery.wrongCode', values: { triesLeft } },
  );
const noCode = () => fieldError('code', 'invalid', 'is not valid', { key: 'recovery.noCode' });
// The duration is written in the language the problem is answered in.
const expiredCode = (ttlSeconds: number) =>
  fieldError('code', 'expired', 'has expired', {
    key: 'recovery.expiredCode',
    values: { ttl: (language: Language) => durationIn(language, ttlSeconds) },
  });
const tooManyTries = () =>
  fieldError('code', 'too_many_attempts', 'has had too many wrong tries', { key: 'recovery.tooManyTries' });

/** The recovery e-mail in a language: subject and body from the mail catalogue (server/src/locales/<language>/mail.json). */
export function recoveryMail(language: Language, name: string, code: string, ttlSeconds: number) {
  const text = (key: TextKey, values?: TextValues) => textIn(language, key, values);
  return {
    subject: text('mail.recovery.subject'),
    text: [
      text('mail.recovery.greeting', { name }),
      '',
      text('mail.recovery.code', { code }),
      text('mail.recovery.expires', { ttl: durationIn(language, ttlSeconds) }),
      '',
      text('mail.recovery.notYou'),
    ].join('\n'),
  };
}

/** The least time an answer to a code request takes, known address or not (a usual SMTP relay answers well within it). */
export const SEND_CODE_MIN_MS = 400;

export type PasswordResetServiceDeps = { db: Db; config: Config; mailer: Mailer; log: FastifyBaseLogger };

/**
 * Recovery by one-time code: send a 6-digit code by e-mail, then trade the right code for a short-lived,
 * single-use reset grant (a cookie). The code and the grant are stored only as keyed hashes.
 */
export function createPasswordResetService({ db, config, mailer, log }: PasswordResetServiceDeps) {
  const repo = createAuthRepository(db);
  const users = createUsersRepository(db);
  // The user id is part of the hashed value, so one code's hash is worthless for any other account.
  const hashCode = (userId: string, code: string) => keyedHash(config.sessionSecret, `${userId}:${code}`);

  const sendCodeNow = async (email: string, requestLanguage: Language): Promise<void> => {
    const user = await users.findUserByEmail(email);
    if (!user) {
      // No code to send, but the same answer as for an account: 503 while the mail server is down.
      try {
        await mailer.check?.();
      } catch (err) {
        log.warn({ errorCode: (err as { code?: string }).code }, 'mail server check failed');
        throw mailUnavailable();
      }
      return;
    }
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const codeHash = hashCode(user.id, code);
    await repo.replaceResetCode(user.id, codeHash, new Date(Date.now() + config.resetCodeTtlSeconds * 1000));
    try {
      // The account's language when it chose Hindi; otherwise the language the request was made in.
      const language = user.language === 'en' ? requestLanguage : user.language;
      await mailer.send({ to: user.email, ...recoveryMail(language, user.name, code, config.resetCodeTtlSeconds) });
    } catch (err) {
      // Leave no live code behind that its owner never received.
      await repo.deleteResetCode(user.id, codeHash);
      // Only the error code: an SMTP reply can quote the recipient address.
      log.warn({ userId: user.id, errorCode: (err as { code?: string }).code }, 'reset code e-mail not sent');
      throw mailUnavailable();
    }
    log.info({ userId: user.id }, 'reset code sent');
  };

  return {
    /**
     * Same answer whether or not the address has an account, so the form cannot be used to find accounts: while
     * the mail server is down both answer 503 (an unknown address checks the server's greeting and login without
     * sending), so the user is told to retry instead of waiting for a code that never comes.
     *
     * Time: an unknown address skips the database write and the SMTP round trip, so every answer is held
     * until SEND_CODE_MIN_MS after the request began; the time then tells nothing unless the mail server
     * takes longer than that.
     */
    async sendCode(email: string, requestLanguage: Language = 'en'): Promise<void> {
      const answerAt = Date.now() + SEND_CODE_MIN_MS;
      try {
        await sendCodeNow(email, requestLanguage);
      } finally {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
      }
    },

    /** Trades a right code for a reset-grant token (for the cookie). Every try counts, right or wrong. */
    async verifyCode(email: string, code: string): Promise<string> {
      const user = await users.findUserByEmail(email);
      // An unknown address answers like an account without a live code.
      if (!user) throw noCode();
      const now = new Date();
      const row = await repo.spendResetCodeTry(user.id, now);
      if (!row) {
        const dead = await repo.findResetCode(user.id);
        if (!dead) throw noCode();
        if (dead.attempts >= OTP_MAX_ATTEMPTS) throw tooManyTries();
        throw expiredCode(config.resetCodeTtlSeconds);
      }
      if (!hashesEqual(hashCode(user.id, code), row.codeHash)) {
        log.info({ userId: user.id, attempts: row.attempts }, 'wrong reset code');
        if (row.attempts >= OTP_MAX_ATTEMPTS) throw tooManyTries();
        throw wrongCode(OTP_MAX_ATTEMPTS - row.attempts);
      }
      const grant = newToken();
      await withTransaction(db, async (tx) => {
        const txRepo = createAuthRepository(tx);
        // Deleting exactly this code makes it single-use even when two right tries race.
        if (!(await txRepo.deleteResetCode(user.id, row.codeHash))) throw noCode();
        await txRepo.deleteGrantsOf(user.id);
        await txRepo.insertGrant(
          keyedHash(config.sessionSecret, grant),
          user.id,
          new Date(now.getTime() + RESET_GRANT_TTL_MS),
        );
      });
      log.info({ userId: user.id }, 'reset code verified');
      return grant;
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
