import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export function createProfileRepository(db: Db) {
  return {
    /** Points the user at a new avatar file and returns the previous one, in one transaction. */
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
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
