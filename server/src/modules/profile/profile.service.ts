import type { Language, User } from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { avatarUrlOf, createUsersRepository, toPublicUser } from '../users';
import { createAvatarStore } from './avatar-store';
import { toAvatarWebp } from './avatars';

export type ProfileServiceDeps = {
  db: Db;
  dataDir: string;
  log: FastifyBaseLogger;
  config: Pick<Config, 'uploadStore'>;
};

export function createProfileService({ db, dataDir, log, config }: ProfileServiceDeps) {
  // The avatar's name is a column of users (the users repository's); the picture is in the store config.uploadStore names.
  const store = createAvatarStore({ kind: config.uploadStore, db, dataDir, log });
  const users = createUsersRepository(db);

  return {
    /** Changes what the request names of the account (its language so far); the account as the API shows it. */
    async update(userId: string, changes: { language?: Language }): Promise<User> {
      const row = changes.language
        ? await users.setLanguage(userId, changes.language)
        : await users.findPublicUserById(userId);
      if (!row) throw new AppError('unauthenticated', 'Please sign in to continue.');
      if (changes.language) log.info({ userId }, 'account language set');
      return toPublicUser(row);
    },

    /** The avatar's bytes by its name (the last part of its URL), or null when there is none. */
    readAvatar: (name: string) => store.read(name),

    /** Validates and re-encodes the picture, stores it, and only then forgets the old one. */
    async setAvatar(userId: string, upload: Buffer): Promise<{ imageUrl: string }> {
      const webp = await toAvatarWebp(upload);
      const name = await store.replace(userId, webp);
      if (!name) throw new AppError('unauthenticated', 'Please sign in to continue.');
      log.info({ userId }, 'avatar updated');
      return { imageUrl: avatarUrlOf(name) as string };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
