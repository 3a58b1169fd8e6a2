import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Only names we generate: a UUID and .webp. Anything else is not ours, and never touches the file system. */
export const ASSESSMENT_IMAGE_PATTERN = /^[0-9a-f-]{36}\.webp$/;

/**
 * The pictures kept with signed-in users' image assessments, under DATA_DIR/uploads/assessments/, re-encoded
 * (never the uploaded bytes). The assessment row holds the file name; only its owner can read it.
 */
export function createAssessmentImageFiles(dataDir: string) {
  const dir = path.join(dataDir, 'uploads', 'assessments');
  const fileOf = (name: string) => {
    if (!ASSESSMENT_IMAGE_PATTERN.test(name)) throw new Error('not an assessment image name');
    return path.join(dir, name);
  };
  return {
    dir,
    async save(webp: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.webp`;
      await writeFile(fileOf(name), webp, { flag: 'wx' });
      return name;
    },
    /** The file's bytes, or null when there is no such picture. */
    async read(name: string): Promise<Buffer | null> {
      if (!ASSESSMENT_IMAGE_PATTERN.test(name)) return null;
      try {
        return await readFile(fileOf(name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(name: string): Promise<void> {
      if (ASSESSMENT_IMAGE_PATTERN.test(name)) await rm(fileOf(name), { force: true });
    },
    /** Our files with their age in milliseconds. */
    async list(now = Date.now()): Promise<{ name: string; ageMs: number }[]> {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => ASSESSMENT_IMAGE_PATTERN.test(n));
      const out: { name: string; ageMs: number }[] = [];
      for (const name of names) {
        const info = await stat(fileOf(name)).catch(() => null);
        if (info) out.push({ name, ageMs: now - info.mtimeMs });
      }
      return out;
    },
  };
}
export type AssessmentImageFiles = ReturnType<typeof createAssessmentImageFiles>;
