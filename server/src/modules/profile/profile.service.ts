import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { createAuthRepository } from '../auth/auth.repository';
import { avatarUrlOf, createAvatarFiles, toAvatarWebp } from './avatars';

export type ProfileServiceDeps = { db: Db; dataDir: string; log: FastifyBaseLogger };

export function createProfileService({ db, dataDir, log }: ProfileServiceDeps) {
  // The avatar is a column of users, whose queries are the auth repository's.
  const users = createAuthRepository(db);
  const files = createAvatarFiles(dataDir);

  return {
    files,

    /** Validates and re-encodes the picture, stores it, and only then forgets (and deletes) the old one. */
    async setAvatar(userId: string, upload: Buffer): Promise<{ imageUrl: string }> {
      const webp = await toAvatarWebp(upload);
      const fileName = await files.save(webp);
      let result;
      try {
        result = await users.replaceAvatarPath(userId, fileName);
      } catch (err) {
        await files.remove(fileName);
        throw err;
      }
      if (!result) {
        await files.remove(fileName);
        throw new AppError('unauthenticated', 'Please sign in to continue.');
      }
      if (result.previous) await files.remove(result.previous);
      log.info({ userId }, 'avatar updated');
      return { imageUrl: avatarUrlOf(fileName) as string };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
