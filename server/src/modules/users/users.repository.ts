import type { Language } from '@medibuddy/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
/** A user without the password hash: what a session resolves to. */
export type PublicUserRow = Pick<UserRow, 'id' | 'name' | 'email' | 'avatarPath' | 'language' | 'createdAt'>;

const publicColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatarPath: users.avatarPath,
  language: users.language,
  createdAt: users.createdAt,
};

const preparePublicUserById = (db: Db) =>
  db
    .select(publicColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_public_by_id');

/**
 * The only code that touches users: the auth module (sign-up, sign-in, passwords, account deletion), its session
 * store (the signed-in user's row) and the profile module (the avatar) call it. Takes a db or a transaction
 * (`withTransaction(db, (tx) => ... createUsersRepository(tx) ...)`).
 */
export function createUsersRepository(db: Db) {
  // Every signed-in request runs this one (the session's user): prepared on first use, as the sessions repository's lookup.
  let publicUserById: ReturnType<typeof preparePublicUserById> | undefined;
  return {
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return rows[0] ?? null;
    },

    async findUserById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findPublicUserById(id: string): Promise<PublicUserRow | null> {
      publicUserById ??= preparePublicUserById(db);
      const rows = await publicUserById.execute({ id });
      return rows[0] ?? null;
    },

    /** The new user, or null when the address is taken (the unique index decides, so a race cannot slip by). */
    async insertUser(values: { name: string; email: string; passwordHash: string }): Promise<UserRow | null> {
      const rows = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
      return rows[0] ?? null;
    },

    /**
     * Deletes the account; its sessions, codes, assessments, conversations and every other user-owned row go by
     * cascade. Returns the deleted account's address (null when there was none), for rows keyed by address.
     */
    async deleteUser(userId: string): Promise<{ email: string } | null> {
      const rows = await db.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
      return rows[0] ?? null;
    },

    /** Points the user at a new avatar file and returns the previous one; null when there is no such user. */
    async replaceAvatarPath(userId: string, avatarPath: string): Promise<{ previous: string | null } | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ avatarPath: users.avatarPath })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        const row = rows[0];
        if (!row) return null;
        await tx.update(users).set({ avatarPath, updatedAt: new Date() }).where(eq(users.id, userId));
        return { previous: row.avatarPath };
      });
    },

    /** The users whose avatar is one of `names` (moving DATA_DIR avatar files into the database). */
    async findAvatarOwners(names: string[]): Promise<{ userId: string; avatarPath: string }[]> {
      if (names.length === 0) return [];
      const rows = await db
        .select({ userId: users.id, avatarPath: users.avatarPath })
        .from(users)
        .where(inArray(users.avatarPath, names));
      return rows as { userId: string; avatarPath: string }[];
    },

    /** Sets the account's language; the account as the API shows it, or null when there is no such user. */
    async setLanguage(userId: string, language: Language): Promise<PublicUserRow | null> {
      const rows = await db
        .update(users)
        .set({ language, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning(publicColumns);
      return rows[0] ?? null;
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
