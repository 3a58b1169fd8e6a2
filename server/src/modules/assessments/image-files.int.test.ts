import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';
import { multipartBody } from '../../../test/uploads';
import { ConfigError, loadConfig } from '../../config';
import { createImageAssessmentService } from './image-assessments.service';
import { moveImageFilesIntoDatabase } from './image-files';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../../models');
const golden = (model: string, index = 0) => readFileSync(path.join(MODELS_DIR, model, 'golden', `${index}.png`));

describe('UPLOAD_STORE', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'upload-store-'));
  const configOf = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), ...env });

  it('is files on the embedded database and database with DATABASE_URL, unless set', () => {
    expect(configOf({}).uploadStore).toBe('files');
    expect(configOf({ DATABASE_URL: 'postgres://db.example.org/medibuddy' }).uploadStore).toBe('database');
    expect(configOf({ DATABASE_URL: 'postgres://db.example.org/medibuddy', UPLOAD_STORE: 'files' }).uploadStore).toBe(
      'files',
    );
    expect(configOf({ UPLOAD_STORE: 'database' }).uploadStore).toBe('database');
  });

  it('refuses any other value at start, naming the setting and its values', () => {
    expect(() => configOf({ UPLOAD_STORE: 's3' })).toThrow(ConfigError);
    expect(() => configOf({ UPLOAD_STORE: 's3' })).toThrow(/UPLOAD_STORE: must be database or files/);
  });
});

describe('assessment pictures in the database (UPLOAD_STORE=database)', () => {
  let app: TestApp;
  let account: TestAccount;
  let imageDir: string;
  beforeAll(async () => {
    app = await buildTestApp({ UPLOAD_STORE: 'database' });
    account = await signUp(app);
    imageDir = path.join(app.testConfig.dataDir, 'uploads', 'assessments');
  });
  afterAll(() => app.close());

  const upload = (test: string, image: Buffer, cookie: string) => {
    const body = multipartBody('image', 'picture.png', 'image/png', image);
    return app.inject({
      method: 'POST',
      url: `/api/assessments/${test}`,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };
  const imageRows = (where: string) =>
    sql<{ name: string; user_id: string; assessment_id: string | null; content_type: string; size: number; n: number }>(
      app,
      `select name, user_id, assessment_id, content_type, size, octet_length(bytes) as n from assessment_images where ${where}`,
    );
  const filesOnDisk = () => (existsSync(imageDir) ? readdirSync(imageDir) : []);

  it('keeps the picture in a row linked to its assessment, not on disk, and serves it to its owner only', async () => {
    const res = await upload('skin', golden('skin'), account.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().assessment;
    const [row] = await imageRows(`assessment_id = '${id}'`);
    expect(row).toMatchObject({ user_id: account.id, content_type: 'image/webp' });
    expect(Number(row?.n)).toBe(row?.size);
    expect(filesOnDisk()).toEqual([]);

    const served = await app.inject({ url: `/api/assessments/${id}/image`, headers: { cookie: account.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.length).toBe(row?.size);
    const pdf = await app.inject({
      url: `/api/health-record/assessments/${id}/report.pdf`,
      headers: { cookie: account.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    // The data export holds the picture once, as base64 text.
    const exported = await app.inject({ url: '/api/health-record/export.json', headers: { cookie: account.cookie } });
    const [picture] = exported.json().otherRecords.assessment_images;
    expect(picture).toMatchObject({ name: row?.name, assessment_id: id, content_type: 'image/webp' });
    expect(Buffer.from(picture.bytes, 'base64').equals(served.rawPayload)).toBe(true);

    const other = await signUp(app);
    expect(
      (await app.inject({ url: `/api/assessments/${id}/image`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: `/api/assessments/${id}/image` })).statusCode).toBe(401);
  });

  it('without consent: 409 and no row left behind', async () => {
    const noConsent = await signUp(app, { consent: false });
    const res = await upload('skin', golden('skin'), noConsent.cookie);
    expect(res.statusCode).toBe(409);
    expect(await imageRows(`user_id = '${noConsent.id}'`)).toEqual([]);
  });

  it('withdrawing consent with deleteData deletes the pictures with the assessments', async () => {
    const user = await signUp(app);
    expect((await upload('skin', golden('skin', 1), user.cookie)).statusCode).toBe(201);
    expect(await imageRows(`user_id = '${user.id}'`)).toHaveLength(1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/health-record/consent/withdraw',
      payload: { deleteData: true },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deletedAssessments).toBe(1);
    expect(await imageRows(`user_id = '${user.id}'`)).toEqual([]);
  });

  it('deleting the account deletes its pictures', async () => {
    const user = await signUp(app);
    expect((await upload('skin', golden('skin', 2), user.cookie)).statusCode).toBe(201);
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: user.password },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await imageRows(`user_id = '${user.id}'`)).toEqual([]);
  });

  it('prunes rows never linked once old, keeping new ones and those an assessment names', async () => {
    const user = await signUp(app);
    const saved = (await upload('skin', golden('skin'), user.cookie)).json();
    const [kept] = await imageRows(`assessment_id = '${saved.assessment.id}'`);
    // As after a crash between saving the row and linking the picture: named by its row, but not linked.
    await sql(
      app,
      `update assessment_images set assessment_id = null, created_at = now() - interval '1 hour' where name = '${kept?.name}'`,
    );
    const insert = (name: string, age: string) =>
      sql(
        app,
        `insert into assessment_images (name, user_id, content_type, size, bytes, created_at)
         values ('${name}', '${user.id}', 'image/webp', 1, '\\x00', now() - interval '${age}')`,
      );
    await insert('00000000-0000-4000-8000-00000000000a.webp', '1 hour');
    await insert('00000000-0000-4000-8000-00000000000b.webp', '1 second');
    const service = createImageAssessmentService({
      db: app.database.db,
      log: app.log,
      imageModels: app.imageModels,
      assessments: {
        save: async () => {
          throw new Error('not used');
        },
      },
      dataDir: app.testConfig.dataDir,
      uploadStore: 'database',
    });
    expect(await service.pruneImages()).toBe(1);
    const left = (await imageRows(`user_id = '${user.id}'`)).map((r) => r.name).sort();
    expect(left).toEqual([kept?.name, '00000000-0000-4000-8000-00000000000b.webp'].sort());
    expect(
      (await app.inject({ url: `/api/assessments/${saved.assessment.id}/image`, headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('switching from files to the database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ UPLOAD_STORE: 'files' });
  });
  afterAll(() => app.close());

  it('moves the pictures kept in DATA_DIR into the table, linked, and removes the files', async () => {
    const user = await signUp(app);
    const body = multipartBody('image', 'picture.png', 'image/png', golden('skin'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/assessments/skin',
      payload: body.payload,
      headers: { ...body.headers, cookie: user.cookie },
    });
    expect(res.statusCode).toBe(201);
    const imageDir = path.join(app.testConfig.dataDir, 'uploads', 'assessments');
    const [name] = readdirSync(imageDir);
    const before = readFileSync(path.join(imageDir, name as string));

    const service = createImageAssessmentService({
      db: app.database.db,
      log: app.log,
      imageModels: app.imageModels,
      assessments: {
        save: async () => {
          throw new Error('not used');
        },
      },
      dataDir: app.testConfig.dataDir,
      uploadStore: 'database',
    });
    expect(await moveImageFilesIntoDatabase(app.database.db, app.testConfig.dataDir)).toBe(1);
    expect(readdirSync(imageDir)).toEqual([]);
    const rows = await sql<{ assessment_id: string }>(
      app,
      `select assessment_id from assessment_images where name = '${name}'`,
    );
    expect(rows).toEqual([{ assessment_id: res.json().assessment.id }]);
    expect((await service.readImage(user.id, res.json().assessment.id))?.equals(before)).toBe(true);
    // Once more: nothing left to move.
    expect(await moveImageFilesIntoDatabase(app.database.db, app.testConfig.dataDir)).toBe(0);
  });
});
