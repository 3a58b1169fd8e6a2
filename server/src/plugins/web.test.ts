import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

/** A built web app in miniature, as `npm run build -w web` writes it: each text file with a .br and a .gz beside it. */
function fakeWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'medibuddy-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><body><div id="root"></div>${' '.repeat(600)}</body></html>`,
    'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dist, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

describe('the web app files', () => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebDist();
    app = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(() => app.close());

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*', ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('console.log');
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
    // A small file has no compressed copy: sent as it is.
    const svg = await get('/favicon.svg', 'br');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBeUndefined();
  });

  it('answers client routes with index.html, compressed and never cached', async () => {
    const res = await get('/diagnosis', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });
});
