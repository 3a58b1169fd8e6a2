import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AssessmentResponseSchema, SkinChecklistSchema, type ImageResult } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';
import { multipartBody, multipartForm } from '../../../test/uploads';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../../models');
const skinPicture = () => readFileSync(path.join(MODELS_DIR, 'skin', 'golden', '0.png'));
const fundusPicture = () => readFileSync(path.join(MODELS_DIR, 'fundus', 'golden', '0.png'));
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

/** A change in size (2) and oozing (1): 3, the threshold; the rest 'no' or skipped. */
const SCORE_3: [string, string][] = [
  ['checklist.sizeChange', 'yes'],
  ['checklist.irregularShape', 'no'],
  ['checklist.oozing', 'yes'],
  ['checklist.sensationChange', 'not_sure'],
];
const ALL_NO: [string, string][] = [
  'sizeChange',
  'irregularShape',
  'irregularColour',
  'diameter7mm',
  'inflammation',
  'oozing',
  'sensationChange',
].map((key) => [`checklist.${key}`, 'no']);

describe('the skin test with the 7-point checklist beside the picture', () => {
  let app: TestApp;
  let account: TestAccount;
  let imageDir: string;
  beforeAll(async () => {
    app = await buildTestApp();
    account = await signUp(app);
    imageDir = path.join(app.testConfig.dataDir, 'uploads', 'assessments');
  });
  afterAll(() => app.close());

  const send = (
    test: string,
    fields: readonly (readonly [string, string])[],
    after: readonly (readonly [string, string])[] = [],
    picture = skinPicture(),
  ) => {
    const body = multipartForm(
      fields,
      { field: 'image', fileName: 'spot.png', contentType: 'image/png', data: picture },
      after,
    );
    return app.inject({
      method: 'POST',
      url: `/api/assessments/${test}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: account.cookie },
    });
  };
  const resultOf = (res: Awaited<ReturnType<typeof send>>): ImageResult => {
    expect(res.statusCode, res.body).toBe(201);
    const result = AssessmentResponseSchema.parse(res.json()).assessment.result;
    if (result.kind !== 'image') throw new Error('not an image result');
    return result;
  };
  const filesNow = () => (existsSync(imageDir) ? readdirSync(imageDir) : []);
  const rowsNow = async () =>
    Number(
      (await sql<{ n: string }>(app, `select count(*) as n from assessments where user_id = '${account.id}'`))[0]?.n,
    );

  it('GET /api/assessments/skin/checklist answers the seven questions, the threshold and the sources', async () => {
    const res = await app.inject('/api/assessments/skin/checklist');
    expect(res.statusCode).toBe(200);
    const checklist = SkinChecklistSchema.parse(res.json());
    expect(checklist.items).toHaveLength(7);
    expect(checklist.threshold).toBe(3);
    expect(checklist.sources.some((s) => /NG12/.test(s.title))).toBe(true);
  });

  it('a score of 3 leads with "See a GP within 2 weeks", stored and read back the same (result, list, PDF)', async () => {
    const res = await send('skin', SCORE_3);
    const result = resultOf(res);
    const id = res.json().assessment.id as string;
    expect(result.checklist).toMatchObject({
      level: 'refer',
      score: 3,
      threshold: 3,
      headline: 'See a GP within 2 weeks',
    });
    expect(result.checklist?.items.filter((i) => i.isCounted).map((i) => i.key)).toEqual(['sizeChange', 'oozing']);
    expect(result.checklist?.notSureNote).toMatch(/not counted/);
    expect(result.summary).toMatch(/^See a GP within 2 weeks\. Your answers to the 7-point checklist score 3 of 10/);
    // The answers are stored with the assessment.
    const [row] = await sql<{ inputs: { checklist: unknown } }>(
      app,
      `select inputs from assessments where id = '${id}'`,
    );
    expect(row?.inputs.checklist).toEqual({
      version: 'skin-checklist-1',
      answers: { sizeChange: 'yes', irregularShape: 'no', oozing: 'yes', sensationChange: 'not_sure' },
    });

    const again = await app.inject({ url: `/api/assessments/${id}`, headers: { cookie: account.cookie } });
    expect(again.json().assessment.result).toEqual(result);
    const list = await app.inject({ url: '/api/assessments', headers: { cookie: account.cookie } });
    const listed = (list.json().assessments as { id: string; headline: string }[]).find((a) => a.id === id);
    expect(listed?.headline).toMatch(/^See a GP within 2 weeks \(checklist 3 of 10/);

    const pdf = await app.inject({
      url: `/api/health-record/assessments/${id}/report.pdf`,
      headers: { cookie: account.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('See a GP within 2 weeks. Book an appointment with your GP');
    expect(text).toContain('Your answers to the 7-point checklist');
    expect(text).toContain('Has the spot changed in size (grown)? Yes - 2 of 2 points');
    expect(text).toContain('Does the spot feel different from before, for example itchy? Not sure - 0 of 1 points');
    expect(text).toContain('Suspected cancer: recognition and referral (NG12)');
  });

  it("reads answers sent after the picture too; all 'no' keeps the picture's own triage first", async () => {
    const alone = resultOf(await send('skin', []));
    expect(alone.checklist).toBeUndefined();
    const allNo = resultOf(await send('skin', [], ALL_NO));
    expect(allNo.checklist).toMatchObject({ level: 'below', score: 0 });
    // The same picture: the same triage, flagged or not, and it still leads the result.
    expect(allNo.triage).toEqual(alone.triage);
    expect(allNo.summary.startsWith(alone.summary)).toBe(true);
    expect(allNo.summary).toContain('score 0 of 10, below 3');
    expect(allNo.summary).toMatch(/It would change if the spot changes/);
  });

  it('a bad answer is a 400 naming the field and the rule, and nothing is saved', async () => {
    const rows = await rowsNow();
    const files = filesNow().length;
    const bad = await send('skin', [['checklist.sizeChange', 'maybe']], [['checklist.colour', 'yes']]);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ field: 'checklist.sizeChange', rule: 'one_of' }),
      expect.objectContaining({ field: 'checklist.colour', rule: 'unknown_item' }),
    ]);
    expect(bad.json().detail).toMatch(/checklist\.sizeChange must be one of yes, no, not_sure/);
    const elsewhere = await send('cataract', [['checklist.oozing', 'yes']], [], fundusPicture());
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors[0]).toMatchObject({ field: 'checklist.oozing', rule: 'not_for_this_test' });
    expect(await rowsNow()).toBe(rows);
    expect(filesNow().length).toBe(files);
  });

  it('the compat skin call is unchanged: { prediction } only, checklist fields ignored, none stored', async () => {
    const user = await signUp(app);
    const plain = multipartBody('file', 'upload.png', 'image/png', skinPicture());
    const withFields = multipartForm(SCORE_3, {
      field: 'file',
      fileName: 'upload.png',
      contentType: 'image/png',
      data: skinPicture(),
    });
    for (const body of [plain, withFields]) {
      const res = await app.inject({
        method: 'POST',
        url: '/compat/predict_heart_disease',
        payload: body.payload,
        headers: { ...body.headers, cookie: user.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json())).toEqual(['prediction']);
    }
    const rows = await sql<{ inputs: Record<string, unknown>; result: ImageResult }>(
      app,
      `select inputs, result from assessments where user_id = '${user.id}'`,
    );
    for (const row of rows) {
      expect(row.inputs.checklist).toBeUndefined();
      expect(row.result.checklist).toBeUndefined();
    }
  });
});
