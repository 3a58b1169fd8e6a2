import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieValue, type TestApp } from '../../../test/helper';
import { multipartBody, picture } from '../../../test/uploads';

describe("GET /compat/getuser and /compat/user-profile (the original client's navbar and profile page)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answer the signed-in user with the fields sign-in gives (name, email, profileImage), and 401 to a visitor', async () => {
    const signed = await app.inject({
      method: 'POST',
      url: '/compat/signup',
      payload: { name: 'Gina Getuser', email: 'gina@example.org', password: 'a long enough password' },
    });
    const cookie = `mb_session=${cookieValue(signed, 'mb_session')}`;
    for (const path of ['/compat/getuser', '/compat/user-profile']) {
      const res = await app.inject({ url: path, headers: { cookie } });
      expect(res.statusCode, path).toBe(200);
      const expected = { name: 'Gina Getuser', email: 'gina@example.org', profileImage: null };
      expect(res.json()).toEqual({ ...expected, user: expected });

      const visitor = await app.inject({ url: path });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBeTruthy();
    }
    const body = multipartBody('image', 'me.png', 'image/png', await picture('png', 64, 64));
    const upload = await app.inject({
      method: 'POST',
      url: '/compat/handleFileUpload',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(upload.statusCode).toBe(200);
    const profile = (await app.inject({ url: '/compat/user-profile', headers: { cookie } })).json();
    expect(profile.profileImage).toBe(upload.json().imageUrl);
    expect(profile.user.profileImage).toBe(upload.json().imageUrl);
  });
});
