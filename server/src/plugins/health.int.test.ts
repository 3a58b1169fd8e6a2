import { renameSync, writeFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

describe('health, errors and security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: {
        database: 'ok',
        'data-dir': 'ok',
        models: 'ok',
        'models.heart': 'ok',
        'models.diabetes': 'ok',
        'models.cardio': 'ok',
        'models.liver': 'ok',
        'image-models': 'ok',
        'models.fundus': 'ok',
        'models.chest_ct': 'ok',
        'models.skin': 'ok',
        'models.image_gate': 'ok',
      },
    });
  });

  it('answers 503 on /readyz once the database is gone', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const ready = await other.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.database).toBe('failing');
    await other.close().catch(() => undefined);
  });

  it('says degraded (200) while DATA_DIR cannot be written, and ok again once it can', async () => {
    const dir = app.testConfig.dataDir;
    // Root writes through any permission bits: a file where the folder was refuses writes for anyone.
    renameSync(dir, `${dir}.away`);
    writeFileSync(dir, 'not a folder');
    try {
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'degraded', checks: { 'data-dir': 'degraded', database: 'ok' } });
    } finally {
      rmSync(dir);
      renameSync(`${dir}.away`, dir);
    }
    expect((await app.inject('/readyz')).json().checks['data-dir']).toBe('ok');
  });

  it('answers unknown API routes with problem+json', async () => {
    const res = await app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/anything', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_rejected');
  });

  it('accepts the configured origin however its loopback host is spelled (127.0.0.1 or localhost), and only it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
    });
    expect(res.statusCode).toBe(404);
    // The Host header is the client's to choose: an Origin matching it proves nothing.
    const forged = await app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'http://evil.example', host: 'evil.example' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('sends security headers', async () => {
    const res = await app.inject('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
