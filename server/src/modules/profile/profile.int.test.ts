import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@medibuddy/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';
import { multipartBody, picture } from '../../../test/uploads';

describe('profile picture', () => {
  let app: TestApp;
  let account: TestAccount;
  let avatarDir: string;
  beforeAll(async () => {
    app = await buildTestApp();
    account = await signUp(app);
    avatarDir = path.join(app.testConfig.dataDir, 'uploads', 'avatars');
  });
  afterAll(() => app.close());

  const upload = (body: ReturnType<typeof multipartBody>, cookie: string | undefined = account.cookie) =>
    app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  const avatarPathOf = async (id: string) =>
    (await sql<{ avatar_path: string | null }>(app, `select avatar_path from users where id = '${id}'`))[0]
      ?.avatar_path;
  const filesNow = () => (existsSync(avatarDir) ? readdirSync(avatarDir) : []);

  it.each(['png', 'jpeg', 'webp'] as const)('accepts a %s and stores a 256x256 WebP; /me shows it', async (format) => {
    const image = await picture(format, 800, 500);
    const res = await upload(multipartBody('image', `me.${format}`, `image/${format}`, image));
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl, message } = res.json();
    expect(message).toBe('Profile picture updated.');
    expect(imageUrl).toMatch(/^\/uploads\/avatars\/[a-z0-9-]+\.webp$/);

    const served = await app.inject(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: account.cookie } });
    expect(me.json().user.avatarUrl).toBe(imageUrl);
  });

  it('replaces the old file: only the newest avatar stays on disk', async () => {
    const first = (await upload(multipartBody('image', 'a.png', 'image/png', await picture('png')))).json().imageUrl;
    const second = (await upload(multipartBody('image', 'b.png', 'image/png', await picture('png')))).json().imageUrl;
    expect(second).not.toBe(first);
    expect(filesNow()).toEqual([path.basename(second)]);
    expect((await app.inject(first)).statusCode).toBe(404);
  });

  it('trusts neither the name nor the content type: a text file named .png is refused', async () => {
    const other = await signUp(app);
    const res = await upload(
      multipartBody('image', 'photo.png', 'image/png', Buffer.from('hello, not a picture\n'.repeat(50))),
      other.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'image', rule: 'image_type' })]);
    expect(await avatarPathOf(other.id)).toBeNull();
  });

  it('refuses a picture in another format (GIF)', async () => {
    const other = await signUp(app);
    const res = await upload(
      multipartBody('image', 'anim.gif', 'image/gif', await picture('gif', 64, 64)),
      other.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'image', rule: 'image_type' });
  });

  it('refuses a truncated JPEG and stores nothing', async () => {
    const other = await signUp(app);
    const before = filesNow();
    const jpeg = await picture('jpeg');
    const res = await upload(
      multipartBody('image', 'cut.jpg', 'image/jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2))),
      other.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'image', rule: 'corrupt' });
    expect(res.json().detail).toMatch(/damaged or incomplete/);
    expect(filesNow()).toEqual(before);
    expect(await avatarPathOf(other.id)).toBeNull();
  });

  it('refuses a file over 5 MB with 413 naming image, and stores nothing', async () => {
    const other = await signUp(app);
    const before = filesNow();
    const big = Buffer.concat([await picture('png'), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(multipartBody('image', 'big.png', 'image/png', big), other.cookie);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[0]).toMatchObject({ field: 'image', rule: 'max_size' });
    expect(res.json().detail).toMatch(/larger than 5 MB/);
    expect(filesNow()).toEqual(before);
    expect(await avatarPathOf(other.id)).toBeNull();
  });

  it('accepts a picture just under 5 MB (the 1 MB JSON body limit does not apply to uploads)', async () => {
    const other = await signUp(app);
    const big = await picture('png', 1150, 1150);
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(big.length).toBeLessThan(AVATAR_MAX_BYTES);
    const res = await upload(multipartBody('image', 'big.png', 'image/png', big), other.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await avatarPathOf(other.id)).toMatch(/^[a-z0-9-]+\.webp$/);
  });

  it('needs the file in the field "image"', async () => {
    const res = await upload(multipartBody('photo', 'a.png', 'image/png', await picture('png', 32, 32)));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'image', rule: 'required' });
  });

  it('refuses a JSON body with 415 naming image', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: { image: 'data:image/png;base64,AAAA' },
      headers: { cookie: account.cookie },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0]).toMatchObject({ field: 'image', rule: 'multipart' });
  });

  it('needs sign-in (401), and stores nothing', async () => {
    const before = filesNow();
    const res = await upload(multipartBody('image', 'a.png', 'image/png', await picture('png', 32, 32)), '');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
    expect(filesNow()).toEqual(before);
  });

  it.each(['../../session-secret', 'ABC.webp', 'x.png', 'a.webp.exe', '%2e%2e%2fsecret.webp', 'no-such-file.webp'])(
    'answers 404 for avatar name %s',
    async (name) => {
      const res = await app.inject(`/uploads/avatars/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    },
  );
});
