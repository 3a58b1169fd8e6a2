import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

/**
 * The server is started from a copy of its source whose safety-rules.json has one broken field: it must stop before
 * it opens a database or a port, with one message naming the file, the entry and the field (content-check.ts, run
 * first by server.ts).
 */
describe('a broken content file at start', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'medibuddy-broken-content-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('stops the start with a message naming the file and the field', async () => {
    cpSync(path.join(repo, 'server/src'), path.join(copy, 'server/src'), {
      recursive: true,
      filter: (f) => !f.endsWith('.test.ts'),
    });
    cpSync(path.join(repo, 'server/package.json'), path.join(copy, 'server/package.json'));
    cpSync(path.join(repo, 'contracts/src/content'), path.join(copy, 'contracts/src/content'), { recursive: true });
    symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'));
    const file = path.join(copy, 'server/src/content/reading/safety-rules.json');
    const rules = JSON.parse(readFileSync(file, 'utf8'));
    rules.rules[0].all = [];
    writeFileSync(file, JSON.stringify(rules));

    const dataDir = path.join(copy, 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.join(copy, 'server'),
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c) => (stderr += c));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));

    expect(code, stderr).toBe(1);
    expect(stderr).toContain('MediBuddy could not start: safety-rules.json is not valid content');
    expect(stderr).toMatch(new RegExp(`rule "${rules.rules[0].id}" \\(rules\\[0\\]\\), all: `));
    expect(stderr).not.toMatch(/\n\s+at /); // one message, no stack trace
  }, 120_000);
});
