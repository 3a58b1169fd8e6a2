import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';

import path from 'node:path';

/**
 * A folder of re-encoded WebP pictures named by us (a UUID and .webp). `pattern` is the only names the folder
 * holds: any other name is not ours and never touches the file system.
 */
export function createWebpFiles(dir: string, pattern: RegExp, what: string) {
  const fileOf = (name: string) => {
    if (!pattern.test(name)) throw new Error(`not ${what} file name`);
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
      if (!pattern.test(name)) return null;
      try {
        return await readFile(fileOf(name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(name: string): Promise<void> {
      if (pattern.test(name)) await rm(fileOf(name), { force: true });
    },
    /** Our files with their age in milliseconds. */
    async list(now = Date.now()): Promise<{ name: string; ageMs: number }[]> {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => pattern.test(n));
      const out: { name: string; ageMs: number }[] = [];
      for (const name of names) {
        const info = await stat(fileOf(name)).catch(() => null);
        if (info) out.push({ name, ageMs: now - info.mtimeMs });
      }
      return out;
    },
  };
}
export type WebpFiles = ReturnType<typeof createWebpFiles>;
