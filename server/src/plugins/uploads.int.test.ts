import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test/helper';
import { UPLOAD_ROUTES } from '../../test/fault-app';
import { multipartBody } from '../../test/uploads';

describe('uploads that cannot be read', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await buildTestApp();
    cookie = (await signUp(app)).cookie;
  });
  afterAll(() => app.close());

  it('answer a clear 4xx naming the field on every upload route, never a 500', async () => {
    const routes = UPLOAD_ROUTES.map((path) => `POST ${path}`);
    const good = multipartBody('image', 'x.png', 'image/png', Buffer.alloc(2000, 1));
    const boundary = good.headers['content-type'].split('boundary=')[1];
    const bodies: { name: string; contentType: string; payload: Buffer | string }[] = [
      { name: 'no boundary', contentType: 'multipart/form-data', payload: good.payload },
      { name: 'cut short', contentType: good.headers['content-type'], payload: good.payload.subarray(0, 300) },
      {
        name: 'garbage',
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: 'not a multipart body at all',
      },
      {
        name: 'bad part header',
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: `--${boundary}\r\nContent-Disposition\r\n\r\nabc\r\n--${boundary}--\r\n`,
      },
      { name: 'empty', contentType: good.headers['content-type'], payload: '' },
    ];
    const failures: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ');
      for (const body of bodies) {
        const res = await app.inject({
          method: method as 'POST',
          url: path,
          payload: body.payload,
          headers: { 'content-type': body.contentType, cookie, origin: TEST_ORIGIN },
        });
        const problem = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : {};
        const isClear = res.statusCode >= 400 && res.statusCode < 500 && typeof problem.detail === 'string';
        if (!isClear) failures.push(`${route} (${body.name}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (res.statusCode === 400) expect(problem.errors?.[0]?.field, `${route} ${body.name}`).toBeTruthy();
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 413 to a 50 MB upload on a reused keep-alive connection, never a cut file accepted', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, method: string, body?: Buffer, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        if (body) req.end(body);
        else req.end();
      });
    try {
      expect((await send('/healthz', 'GET')).status).toBe(200);
      const big = multipartBody('image', 'big.png', 'image/png', Buffer.alloc(50 * 1024 * 1024, 7));
      for (const path of ['/api/profile/avatar', '/compat/predict_cataract', '/api/assessments/skin']) {
        const res = await send(path, 'POST', big.payload, { ...big.headers, cookie, origin: TEST_ORIGIN }).catch(
          (err: Error) => ({ status: -1, body: err.message }),
        );
        // The server may close the connection after refusing; it must never accept the cut file.
        expect([413, -1], `${path}: ${res.status} ${res.body.slice(0, 200)}`).toContain(res.status);
        if (res.status === 413) expect(JSON.parse(res.body).code).toBe('payload_too_large');
      }
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
