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
  mkdirSync(path.join(dist, 'pages'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><body><div id="root"></div>${' '.repeat(600)}</body></html>`,
    'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
    // Each page's own copy of index.html, with its code preloaded, and the table naming them (web/build/route-pages.ts).
    'pages/diagnosis.html': `<!doctype html><html><body><div id="root" data-page="diagnosis"></div>${' '.repeat(600)}</body></html>`,
    'pages/result.html': `<!doctype html><html><body><div id="root" data-page="result"></div>${' '.repeat(600)}</body></html>`,
    'pages/not-found.html': `<!doctype html><html><body><div id="root" data-page="not-found"></div>${' '.repeat(600)}</body></html>`,
    'route-pages.json': JSON.stringify([
      { path: '/', html: 'index.html' },
      { path: '*', html: 'pages/not-found.html' },
      { path: '/diagnosis', html: 'pages/diagnosis.html' },
      { path: '/heart-disease-results/:id', html: 'pages/result.html' },
      { path: '/missing', html: 'pages/missing.html' },
    ]),
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
    app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,*/*', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

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
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it("answers a client route with its page's own index.html (which preloads the page's code)", async () => {
    const page = async (url: string) => {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      return /data-page="([a-z-]+)"/.exec(brotliDecompressSync(res.rawPayload).toString())?.[1] ?? 'index';
    };
    expect(await page('/diagnosis')).toBe('diagnosis');
    // React Router ignores case and a trailing slash; so does the choice of page.
    expect(await page('/Diagnosis/')).toBe('diagnosis');
    expect(await page('/heart-disease-results/3f2a?print=1')).toBe('result');
    expect(await page('/heart-disease-results')).toBe('not-found');
    expect(await page('/')).toBe('index');
    expect(await page('/no/such/page')).toBe('not-found');
    // A table entry whose file the build did not write falls back to the catch-all, never to an error.
    expect(await page('/missing')).toBe('not-found');
  });
});
