import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { UploadStoreKind } from '../assessments';
import { createUsersRepository } from '../users';
import { AVATAR_FILE_PATTERN, createAvatarFiles } from './avatars';
import { createAvatarRepository } from './avatars.repository';

/**
 * Where profile pictures live: re-encoded 256x256 WebP, named by a UUID; users.avatar_path holds the name and
 * the URL shows it. The same two stores as the pictures of image assessments (UPLOAD_STORE, the same setting).
 */
export type AvatarStore = {
  kind: UploadStoreKind;
  /** Keeps `webp` as the user's picture in place of the previous one; its name, or null when there is no such user. */
  replace(userId: string, webp: Buffer): Promise<string | null>;
  /** The picture's bytes by its name, or null when there is none. */
  read(name: string): Promise<Buffer | null>;
};

/** Files under DATA_DIR/uploads/avatars/: the default on the embedded database (one instance). */
function fileStore(db: Db, dataDir: string): AvatarStore {
  const files = createAvatarFiles(dataDir);
  const users = createUsersRepository(db);
  return {
    kind: 'files',
    // Writes the file, points the user at it, and only then deletes the old one.
    async replace(userId, webp) {
      const name = await files.save(webp);
      let result;
      try {
        result = await users.replaceAvatarPath(userId, name);
      } catch (err) {
        await files.remove(name);
        throw err;
      }
      if (!result) {
        await files.remove(name);
        return null;
      }
      if (result.previous) await files.remove(result.previous);
      return name;
    },
    read: (name) => files.read(name),
  };
}

/**
 * The user_avatars table: every instance on one PostgreSQL serves the same pictures. One row a user, replaced in
 * one statement in the same transaction that points users.avatar_path at it; deleted with the account by cascade.
 * Avatar files this instance kept before the switch move into the table at start, and every use waits for that.
 */
function databaseStore(db: Db, dataDir: string, log: FastifyBaseLogger): AvatarStore {
  let moving: Promise<void> | undefined;
  const filesMoved = () =>
    (moving ??= moveAvatarFilesIntoDatabase(db, dataDir).then(
      (moved) => {
        if (moved > 0) log.info({ moved }, 'avatar files moved from DATA_DIR into the database');
      },
      (err: unknown) => {
        moving = undefined; // tried again at the next use
        log.warn({ err }, 'moving avatar files into the database failed');
      },
    ));
  void filesMoved();
  return {
    kind: 'database',
    async replace(userId, webp) {
      await filesMoved();
      const name = `${randomUUID()}.webp`;
      const replaced = await withTransaction(db, async (tx) => {
        const result = await createUsersRepository(tx).replaceAvatarPath(userId, name);
        if (!result) return null;
        await createAvatarRepository(tx).replace({
          userId,
          name,
          contentType: 'image/webp',
          size: webp.length,
          bytes: webp,
        });
        return result;
      });
      if (!replaced) return null;
      // A picture that was still a file here (the move failed) goes now rather than never.
      if (replaced.previous) await createAvatarFiles(dataDir).remove(replaced.previous);
      return name;
    },
    async read(name) {
      if (!AVATAR_FILE_PATTERN.test(name)) return null;
      await filesMoved();
      return (await createAvatarRepository(db).findByName(name))?.bytes ?? null;
    },
  };
}

export function createAvatarStore({
  kind,
  db,
  dataDir,
  log,
}: {
  kind: UploadStoreKind;
  db: Db;
  dataDir: string;
  log: FastifyBaseLogger;
}): AvatarStore {
  return kind === 'database' ? databaseStore(db, dataDir, log) : fileStore(db, dataDir);
}

/**
 * After a switch from files to the database: moves the avatar files that users.avatar_path names from DATA_DIR
 * into the table, and removes each file once its row is saved. A user who already has a row (a newer upload
 * through another instance) keeps it. Returns how many moved.
 */
export async function moveAvatarFilesIntoDatabase(db: Db, dataDir: string): Promise<number> {
  const files = createAvatarFiles(dataDir);
  const onDisk = await files.list();
  if (onDisk.length === 0) return 0;
  const owners = await createUsersRepository(db).findAvatarOwners(onDisk.map((f) => f.name));
  const avatars = createAvatarRepository(db);
  let moved = 0;
  for (const { userId, avatarPath: name } of owners) {
    const webp = await files.read(name);
    if (!webp) continue;
    await avatars.insertIfNone({ userId, name, contentType: 'image/webp', size: webp.length, bytes: webp });
    await files.remove(name);
    moved += 1;
  }
  return moved;
}
