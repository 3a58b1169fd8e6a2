import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Db } from '../../db/client';
import { createWebpFiles } from '../../lib/webp-files';
import { createAssessmentRepository } from './assessments.repository';

/** Only names we generate: a UUID and .webp. Anything else is not ours, and never touches the file system. */
export const ASSESSMENT_IMAGE_PATTERN = /^[0-9a-f-]{36}\.webp$/;

export type UploadStoreKind = 'database' | 'files';

/**
 * Where the pictures kept with signed-in users' image assessments live: re-encoded WebP (never the uploaded
 * bytes), named by a UUID; the assessment's inputs.image.file holds the name. Only the assessment's owner can
 * read it: the service finds the owner's row first, and the database store checks the owner again.
 */
export type AssessmentImageStore = {
  kind: UploadStoreKind;
  /** Keeps the picture for the user; returns its name. Written before the assessment's row. */
  save(userId: string, webp: Buffer): Promise<string>;
  /** Called once the assessment's row is saved: from then on deleting that row deletes the picture. */
  link(name: string, assessmentId: string): Promise<void>;
  /** The picture's bytes, or null when there is none (or, in the database, it is another user's). */
  read(userId: string, name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
  /** Removes the user's pictures among `names` that would not go with their assessments' rows. */
  removeOfUser(userId: string, names: string[]): Promise<void>;
  /** Pictures that may be orphans (the files store: all; the database: those never linked), with their age. */
  listUnlinked(now?: number): Promise<{ name: string; ageMs: number }[]>;
};

/** Files under DATA_DIR/uploads/assessments/: the default on the embedded database (one instance). */
export function createAssessmentImageFiles(dataDir: string) {
  return createWebpFiles(path.join(dataDir, 'uploads', 'assessments'), ASSESSMENT_IMAGE_PATTERN, 'an assessment image');
}
export type AssessmentImageFiles = ReturnType<typeof createAssessmentImageFiles>;

function fileStore(dataDir: string): AssessmentImageStore {
  const files = createAssessmentImageFiles(dataDir);
  return {
    kind: 'files',
    save: (_userId, webp) => files.save(webp),
    link: async () => undefined,
    read: (_userId, name) => files.read(name),
    remove: (name) => files.remove(name),
    async removeOfUser(_userId, names) {
      for (const name of names) await files.remove(name);
    },
    listUnlinked: (now) => files.list(now),
  };
}

/**
 * The assessment_images table: every instance on one PostgreSQL reads the same pictures. A row belongs to its
 * user (deleted with the account by cascade) and, once linked, to its assessment (deleted with it).
 */
function databaseStore(db: Db): AssessmentImageStore {
  const repo = createAssessmentRepository(db);
  return {
    kind: 'database',
    async save(userId, webp) {
      const name = `${randomUUID()}.webp`;
      await repo.insertImage({ name, userId, contentType: 'image/webp', size: webp.length, bytes: webp });
      return name;
    },
    link: (name, assessmentId) => repo.linkImage(name, assessmentId),
    async read(userId, name) {
      if (!ASSESSMENT_IMAGE_PATTERN.test(name)) return null;
      return (await repo.findImage(name, userId)) ?? null;
    },
    remove: (name) => repo.deleteImage(name),
    removeOfUser: (userId, names) => repo.deleteUnlinkedImages(userId, names),
    async listUnlinked(now = Date.now()) {
      const rows = await repo.listUnlinkedImages(new Date(now));
      return rows.map((r) => ({ name: r.name, ageMs: now - r.createdAt.getTime() }));
    },
  };
}

export function createAssessmentImageStore({
  kind,
  db,
  dataDir,
}: {
  kind: UploadStoreKind;
  db: Db;
  dataDir: string;
}): AssessmentImageStore {
  return kind === 'database' ? databaseStore(db) : fileStore(dataDir);
}

/**
 * After a switch from files to the database: moves the pictures that assessments name from DATA_DIR into the
 * table, linked to their assessments, and removes each file once its row is saved. Returns how many moved.
 */
export async function moveImageFilesIntoDatabase(db: Db, dataDir: string): Promise<number> {
  const files = createAssessmentImageFiles(dataDir);
  const onDisk = await files.list();
  if (onDisk.length === 0) return 0;
  const repo = createAssessmentRepository(db);
  const refs = new Map((await repo.imageRefs()).map((r) => [r.file, r]));
  let moved = 0;
  for (const { name } of onDisk) {
    const ref = refs.get(name);
    const webp = ref ? await files.read(name) : null;
    if (!ref || !webp) continue;
    await repo.linkImage(name, ref.assessmentId, {
      name,
      userId: ref.userId,
      contentType: 'image/webp',
      size: webp.length,
      bytes: webp,
    });
    await files.remove(name);
    moved += 1;
  }
  return moved;
}
