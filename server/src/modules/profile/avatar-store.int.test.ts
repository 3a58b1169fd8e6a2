import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';
import { multipartBody, picture } from '../../../test/uploads';
import { moveAvatarFilesIntoDatabase } from './avatar-store';
import { toAvatarWebp } from './avatars';
import { createProfileService } from './profile.service';

/** Profile pictures in the user_avatars table (PGlite here, PostgreSQL with TEST_DATABASE_URL). */
describe('profile pictures in the database (UPLOAD_STORE=database)', () => {
  let app: TestApp;
  let avatarDir: string;
  beforeAll(async () => {
    app = await buildTestApp({ UPLOAD_STORE: 'database' });
    avatarDir = path.join(app.testConfig.dataDir, 'uploads', 'avatars');
  });
  afterAll(() => app.close());

  const upload = async (account: TestAccount, image: Buffer) => {
    const body = multipartBody('image', 'me.png', 'image/png', image);
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: body.payload,
      headers: { ...body.headers, cookie: account.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().imageUrl as string;
  };
  const rowsOf = (userId: string) =>
    sql<{ name: string; size: number; content_type: string }>(
      app,
      `select name, size, content_type from user_avatars where user_id = '${userId}'`,
    );
  /** The mean red of a served avatar: tells one user's picture from another's. */
  const redOf = async (bytes: Buffer) => (await sharp(bytes).stats()).channels[0]?.mean ?? -1;
  const coloured = (r: number, g: number, b: number) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();

  it('keeps the picture in a row, not on disk, and serves it with the same URL and caching headers', async () => {
    const account = await signUp(app);
    const url = await upload(account, await picture('png', 800, 500));
    expect(url).toMatch(/^\/uploads\/avatars\/[a-z0-9-]+\.webp$/);
    expect(existsSync(avatarDir) ? readdirSync(avatarDir) : []).toEqual([]);
    const [row] = await rowsOf(account.id);
    expect(row).toMatchObject({ name: path.basename(url), content_type: 'image/webp' });

    const served = await app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.rawPayload.length).toBe(row?.size);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: account.cookie } });
    expect(me.json().user.avatarUrl).toBe(url);
  });

  it("replaces the user's one row: the old URL is 404, another user's picture is untouched", async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const first = await upload(a, await coloured(250, 0, 0));
    const others = await upload(b, await coloured(0, 0, 250));
    const second = await upload(a, await coloured(0, 250, 0));
    expect(second).not.toBe(first);
    expect((await rowsOf(a.id)).map((r) => r.name)).toEqual([path.basename(second)]);
    expect((await app.inject(first)).statusCode).toBe(404);
    expect(await redOf((await app.inject(second)).rawPayload)).toBeLessThan(30);
    expect(await redOf((await app.inject(others)).rawPayload)).toBeLessThan(30);
    expect((await rowsOf(b.id)).map((r) => r.name)).toEqual([path.basename(others)]);
  });

  it('refuses what the files store refuses (not a picture: 400 naming image) and keeps no row', async () => {
    const account = await signUp(app);
    const body = multipartBody('image', 'photo.png', 'image/png', Buffer.from('hello, not a picture\n'.repeat(50)));
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: body.payload,
      headers: { ...body.headers, cookie: account.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'image', rule: 'image_type' });
    expect(await rowsOf(account.id)).toEqual([]);
  });

  it('deletes the row with the account', async () => {
    const account = await signUp(app);
    const url = await upload(account, await picture('png', 64, 64));
    expect(await rowsOf(account.id)).toHaveLength(1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: account.password },
      headers: { cookie: account.cookie },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await rowsOf(account.id)).toEqual([]);
    expect((await app.inject(url)).statusCode).toBe(404);
  });

  it('moves avatar files kept before a switch from files into the table at start, and serves them', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const dataDir = path.join(app.testConfig.dataDir, 'switched');
    const dir = path.join(dataDir, 'uploads', 'avatars');
    mkdirSync(dir, { recursive: true });
    const webp = await toAvatarWebp(await picture('png', 64, 64));
    const kept = '11111111-2222-4333-8444-555555555555.webp';
    const stray = '99999999-2222-4333-8444-555555555555.webp';
    writeFileSync(path.join(dir, kept), webp);
    writeFileSync(path.join(dir, stray), webp); // named by no user: not moved
    await sql(app, `update users set avatar_path = '${kept}' where id = '${a.id}'`);
    // b uploaded through another instance since: their newer row wins over a stale file of the same user.
    const newer = await upload(b, await picture('png', 64, 64));
    const staleOfB = 'bbbbbbbb-2222-4333-8444-555555555555.webp';
    writeFileSync(path.join(dir, staleOfB), webp);

    const profile = createProfileService({
      db: app.database.db,
      dataDir,
      log: app.log,
      config: { uploadStore: 'database' },
    });
    expect(await profile.readAvatar(kept)).toEqual(webp);
    expect((await rowsOf(a.id)).map((r) => r.name)).toEqual([kept]);
    expect(readdirSync(dir).sort()).toEqual([staleOfB, stray].sort());
    expect((await rowsOf(b.id)).map((r) => r.name)).toEqual([path.basename(newer)]);
    expect((await app.inject(`/uploads/avatars/${kept}`)).statusCode).toBe(200);
    // Nothing left to move: running it again moves nothing.
    expect(await moveAvatarFilesIntoDatabase(app.database.db, dataDir)).toBe(0);
  });
});
