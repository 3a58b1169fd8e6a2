import { closeSync, fsyncSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** errno codes that mean "the disk cannot take this write now" rather than "this request is wrong". */
const STORAGE_ERRNO = new Set(['EROFS', 'ENOSPC', 'EDQUOT', 'EIO']);

/**
 * True when a file-system error (or what it wraps) says DATA_DIR is read-only, full or failing. Some calls
 * name another cause on a read-only disk (a recursive mkdir answers ENOENT), so with `dataDir` any other
 * file-system error counts too when a probe write in that folder fails now.
 */
export function isStorageUnavailable(err: unknown, dataDir?: string): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, syscall } = e as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string' && STORAGE_ERRNO.has(code)) return true;
    if (dataDir && typeof code === 'string' && typeof syscall === 'string') return !canWriteIn(dataDir);
  }
  return false;
}

let probes = 0;

/**
 * Whether a small file can be written in `dir` now (a read-only or full file system refuses it at once).
 * `flush` also waits for the disk, for the one check that decides to reopen the embedded database.
 */
export function canWriteIn(dir: string, { flush = false } = {}): boolean {
  const probe = path.join(dir, `.write-probe-${process.pid}-${probes++}`);
  try {
    const fd = openSync(probe, 'w', 0o600);
    try {
      writeSync(fd, 'probe');
      if (flush) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    unlinkSync(probe);
    return true;
  } catch {
    try {
      unlinkSync(probe);
    } catch {
      // never created
    }
    return false;
  }
}
