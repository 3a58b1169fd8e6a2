import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ConfigError, loadConfig } from './config';

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Starts server.ts as an operator would (as `user` when given) and returns how it ended. */
function start(env: Record<string, string>, user?: string) {
  const command = [process.execPath, '--import', 'tsx', 'src/server.ts'];
  const [cmd, ...args] = user ? ['runuser', '-u', user, '--', ...command] : command;
  const res = spawnSync(cmd as string, args, {
    cwd: serverRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', SESSION_SECRET: 'x'.repeat(40), ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: res.status, stderr: res.stderr, stdout: res.stdout };
}

describe('DATA_DIR that cannot be used', () => {
  const tmp = inject('testTmpDir');

  it('is one clear configuration error, naming DATA_DIR and what to do', () => {
    const file = path.join(tmp, 'a-file');
    writeFileSync(file, 'x');
    expect(() => loadConfig({ DATA_DIR: path.join(file, 'data') })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: path.join(file, 'data') })).toThrow(/DATA_DIR: .* is not a folder/);
  });

  it('makes the server exit non-zero with that message and no stack trace', () => {
    const file = path.join(tmp, 'another-file');
    writeFileSync(file, 'x');
    const res = start({ DATA_DIR: path.join(file, 'data') });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/DATA_DIR: .* is not a folder/);
    expect(res.stderr).not.toMatch(/^\s+at /m);
  }, 40_000);

  it.skipIf(userInfo().uid !== 0)(
    'says so when the folder is read-only for the user running the server',
    () => {
      const dir = path.join(tmp, 'read-only');
      mkdirSync(dir, { recursive: true });
      chmodSync(tmp, 0o755);
      chmodSync(dir, 0o555);
      const res = start({ DATA_DIR: dir }, 'postgres');
      expect(res.status, res.stderr).toBe(1);
      expect(res.stderr).toMatch(/DATA_DIR: .* is read-only for this process/);
      expect(res.stderr).not.toMatch(/^\s+at /m);
    },
    40_000,
  );
});
