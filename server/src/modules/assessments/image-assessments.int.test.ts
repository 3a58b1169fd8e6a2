import { isHeatmapShown } from './heatmap-checks';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { AssessmentResponseSchema, IMAGE_NEEDED_BY_TEST, resultPath, type ImageModelId } from '@medibuddy/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';
import { multipartBody, picture } from '../../../test/uploads';
import { imageTriage, withClassOffsets } from '../../content/image-triage';
import { HEATMAP_SIZE } from './heatmap';
import { createImageAssessmentService } from './image-assessments.service';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../../models');
const golden = (model: string, index = 0) => readFileSync(path.join(MODELS_DIR, model, 'golden', `${index}.png`));
const goldenCard = (model: string) => JSON.parse(readFileSync(path.join(MODELS_DIR, model, 'card.json'), 'utf8'));

/** A tiny, valid PNG whose header declares width x height: a decompression bomb's calling card. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .png()
      .toBuffer(),
  );
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A flat mid-grey picture (blank) and a noisy one almost black (very dark). */
const blankPng = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#7f7f7f' } })
    .png()
    .toBuffer();
async function darkPng(): Promise<Buffer> {
  const raw = Buffer.alloc(300 * 300 * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(Math.random() * 10);
  return sharp(raw, { raw: { width: 300, height: 300, channels: 3 } })
    .png()
    .toBuffer();
}

describe('image tests: upload, gate, model, saved assessment', () => {
  let app: TestApp;
  let account: TestAccount;
  let imageDir: string;
  beforeAll(async () => {
    app = await buildTestApp();
    account = await signUp(app);
    imageDir = path.join(app.testConfig.dataDir, 'uploads', 'assessments');
  });
  afterAll(() => app.close());

  const post = (url: string, body: ReturnType<typeof multipartBody>, cookie: string | undefined = account.cookie) =>
    app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  const upload = (test: string, image: Buffer, cookie?: string, field = 'image') =>
    post(`/api/assessments/${test}`, multipartBody(field, 'picture.png', 'image/png', image), cookie);
  const filesNow = () => (existsSync(imageDir) ? readdirSync(imageDir) : []);

  it.each([
    ['cataract', 'fundus', 'cataract'],
    ['diabetic-retinopathy', 'fundus', 'diabetic_retinopathy'],
    ['ct-scan', 'chest_ct', null],
    ['skin', 'skin', null],
  ] as const)(
    '%s: a golden %s image gives the card probabilities (1e-4), a heatmap where shown, the picture kept',
    async (test, model, focus) => {
      const card = goldenCard(model);
      const res = await upload(test, golden(model));
      expect(res.statusCode, res.body).toBe(201);
      const body = AssessmentResponseSchema.parse(res.json());
      const { assessment } = body;
      expect(res.headers.location).toBe(`/api/assessments/${assessment.id}`);
      expect(assessment.test).toBe(test);
      expect(assessment.model).toMatchObject({ id: model, version: card.version, kind: 'model' });
      expect(assessment.model.imageMetrics?.accuracy).toBe(card.evaluation.accuracy);
      const result = assessment.result;
      if (result.kind !== 'image') throw new Error('not an image result');
      expect(result.model).toBe(model);
      // Through the server's own decoding of the PNG (already S x S): the training run's numbers (with the triage
      // data's class offsets, where the served model has them).
      const keys = card.classes.map((c: { key: string }) => c.key);
      const expected = withClassOffsets(
        card.golden[0].probabilities,
        keys,
        imageTriage().models[model as ImageModelId].classOffsets,
      );
      card.classes.forEach((c: { key: string }, i: number) => {
        const got = result.classes.find((x) => x.key === c.key)?.probability as number;
        expect(Math.abs(got - (expected[i] as number)), c.key).toBeLessThan(1e-4);
      });
      // Triage first: the question, its answer and a next step with a timeframe.
      const triage = imageTriage().models[model as ImageModelId];
      expect(result.triage?.question).toBe(triage.question);
      expect(result.summary.startsWith(`${triage.question} ${result.triage?.headline}.`)).toBe(true);
      expect(result.triage?.nextStep).toBe(triage.levels[result.triage?.level ?? 'refer'].nextStep);
      expect(result.triage?.sources.length).toBeGreaterThan(0);
      expect(result.classes.map((c) => c.probability)).toEqual(
        [...result.classes.map((c) => c.probability)].sort((a, b) => b - a),
      );
      expect(result.top).toEqual(result.classes[0]);
      expect(result.prediction).toBe(result.top.label);
      expect(result.focus?.key ?? null).toBe(focus);
      expect(result.gate.probability).toBeGreaterThanOrEqual(0.5);
      expect(result.summary).toMatch(/\d+%/);
      // A heatmap only where its maps were found on the finding rather than the picture's edge (decision 031).
      if (isHeatmapShown(model, card.version)) {
        expect(result.heatmap?.classKey).toBe(result.top.key);
        expect(result.heatmap?.values).toHaveLength(card.outputs.cam_size ** 2);
      } else {
        expect(result.heatmap).toBeNull();
      }
      expect(assessment.contentKeys.length).toBeGreaterThanOrEqual(1);
      expect(body.content[0]?.key).toBe(assessment.contentKeys[0]);
      expect(body.notices.whatThisDoesNotMean).toMatch(/one picture/);

      // The heatmap, where shown: a transparent PNG overlay, HEATMAP_SIZE square.
      if (result.heatmap) {
        const heatmap = assessment.image?.heatmap as string;
        const meta = await sharp(Buffer.from(heatmap.replace('data:image/png;base64,', ''), 'base64')).metadata();
        expect(meta).toMatchObject({ format: 'png', width: HEATMAP_SIZE, height: HEATMAP_SIZE, channels: 4 });
        expect(assessment.image?.heatmapLabel).toBe(result.isClassNamed === false ? null : result.top.label);
      } else {
        expect(assessment.image?.heatmap).toBeNull();
      }

      // The picture is kept, re-encoded, for its owner only.
      const url = assessment.image?.url as string;
      expect(url).toBe(`/api/assessments/${assessment.id}/image`);
      const served = await app.inject({ method: 'GET', url, headers: { cookie: account.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toMatch(/^private/);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: card.input.size,
        height: card.input.size,
      });

      // The result page reads it back unchanged.
      const again = await app.inject({
        method: 'GET',
        url: `/api/assessments/${assessment.id}`,
        headers: { cookie: account.cookie },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().assessment.result).toEqual(result);
      expect(again.json().assessment.image).toEqual(assessment.image);
      expect(resultPath(test, assessment.id)).toMatch(new RegExp(`${assessment.id}$`));
    },
  );

  it('lists image assessments with a one-line headline', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/assessments', headers: { cookie: account.cookie } });
    const items = res.json().assessments as { test: string; headline: string }[];
    const headlines = Object.values(imageTriage().models).flatMap((m) =>
      Object.values(m.levels).map((l) => l.headline),
    );
    for (const test of ['cataract', 'skin']) {
      const headline = items.find((a) => a.test === test)?.headline as string;
      expect(
        headlines.some((h) => headline.startsWith(h)),
        headline,
      ).toBe(true);
    }
  });

  it('keeps the picture from everyone but its owner', async () => {
    const res = await upload('skin', golden('skin', 1));
    const { id } = res.json().assessment;
    const other = await signUp(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/assessments/${id}/image`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/assessments/${id}`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/assessments/${id}/image` })).statusCode).toBe(401);
  });

  it('asks a visitor to sign in, before reading the upload', async () => {
    const res = await upload('cataract', golden('fundus'), '');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Please sign in to run a test.');
  });

  describe('bad files: 4xx problem+json naming the field and the rule, nothing saved', () => {
    const expectProblem = (res: Awaited<ReturnType<typeof upload>>, status: number, rule: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().errors?.[0]).toMatchObject({ field: 'image', rule });
      expect(res.json().detail).toMatch(/\./);
    };
    let before: number;
    beforeAll(async () => {
      before = filesNow().length;
    });
    afterAll(async () => {
      // Refused uploads leave no file behind.
      expect(filesNow().length).toBe(before);
    });

    it('text named .png: refused by decoding, not by its name or type', async () => {
      expectProblem(await upload('skin', Buffer.from('hello, not a picture\n'.repeat(40))), 400, 'image_type');
    });

    it('a GIF is not one of the accepted formats', async () => {
      expectProblem(await upload('skin', await picture('gif', 64, 64)), 400, 'image_type');
    });

    it('a truncated JPEG', async () => {
      const jpeg = await picture('jpeg', 640, 480);
      const res = await upload('skin', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
      expectProblem(res, 400, 'corrupt');
      expect(res.json().detail).toMatch(/damaged or incomplete/);
    });

    it('a 50 MB body: 413', async () => {
      const big = Buffer.alloc(50 * 1024 * 1024, 7);
      const res = await upload('skin', big);
      expectProblem(res, 413, 'max_size');
      expect(res.json().detail).toMatch(/10 MB/);
    });

    it('a decompression bomb: a 100-byte PNG declaring 30000 x 30000 pixels', async () => {
      const bomb = await pngDeclaring(30000, 30000);
      expect(bomb.length).toBeLessThan(200);
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 30000, height: 30000 });
      const res = await upload('skin', bomb);
      expectProblem(res, 400, 'max_pixels');
      expect(res.json().detail).toMatch(/30000 x 30000/);
    });

    it('an empty file, the wrong field name, and a body that is not multipart', async () => {
      expectProblem(await upload('skin', Buffer.alloc(0)), 400, 'required');
      expectProblem(await upload('skin', golden('skin'), account.cookie, 'photo'), 400, 'required');
      const json = await app.inject({
        method: 'POST',
        url: '/api/assessments/skin',
        payload: { image: 'x' },
        headers: { cookie: account.cookie },
      });
      expectProblem(json, 415, 'multipart');
    });

    it('wrong kind: a chest CT image sent to the skin test says what the test needs (422)', async () => {
      const res = await upload('skin', golden('chest_ct'));
      expectProblem(res, 422, 'image_kind');
      expect(res.json().detail).toContain(IMAGE_NEEDED_BY_TEST.skin);
      expect(res.json().detail).toMatch(/chest CT/);
    });

    it('wrong kind: a skin photo sent to the cataract test', async () => {
      const res = await upload('cataract', golden('skin'));
      expectProblem(res, 422, 'image_kind');
      expect(res.json().detail).toContain('This test needs a colour photograph of the retina (fundus photo).');
    });

    it('a drawn orange disc sent to the diabetic-retinopathy test is refused, not read as a retina', async () => {
      const disc = await sharp(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="100%" height="100%" fill="#000"/><circle cx="200" cy="200" r="180" fill="#e07020"/></svg>',
        ),
      )
        .png()
        .toBuffer();
      const res = await upload('diabetic-retinopathy', disc);
      expectProblem(res, 422, 'image_kind');
      expect(res.json().detail).toMatch(/does not look like one/);
    });

    it('a web-page screenshot sent to the skin test is refused without calling it skin or anything else', async () => {
      const lines = Array.from(
        { length: 14 },
        (_, i) =>
          `<text x="24" y="${110 + i * 26}" font-family="DejaVu Sans" font-size="16" fill="#111">your result share record doctor appointment ${i}</text>`,
      ).join('');
      const page = await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="520"><rect width="100%" height="100%" fill="#fff"/><rect width="800" height="60" fill="#0f766e"/><text x="20" y="40" font-family="DejaVu Sans" font-size="24" fill="#fff">MediBuddy</text>${lines}</svg>`,
        ),
      )
        .png()
        .toBuffer();
      const res = await upload('skin', page);
      expectProblem(res, 422, 'image_kind');
      expect(res.json().detail).not.toMatch(/looks more like/);
    });

    it('a blank image and a very dark one are refused before the model', async () => {
      const blank = await upload('ct-scan', await blankPng());
      expectProblem(blank, 422, 'blank');
      expect(blank.json().detail).toContain(IMAGE_NEEDED_BY_TEST['ct-scan']);
      const dark = await upload('diabetic-retinopathy', await darkPng());
      expectProblem(dark, 422, 'too_dark');
      expect(dark.json().detail).toMatch(/too dark/);
    });
  });

  it('without consent to store health data: 409, and the picture is not left on disk', async () => {
    const noConsent = await signUp(app, { consent: false });
    const before = filesNow().length;
    const res = await upload('skin', golden('skin'), noConsent.cookie);
    expect(res.statusCode).toBe(409);
    expect(filesNow().length).toBe(before);
  });

  it("prunes picture files no assessment names once they are old, and removes a user's pictures on request", async () => {
    const user = await signUp(app);
    const saved = (await upload('skin', golden('skin', 2), user.cookie)).json();
    const keptName = path.basename(
      (
        await sql<{ file: string }>(
          app,
          `select inputs->'image'->>'file' as file from assessments where id = '${saved.assessment.id}'`,
        )
      )[0]!.file,
    );
    const orphanOld = path.join(imageDir, '00000000-0000-4000-8000-000000000001.webp');
    const orphanNew = path.join(imageDir, '00000000-0000-4000-8000-000000000002.webp');
    writeFileSync(orphanOld, 'x');
    writeFileSync(orphanNew, 'x');
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(orphanOld, hourAgo, hourAgo);
    utimesSync(path.join(imageDir, keptName), hourAgo, hourAgo);
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
    });
    expect(await service.pruneImages()).toBe(1);
    expect(existsSync(orphanOld)).toBe(false);
    expect(existsSync(orphanNew)).toBe(true); // may be a save in flight
    expect(existsSync(path.join(imageDir, keptName))).toBe(true);
    expect(await service.removeImagesOfUser(user.id)).toBe(1);
    expect(existsSync(path.join(imageDir, keptName))).toBe(false);
    rmSync(orphanNew);
  });

  describe("compat: the legacy client's image calls", () => {
    const compat = (name: string, image: Buffer, cookie?: string, field = 'file') =>
      post(`/compat/${name}`, multipartBody(field, 'upload.jpg', 'image/jpeg', image), cookie);
    const countFor = async (userId: string) =>
      Number(
        (await sql<{ n: string }>(app, `select count(*) as n from assessments where user_id = '${userId}'`))[0]?.n,
      );

    it.each([
      ['predict_cataract', 'fundus'],
      ['predict_diabetic_retinopathy', 'fundus'],
      ['predict_heart_disease', 'skin'],
    ])('%s answers { prediction: <class label> } to a visitor, keeping nothing', async (name, model) => {
      const before = filesNow().length;
      const res = await compat(name, golden(model), '');
      expect(res.statusCode, res.body).toBe(200);
      const labels = goldenCard(model).classes.map((c: { label: string }) => c.label);
      expect(Object.keys(res.json())).toEqual(['prediction']);
      expect(labels).toContain(res.json().prediction);
      expect(filesNow().length).toBe(before);
    });

    it('saves the assessment and picture when a session cookie comes with it', async () => {
      const user = await signUp(app);
      const res = await compat('predict_cataract', golden('fundus'), user.cookie);
      expect(res.statusCode).toBe(200);
      expect(await countFor(user.id)).toBe(1);
    });

    it('refuses a CT image on the skin call with the legacy message fields', async () => {
      const res = await compat('predict_heart_disease', golden('chest_ct'), '');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'unprocessable', message: res.json().detail, error: res.json().detail });
      expect(res.json().errors[0]).toMatchObject({ field: 'file', rule: 'image_kind' });
    });

    it("names the legacy client's field when the file is missing", async () => {
      const res = await compat('predict_cataract', golden('fundus'), '', 'other');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'file', rule: 'required' });
    });
  });
});

describe('image tests without their models', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ MODELS_DIR: mkdtempSync(path.join(tmpdir(), 'no-models-')) });
  });
  afterAll(() => app.close());

  it('/readyz names each missing image model, and the tests answer 503 not_ready', async () => {
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toMatchObject({
      'image-models': 'failing',
      'models.fundus': 'failing',
      'models.chest_ct': 'failing',
      'models.skin': 'failing',
      'models.image_gate': 'failing',
    });
    const account = await signUp(app);
    const body = multipartBody('image', 'a.png', 'image/png', golden('skin'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/assessments/skin',
      payload: body.payload,
      headers: { ...body.headers, cookie: account.cookie },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'not_ready' });
    expect(res.json().detail).toMatch(/Skin Disease model is not available/);
  });
});
