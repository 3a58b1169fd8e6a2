import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userAvatars } from '../../db/schema';

export type AvatarRow = Omit<typeof userAvatars.$inferInsert, 'updatedAt'>;

/**
 * The only code that touches user_avatars (profile pictures kept in the database). Takes a db or a transaction.
 * The row's user is the account itself: deleting the user deletes the row by cascade.
 */
export function createAvatarRepository(db: Db) {
  return {
    /** The user's picture, replaced whole in one statement (the old bytes and name are gone with it). */
    async replace(row: AvatarRow): Promise<void> {
      const updatedAt = new Date();
      await db
        .insert(userAvatars)
        .values({ ...row, updatedAt })
        .onConflictDoUpdate({
          target: userAvatars.userId,
          set: { name: row.name, contentType: row.contentType, size: row.size, bytes: row.bytes, updatedAt },
        });
    },

    /** Keeps a picture moved from DATA_DIR unless the user already has one here (a newer upload wins). */
    async insertIfNone(row: AvatarRow): Promise<void> {
      await db.insert(userAvatars).values(row).onConflictDoNothing({ target: userAvatars.userId });
    },

    /** The picture named `name`, or undefined. Names are random and unguessable, as file names were. */
    async findByName(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
      const rows = await db
        .select({ bytes: userAvatars.bytes, contentType: userAvatars.contentType })
        .from(userAvatars)
        .where(eq(userAvatars.name, name))
        .limit(1);
      return rows[0];
    },
  };
}
