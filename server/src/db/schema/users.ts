import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@medibuddy/contracts';
import { createdAt, uuidPk, bytea } from './columns';

/**
 * Accounts and what hangs on them: sessions, password recovery, the profile picture; and the key by which every
 * other table of a user's data goes with the account.
 */

/** The user a row belongs to: it goes with the account. */
export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** The same, as the key of a table with one row per user. */
export const ownerIdKey = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: uuidPk(),
    name: text('name').notNull(),
    /** Stored normalised (trimmed, lower-case); the unique index is what answers 409 on a race. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    avatarPath: text('avatar_path'),
    /** The language the account reads MediBuddy in ('en' | 'hi', contracts' LANGUAGES; decision 038). */
    language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The column's list is the contracts' LANGUAGES: adding a language is a migration that widens this check.
  (t) => [check('users_language_check', sql`${t.language} in ('en', 'hi')`)],
);

/** Server-side sessions: the cookie holds a random token, the table only its keyed hash. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** One live recovery code per account: a new request replaces the old row. */
export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: ownerIdKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** What a verified code turns into: a short-lived, single-use right to set one account's password. */
export const passwordResetGrants = pgTable(
  'password_reset_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_reset_grants_user_id_idx').on(t.userId)],
);

/**
 * Profile pictures when uploads live in the database (UPLOAD_STORE=database, the default on PostgreSQL): one row a
 * user, replaced whole by a new upload and deleted with the account by cascade. `name` is what users.avatar_path
 * holds and the URL shows (/uploads/avatars/<name>): a new picture gets a new name, so browsers may cache it for good.
 */
export const userAvatars = pgTable('user_avatars', {
  userId: ownerIdKey(),
  name: text('name').notNull().unique(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
