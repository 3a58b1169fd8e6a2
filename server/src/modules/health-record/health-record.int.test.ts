import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ConsentStatusSchema,
  CreateShareResponseSchema,
  HEALTH_DATA_CONSENT_VERSION,
  HistoryResponseSchema,
  ShareListResponseSchema,
} from '@medibuddy/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_INPUTS } from '../../../test/clinical-inputs';
import { validateR4Bundle } from '../../../test/fhir-r4';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';
import { multipartBody, picture } from '../../../test/uploads';
import { printable } from './report-pdf';
import { isHeatmapShown } from '../assessments';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../../models');
/** A fundus photograph the image gate accepts: the model card's first golden picture. */
const fundusPicture = () => readFileSync(path.join(MODELS_DIR, 'fundus', 'golden', '0.png'));

/** The PDF's text, as poppler reads it (the same tool a person's viewer would rely on for search and copy). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

describe('health record API', () => {
  let app: TestApp;
  let alice: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp();
    alice = await signUp(app, { name: 'Alice Record' });
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const run = async (test: string, inputs: unknown, cookie: string) => {
    const res = await call('POST', `/api/assessments/${test}`, cookie, { inputs } as object);
    return res;
  };
  const runOk = async (test: string, inputs: unknown, cookie: string): Promise<string> => {
    const res = await run(test, inputs, cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().assessment.id as string;
  };
  const uploadImageTest = async (cookie: string) => {
    const body = multipartBody('image', 'eye.png', 'image/png', fundusPicture());
    const res = await app.inject({
      method: 'POST',
      url: '/api/assessments/cataract',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().assessment.id as string;
  };
  const countAssessments = async (userId: string) =>
    Number(
      (await sql<{ n: string }>(app, `select count(*)::int as n from assessments where user_id = '${userId}'`))[0]?.n,
    );

  describe('history', () => {
    let account: TestAccount;
    const ids: string[] = [];
    beforeAll(async () => {
      account = await signUp(app);
      ids.push(await runOk('diabetes', VALID_INPUTS.diabetes, account.cookie));
      ids.push(await runOk('heart', VALID_INPUTS.heart, account.cookie));
      ids.push(await runOk('diabetes', { ...VALID_INPUTS.diabetes, glucose: 120, bmi: null }, account.cookie));
      await runOk('blood-test', VALID_INPUTS['blood-test'], alice.cookie);
    });

    it('lists every assessment of the user, newest first, with its result page, risk and values', async () => {
      const res = await call('GET', '/api/health-record/history', account.cookie);
      expect(res.statusCode).toBe(200);
      const { assessments } = HistoryResponseSchema.parse(res.json());
      expect(assessments.map((a) => a.id)).toEqual([...ids].reverse());
      const newest = assessments[0];
      expect(newest).toMatchObject({
        test: 'diabetes',
        testName: 'Diabetes',
        resultPath: `/diabetes-results/${ids[2]}`,
      });
      expect(newest?.values).toMatchObject({ glucose: 120, bmi: null });
      expect(newest?.risk?.probability).toBeGreaterThan(0);
      expect(newest?.risk?.band).toMatch(/low|moderate|high/);
    });

    it('carries the validated score that led a result, for the trend; a model-only result has none', async () => {
      const other = await signUp(app);
      await runOk('cardio', VALID_INPUTS.cardio, other.cookie);
      await runOk('heart', VALID_INPUTS.heart, other.cookie);
      const { assessments } = HistoryResponseSchema.parse(
        (await call('GET', '/api/health-record/history', other.cookie)).json(),
      );
      const [heart, cardio] = assessments;
      expect(heart?.risk?.score).toBeUndefined();
      expect(heart?.headline).toMatch(/^Model score \d+ of 100, relative to its study/);
      expect(cardio?.risk?.score).toMatchObject({ name: expect.stringMatching(/^WHO /), timeframeYears: 10 });
      expect(cardio?.headline).toMatch(/^WHO chart: about \d+ in 100 in 10 years/);
    });

    it('filters by test', async () => {
      const res = await call('GET', '/api/health-record/history?test=diabetes', account.cookie);
      const { assessments } = HistoryResponseSchema.parse(res.json());
      expect(assessments.map((a) => a.id)).toEqual([ids[2], ids[0]]);
    });

    it('refuses an unknown test with a 400 naming the field, and a visitor with 401', async () => {
      const bad = await call('GET', '/api/health-record/history?test=astrology', account.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toMatch(/test/);
      expect((await call('GET', '/api/health-record/history')).statusCode).toBe(401);
    });

    it('pages: limit entries a page, the next by its cursor, null after the last; 50 by default', async () => {
      const page = async (query: string) => {
        const res = await call('GET', `/api/health-record/history?${query}`, account.cookie);
        expect(res.statusCode, res.body).toBe(200);
        return HistoryResponseSchema.parse(res.json());
      };
      const newestFirst = [...ids].reverse();
      const first = await page('limit=2');
      expect(first.assessments.map((a) => a.id)).toEqual(newestFirst.slice(0, 2));
      expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      const second = await page(`limit=2&cursor=${first.nextCursor}`);
      expect(second.assessments.map((a) => a.id)).toEqual(newestFirst.slice(2));
      expect(second.nextCursor).toBeNull();
      expect((await page('limit=3')).nextCursor).toBeNull();
      expect(await page('')).toMatchObject({ nextCursor: null });
      // With a test filter, the cursor pages within it.
      const diabetes = await page('test=diabetes&limit=1');
      const rest = await page(`test=diabetes&limit=1&cursor=${diabetes.nextCursor}`);
      expect([...diabetes.assessments, ...rest.assessments].map((a) => a.id)).toEqual([ids[2], ids[0]]);
      expect(rest.nextCursor).toBeNull();
    });

    it('a bad limit or cursor is a 400 naming the field and its rule', async () => {
      for (const limit of ['0', '101', '2.5', 'ten']) {
        const res = await call('GET', `/api/health-record/history?limit=${limit}`, account.cookie);
        expect(res.statusCode, limit).toBe(400);
        expect(res.json().errors[0]).toMatchObject({
          field: 'limit',
          message: 'must be a whole number from 1 to 100',
        });
      }
      const notACursor = Buffer.from('2026-01-01T00:00:00.000Z|not-an-id').toString('base64url');
      for (const cursor of ['%2F..', 'x'.repeat(201), notACursor]) {
        const res = await call('GET', `/api/health-record/history?cursor=${cursor}`, account.cookie);
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json().errors[0]).toMatchObject({
          field: 'cursor',
          message: 'must be the nextCursor of a previous page',
        });
      }
      expect(
        (await call('GET', `/api/health-record/history?cursor=${notACursor}`, account.cookie)).json().errors[0].rule,
      ).toBe('format');
    });
  });

  describe('consent to store health data', () => {
    it('a first assessment without consent is refused with 409 consent_required and nothing is stored', async () => {
      const bob = await signUp(app, { consent: false });
      const status = ConsentStatusSchema.parse((await call('GET', '/api/health-record/consent', bob.cookie)).json());
      expect(status).toMatchObject({ status: 'none', currentVersion: HEALTH_DATA_CONSENT_VERSION });
      const res = await run('diabetes', VALID_INPUTS.diabetes, bob.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'consent_required' });
      expect(res.json().detail).toMatch(/consent to store health data/);
      expect(await countAssessments(bob.id)).toBe(0);
    });

    it('/compat/predict2 still answers the old client without consent, and saves nothing', async () => {
      const carol = await signUp(app, { consent: false });
      const record = {
        Pregnancies: 6,
        Glucose: 148,
        BloodPressure: 72,
        SkinThickness: 35,
        Insulin: 0,
        BMI: 33.6,
        DiabetesPedigreeFunction: 0.627,
        Age: 50,
      };
      const res = await app.inject({
        method: 'POST',
        url: '/compat/predict2',
        payload: [record],
        headers: { cookie: carol.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().prediction).toHaveLength(1);
      expect(await countAssessments(carol.id)).toBe(0);
    });

    it('refuses a consent to another version of the wording', async () => {
      const dan = await signUp(app, { consent: false });
      const res = await call('POST', '/api/health-record/consent', dan.cookie, { version: 'health-data-0' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'version' });
    });

    it('granted: stores; withdrawn: stops storing, keeps past data unless asked; deleteData removes it', async () => {
      const erin = await signUp(app, { consent: false });
      const granted = await call('POST', '/api/health-record/consent', erin.cookie, {
        version: HEALTH_DATA_CONSENT_VERSION,
      });
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toMatchObject({ status: 'granted', version: HEALTH_DATA_CONSENT_VERSION });
      await runOk('diabetes', VALID_INPUTS.diabetes, erin.cookie);

      const withdrawn = await call('POST', '/api/health-record/consent/withdraw', erin.cookie, { deleteData: false });
      expect(withdrawn.json()).toMatchObject({ consent: { status: 'withdrawn' }, deletedAssessments: 0 });
      expect((await run('diabetes', VALID_INPUTS.diabetes, erin.cookie)).statusCode).toBe(409);
      expect(await countAssessments(erin.id)).toBe(1);

      const erased = await call('POST', '/api/health-record/consent/withdraw', erin.cookie, { deleteData: true });
      expect(erased.json()).toMatchObject({ consent: { status: 'withdrawn' }, deletedAssessments: 1 });
      expect(await countAssessments(erin.id)).toBe(0);

      const missing = await call('POST', '/api/health-record/consent/withdraw', erin.cookie, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0]).toMatchObject({ field: 'deleteData' });
    });
  });

  describe('PDF reports', () => {
    let diabetesId: string;
    let bloodId: string;
    beforeAll(async () => {
      diabetesId = await runOk('diabetes', VALID_INPUTS.diabetes, alice.cookie);
      bloodId = await runOk('blood-test', VALID_INPUTS['blood-test'], alice.cookie);
    });

    it('one assessment: name, test, every input with unit, result, factors, model version and figures, sources, notice', async () => {
      const res = await call('GET', `/api/health-record/assessments/${diabetesId}/report.pdf`, alice.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="medibuddy-report-.*\.pdf"$/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      expect(text).toContain('Alice Record');
      expect(text).toContain('Diabetes');
      expect(text).toMatch(/Plasma glucose.*148 mg\/dL/);
      expect(text).toMatch(/Body mass index\s+33\.6 kg\/m²/);
      // only what was entered is listed as entered; the 'I don't know' answers are named apart
      expect(text).not.toMatch(/2-hour serum insulin\s+Not measured/);
      expect(text).toMatch(/Answered "I don't know" or not measured: 2-hour serum insulin\./);
      expect(text).toMatch(/Next step\s+(Discuss at a routine appointment|See a doctor within a few days)/);
      expect(text).toMatch(/Number of pregnancies\s+\d+\s*\n/); // a count prints bare, not '6 count'
      // the report says the model's figure as the result page does: re-based to adults in India, never a chance
      expect(text).toMatch(/Result: Model figure about \d+ in 100, re-based/);
      expect(text).toMatch(/re-based from its study/);
      expect(text).not.toMatch(/estimated (chance|probability)/i);
      expect(text).toMatch(/(raises|lowers) the estimate (strongly|moderately|slightly)/);
      expect(text).not.toMatch(/log-odds|old form|ml\/|splits/);
      expect(text).toMatch(/Model version diabetes-lr-/);
      expect(text).toMatch(/ROC AUC 0\.\d\d \(95%\s+CI/); // the line may wrap inside it
      expect(text).toMatch(/sensitivity 0\.\d\d/);
      expect(text).toContain('Sources');
      expect(text).toMatch(/This result is not a diagnosis/);
      // Once a page: the notice on the first, the footer on the others.
      for (const page of text.split('\f').filter((p) => p.trim()))
        expect(page.match(/This result is not a diagnosis|MediBuddy - not a diagnosis/g)).toHaveLength(1);
    });

    it('an image report leads with the triage, shows the picture (and its heatmap where shown), and names no file or folder', async () => {
      const id = await uploadImageTest(alice.cookie);
      const res = await call('GET', `/api/health-record/assessments/${id}/report.pdf`, alice.cookie);
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text).toMatch(/Does this need an eye doctor\?/);
      // The fundus model's maps lean on the picture's edge, so it is served without a heatmap (decision 031): the
      // report then shows the picture alone. Where a heatmap is shown: the picture twice and the heatmap.
      const fundus = JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, '../../../models/fundus/card.json'), 'utf8'),
      );
      const images = res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
      if (isHeatmapShown('fundus', fundus.version)) {
        expect(text).toContain('The picture sent, and the same picture with the heatmap');
        expect(images).toBeGreaterThanOrEqual(3);
      } else {
        expect(text).toContain('The picture sent.');
        expect(text).not.toContain('heatmap');
        expect(images).toBeGreaterThanOrEqual(1);
      }
      expect(text).not.toMatch(/\.txt|splits\/|ml\/images|log-odds/);
      for (const page of text.split('\f').filter((p) => p.trim()))
        expect(page.match(/This result is not a diagnosis|MediBuddy - not a diagnosis/g)).toHaveLength(1);
    });

    it('A4 by default, US Letter on request; a paper size it does not know is a 400', async () => {
      const size = (pdf: Buffer) =>
        /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'))?.slice(1).map(Number);
      const a4 = await call('GET', `/api/health-record/assessments/${bloodId}/report.pdf`, alice.cookie);
      expect(size(a4.rawPayload)).toEqual([595.28, 841.89]);
      const letter = await call(
        'GET',
        `/api/health-record/assessments/${bloodId}/report.pdf?paper=Letter`,
        alice.cookie,
      );
      expect(size(letter.rawPayload)).toEqual([612, 792]);
      expect(pdfText(letter.rawPayload)).toMatch(/Main finding:/);
      const bad = await call('GET', `/api/health-record/assessments/${bloodId}/report.pdf?paper=A3`, alice.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ field: 'paper' });
    });

    it('the whole history in one PDF, one assessment a page', async () => {
      const res = await call('GET', '/api/health-record/report.pdf?paper=Letter', alice.cookie);
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text).toContain('MediBuddy health record');
      expect(text).toContain('Diabetes');
      expect(text).toContain('Blood Test');
    });

    it('prints names and signs as written in Latin, Greek and Cyrillic; a character the font lacks becomes ?', async () => {
      const zofia = await signUp(app, { name: 'Łucja Ørsted-Иванова Ωμέγα 李' });
      const id = await runOk('diabetes', VALID_INPUTS.diabetes, zofia.cookie);
      const text = pdfText(
        (await call('GET', `/api/health-record/assessments/${id}/report.pdf`, zofia.cookie)).rawPayload,
      );
      expect(text).toContain('Name: Łucja Ørsted-Иванова Ωμέγα ?');
      expect(text).toMatch(/kg\/m²/);
      expect(printable('HbA1c ≥ 6.5% → 10⁹/L')).toBe('HbA1c ≥ 6.5% → 10⁹/L');
      expect(printable('日本 ok')).toBe('?? ok');
    });

    it('in Hindi for an account that chose Hindi: its own words, the result and the values as entered (decision 041)', async () => {
      const asha = await signUp(app, { name: 'आशा Verma' });
      const patch = await app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie: asha.cookie },
        payload: { language: 'hi' },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      const id = await runOk(
        'diabetes',
        { ...VALID_INPUTS.diabetes, glucose: { value: 8.2, unit: 'mmol/L' } },
        asha.cookie,
      );
      const res = await call('GET', `/api/health-record/assessments/${id}/report.pdf`, asha.cookie);
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text).toContain('आशा Verma');
      expect(text).toContain('MediBuddy जाँच रिपोर्ट');
      for (const heading of ['नतीजा', 'आपने क्या भरा', 'मॉडल और उसकी जाँच', 'इस नतीजे का क्या मतलब नहीं है', 'स्रोत'])
        expect(text).toContain(heading);
      expect(text).toMatch(/8\.2 mmol\/L \(148 mg\/dL\)/);
      expect(text).toMatch(/अनुमान को (काफ़ी|कुछ हद तक|थोड़ा) (बढ़ाता|घटाता) है/);
      expect(text).toMatch(/ROC AUC 0\.\d\d/);
      // The report's own words and the result are Hindi: none of the English headings or sentences is left.
      expect(text).not.toMatch(/What you entered|Next step|Result:|raises the estimate|This result is not a diagnosis/);
      // A shared link is read by whoever opens it, in their language.
      const share = await call('POST', '/api/health-record/shares', asha.cookie, { assessmentId: id });
      const token = new URL(CreateShareResponseSchema.parse(share.json()).url).pathname.split('/').at(-1) as string;
      const english = await app.inject({ method: 'GET', url: `/api/shared-reports/${token}` });
      expect(pdfText(english.rawPayload)).toContain('MediBuddy assessment report');
      const hindi = await app.inject({
        method: 'GET',
        url: `/api/shared-reports/${token}`,
        headers: { 'accept-language': 'hi-IN' },
      });
      expect(pdfText(hindi.rawPayload)).toContain('MediBuddy जाँच रिपोर्ट');
    });

    it("another user's assessment is a 404, a visitor a 401", async () => {
      const mallory = await signUp(app);
      expect(
        (await call('GET', `/api/health-record/assessments/${diabetesId}/report.pdf`, mallory.cookie)).statusCode,
      ).toBe(404);
      expect((await call('GET', `/api/health-record/assessments/${diabetesId}/report.pdf`)).statusCode).toBe(401);
    });
  });

  describe('share links', () => {
    let heartId: string;
    let bloodId: string;
    beforeAll(async () => {
      heartId = await runOk('heart', VALID_INPUTS.heart, alice.cookie);
      bloodId = await runOk('blood-test', VALID_INPUTS['blood-test'], alice.cookie);
    });
    const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1) as string;
    const openShared = (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname });

    it('shows only its report to anyone with the link, for 7 days by default; stores only a hash', async () => {
      const res = await call('POST', '/api/health-record/shares', alice.cookie, { assessmentId: heartId });
      expect(res.statusCode).toBe(201);
      const { share, url } = CreateShareResponseSchema.parse(res.json());
      const days = (Date.parse(share.expiresAt) - Date.parse(share.createdAt)) / 86_400_000;
      expect(days).toBeCloseTo(7, 2);
      expect(share.status).toBe('active');

      const shared = await openShared(url);
      expect(shared.statusCode).toBe(200);
      expect(shared.headers['content-type']).toBe('application/pdf');
      expect(shared.headers['cache-control']).toBe('no-store');
      const text = pdfText(shared.rawPayload);
      expect(text).toContain('Heart Disease');
      expect(text).toContain(heartId);
      expect(text).not.toContain(bloodId);
      expect(text).not.toContain('Blood Test');

      const stored = await sql<{ token_hash: string }>(
        app,
        `select token_hash from report_shares where id = '${share.id}'`,
      );
      expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0]?.token_hash).not.toContain(tokenOf(url));
      const list = ShareListResponseSchema.parse((await call('GET', '/api/health-record/shares', alice.cookie)).json());
      expect(list.shares.find((s) => s.id === share.id)).toMatchObject({ status: 'active', testName: 'Heart Disease' });
      expect(JSON.stringify(list)).not.toContain(tokenOf(url));
    });

    it('stops working once expired', async () => {
      const { share, url } = (
        await call('POST', '/api/health-record/shares', alice.cookie, { assessmentId: bloodId, expiresInDays: 1 })
      ).json();
      expect((await openShared(url)).statusCode).toBe(200);
      await sql(app, `update report_shares set expires_at = now() - interval '1 second' where id = '${share.id}'`);
      const gone = await openShared(url);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().detail).toMatch(/expired or was withdrawn/);
      const list = ShareListResponseSchema.parse((await call('GET', '/api/health-record/shares', alice.cookie)).json());
      expect(list.shares.find((s) => s.id === share.id)?.status).toBe('expired');
    });

    it('stops working once revoked; only its owner can revoke it', async () => {
      const { share, url } = (
        await call('POST', '/api/health-record/shares', alice.cookie, { assessmentId: heartId })
      ).json();
      const mallory = await signUp(app);
      expect((await call('DELETE', `/api/health-record/shares/${share.id}`, mallory.cookie)).statusCode).toBe(404);
      expect((await openShared(url)).statusCode).toBe(200);
      const revoked = await call('DELETE', `/api/health-record/shares/${share.id}`, alice.cookie);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().status).toBe('revoked');
      expect((await openShared(url)).statusCode).toBe(404);
    });

    it("refuses to share another user's assessment, bad lengths, and answers 404 for a made-up token", async () => {
      const mallory = await signUp(app);
      expect(
        (await call('POST', '/api/health-record/shares', mallory.cookie, { assessmentId: heartId })).statusCode,
      ).toBe(404);
      const long = await call('POST', '/api/health-record/shares', alice.cookie, {
        assessmentId: heartId,
        expiresInDays: 365,
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors[0]).toMatchObject({ field: 'expiresInDays' });
      expect((await app.inject({ method: 'GET', url: `/api/shared-reports/${'a'.repeat(43)}` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/shared-reports/nonsense' })).statusCode).toBe(404);
    });
  });

  describe('export', () => {
    let account: TestAccount;
    beforeAll(async () => {
      account = await signUp(app, { name: 'Frank Export' });
      await runOk('diabetes', VALID_INPUTS.diabetes, account.cookie);
      await runOk('blood-test', VALID_INPUTS['blood-test'], account.cookie);
      await runOk('kidney-stone', VALID_INPUTS['kidney-stone'], account.cookie);
      await call('POST', '/api/feedback', account.cookie, { feedback: 'Clear and useful.' });
    });

    it('JSON: profile, consent, every assessment, share links and the rows of other tables; no password or token hashes', async () => {
      const res = await call('GET', '/api/health-record/export.json', account.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="medibuddy-export-/);
      const body = res.json();
      expect(body.user).toMatchObject({ id: account.id, name: 'Frank Export', email: account.email });
      expect(body.consent.status).toBe('granted');
      expect(body.assessments).toHaveLength(3);
      expect(body.assessments[0].inputs).toBeTypeOf('object');
      expect(Object.keys(body.otherRecords)).toEqual(expect.arrayContaining(['sessions', 'feedback']));
      expect(res.body).not.toMatch(/password_hash|token_hash|\$argon2/);
    });

    it('JSON: each chat conversation with its messages, oldest first; nobody else’s', async () => {
      const other = await signUp(app);
      const [mine] = await sql<{ id: string }>(
        app,
        `insert into chat_conversations (user_id, title) values ('${account.id}', 'What is gout?') returning id`,
      );
      const [theirs] = await sql<{ id: string }>(
        app,
        `insert into chat_conversations (user_id, title) values ('${other.id}', 'Other') returning id`,
      );
      await sql(
        app,
        `insert into chat_messages (conversation_id, role, text, kind, provider, created_at) values
          ('${mine?.id}', 'assistant', 'Gout is a kind of arthritis.', 'answer', 'offline', '2026-11-20T10:00:01Z'),
          ('${mine?.id}', 'user', 'What is gout?', 'prompt', null, '2026-11-20T10:00:00Z'),
          ('${theirs?.id}', 'user', 'Not yours', 'prompt', null, '2026-11-20T10:00:00Z')`,
      );
      const body = (await call('GET', '/api/health-record/export.json', account.cookie)).json();
      expect(body.otherRecords.chat_conversations).toHaveLength(1);
      const conversation = body.otherRecords.chat_conversations[0];
      expect(conversation).toMatchObject({ id: mine?.id, title: 'What is gout?' });
      expect(conversation.chat_messages.map((m: { role: string; text: string }) => [m.role, m.text])).toEqual([
        ['user', 'What is gout?'],
        ['assistant', 'Gout is a kind of arthritis.'],
      ]);
      expect(conversation.chat_messages[1]).toMatchObject({ kind: 'answer', provider: 'offline', sources: [] });
      expect(JSON.stringify(body)).not.toContain('Not yours');
      expect(body.otherRecords.chat_messages).toBeUndefined();
    });

    it('FHIR R4 Bundle: a Patient, an Observation per input, a RiskAssessment per result, all valid', async () => {
      const res = await call('GET', '/api/health-record/export.fhir.json', account.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/fhir\+json/);
      const bundle = res.json();
      expect(validateR4Bundle(bundle)).toEqual([]);
      const types = bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType);
      const inputsCount =
        Object.keys(VALID_INPUTS.diabetes).length +
        Object.keys(VALID_INPUTS['blood-test']).length +
        Object.keys(VALID_INPUTS['kidney-stone']).length;
      expect(types.filter((t: string) => t === 'Patient')).toHaveLength(1);
      expect(types.filter((t: string) => t === 'Observation')).toHaveLength(inputsCount);
      expect(types.filter((t: string) => t === 'RiskAssessment')).toHaveLength(3);
      // the diabetes test's own code system: the blood test has a glucose and an insulin too
      const diabetesObservation = (code: string) =>
        bundle.entry.find((e: { resource: { code?: { coding?: { system: string; code: string }[] } } }) => {
          const coding = e.resource.code?.coding?.[0];
          return coding?.code === code && coding.system.endsWith('/CodeSystem/diabetes');
        }).resource;
      const glucose = diabetesObservation('glucose');
      expect(glucose.valueQuantity).toEqual({
        value: 148,
        unit: 'mg/dL',
        system: 'http://unitsofmeasure.org',
        code: 'mg/dL',
      });
      const insulin = diabetesObservation('insulin');
      expect(insulin.dataAbsentReason.coding[0].code).toBe('not-performed');
      const risk = bundle.entry.find(
        (e: { resource: { resourceType: string; code?: { text: string } } }) =>
          e.resource.resourceType === 'RiskAssessment' && e.resource.code?.text === 'Diabetes',
      ).resource;
      expect(risk.prediction[0].probabilityDecimal).toBeGreaterThan(0);
      expect(risk.basis).toHaveLength(Object.keys(VALID_INPUTS.diabetes).length);
    });

    it('an image assessment: a DocumentReference for its picture, still valid; its PDF and history entry work', async () => {
      const ivy = await signUp(app);
      const id = await uploadImageTest(ivy.cookie);
      const bundle = (await call('GET', '/api/health-record/export.fhir.json', ivy.cookie)).json();
      expect(validateR4Bundle(bundle)).toEqual([]);
      const docs = bundle.entry.filter(
        (e: { resource: { resourceType: string } }) => e.resource.resourceType === 'DocumentReference',
      );
      expect(docs).toHaveLength(1);
      expect(docs[0].resource.content[0].attachment).toMatchObject({ contentType: 'image/webp' });
      expect(docs[0].resource.content[0].attachment.url).toMatch(/^http/);
      const pdf = await call('GET', `/api/health-record/assessments/${id}/report.pdf`, ivy.cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdfText(pdf.rawPayload)).toContain('Cataract');
      const history = HistoryResponseSchema.parse((await call('GET', '/api/health-record/history', ivy.cookie)).json());
      expect(history.assessments[0]).toMatchObject({ id, test: 'cataract', values: {} });
    });

    it('the validator catches what R4 forbids (so the test above can fail)', () => {
      const patient = {
        fullUrl: 'urn:uuid:00000000-0000-4000-8000-000000000001',
        resource: { resourceType: 'Patient', id: '00000000-0000-4000-8000-000000000001' },
      };
      const obs = {
        resourceType: 'Observation',
        id: 'o1',
        status: 'final',
        code: { text: 'x' },
        subject: { reference: patient.fullUrl },
      };
      const bundleOf = (...entries: object[]) => ({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [patient, ...entries],
      });
      expect(validateR4Bundle(bundleOf({ fullUrl: 'urn:uuid:o1', resource: obs }))).toEqual([]);
      expect(
        validateR4Bundle(bundleOf({ fullUrl: 'urn:uuid:o1', resource: { ...obs, status: 'done' } })).join(),
      ).toMatch(/status/);
      expect(
        validateR4Bundle(bundleOf({ fullUrl: 'urn:uuid:o1', resource: { ...obs, code: undefined } })).join(),
      ).toMatch(/code: required/);
      expect(
        validateR4Bundle(
          bundleOf({
            fullUrl: 'urn:uuid:o1',
            resource: { ...obs, valueQuantity: { value: 1 }, dataAbsentReason: { text: 'x' } },
          }),
        ).join(),
      ).toMatch(/obs-6/);
      expect(
        validateR4Bundle(
          bundleOf({ fullUrl: 'urn:uuid:o1', resource: { ...obs, subject: { reference: 'urn:uuid:elsewhere' } } }),
        ).join(),
      ).toMatch(/does not resolve/);
      expect(
        validateR4Bundle(
          bundleOf({
            fullUrl: 'urn:uuid:r1',
            resource: { resourceType: 'RiskAssessment', id: 'r1', status: 'final', prediction: [] },
          }),
        ).join(),
      ).toMatch(/subject: required/);
      expect(
        validateR4Bundle(
          bundleOf({
            fullUrl: 'urn:uuid:d1',
            resource: { resourceType: 'DocumentReference', id: 'd1', status: 'current', content: [] },
          }),
        ).join(),
      ).toMatch(/content: required/);
      expect(validateR4Bundle({ ...bundleOf(), type: 'pile' }).join()).toMatch(/Bundle.type/);
      expect(validateR4Bundle(bundleOf(patient)).join()).toMatch(/bdl-7/);
    });
  });

  describe('account deletion', () => {
    it('a wrong password deletes nothing', async () => {
      const gina = await signUp(app);
      await runOk('diabetes', VALID_INPUTS.diabetes, gina.cookie);
      const res = await call('POST', '/api/account/delete', gina.cookie, { password: 'not it at all' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'password', rule: 'incorrect' });
      expect(await countAssessments(gina.id)).toBe(1);
      expect((await call('POST', '/api/account/delete', gina.cookie, {})).json().errors[0]).toMatchObject({
        field: 'password',
      });
    });

    it('erases every row of the user in every table, and their files in DATA_DIR', async () => {
      const henry = await signUp(app, { name: 'Henry Deleted' });
      const other = await signUp(app);
      const assessmentId = await runOk('diabetes', VALID_INPUTS.diabetes, henry.cookie);
      await runOk('heart', VALID_INPUTS.heart, henry.cookie);
      await runOk('diabetes', VALID_INPUTS.diabetes, other.cookie);
      await call('POST', '/api/health-record/shares', henry.cookie, { assessmentId });
      await call('POST', '/api/feedback', henry.cookie, { feedback: 'Before I go.' });
      const chat = await call('POST', '/api/chat/messages', henry.cookie, { text: 'What is a normal blood sugar?' });
      expect(chat.statusCode, chat.body).toBe(200);
      const conversationId = /"conversationId":"([0-9a-f-]{36})"/.exec(chat.body)?.[1] as string;
      expect(conversationId).toBeDefined();
      const subscribe = await call('POST', '/api/newsletter/subscriptions', undefined, { email: henry.email });
      expect(subscribe.statusCode, subscribe.body).toBeLessThan(300);
      const imageAssessmentId = await uploadImageTest(henry.cookie);
      const imageDir = path.join(app.testConfig.dataDir, 'uploads', 'assessments');
      const pictureName = (
        await sql<{ file: string }>(
          app,
          `select inputs->'image'->>'file' as file from assessments where id = '${imageAssessmentId}'`,
        )
      )[0]?.file as string;
      expect(existsSync(path.join(imageDir, pictureName))).toBe(true);
      const avatar = multipartBody('image', 'me.png', 'image/png', await picture('png', 64, 64));
      const up = await app.inject({
        method: 'POST',
        url: '/api/profile/avatar',
        payload: avatar.payload,
        headers: { ...avatar.headers, cookie: henry.cookie },
      });
      expect(up.statusCode).toBe(200);
      // A file of the user's under the per-user folder (where user files without a table of their own go).
      const userDir = path.join(app.testConfig.dataDir, 'uploads', 'users', henry.id);
      mkdirSync(userDir, { recursive: true });
      writeFileSync(path.join(userDir, 'note.txt'), 'x');
      const avatarName = (
        await sql<{ avatar_path: string }>(app, `select avatar_path from users where id = '${henry.id}'`)
      )[0]?.avatar_path as string;
      expect(existsSync(path.join(app.testConfig.dataDir, 'uploads', 'avatars', avatarName))).toBe(true);

      // Every table of the schema, from the catalogue: a table added later is checked without a change here.
      const tables = await sql<{ table_name: string }>(
        app,
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      const rowsMentioning = async (needle: string) => {
        const found: string[] = [];
        for (const { table_name } of tables) {
          const q = `select count(*)::int as n from "${table_name}" t where t::text ilike '%${needle}%'`;
          const n = Number((await sql<{ n: number }>(app, q))[0]?.n);
          if (n > 0) found.push(`${table_name} (${n})`);
        }
        return found;
      };
      expect(tables.length).toBeGreaterThanOrEqual(8);
      expect(await rowsMentioning(henry.id)).toEqual(
        expect.arrayContaining([
          'users (1)',
          'assessments (3)',
          'report_shares (1)',
          'feedback (1)',
          'chat_conversations (1)',
        ]),
      );
      expect(await rowsMentioning(conversationId)).toEqual(
        expect.arrayContaining(['chat_conversations (1)', 'chat_messages (2)']),
      );
      expect(await rowsMentioning(henry.email)).toEqual(expect.arrayContaining(['newsletter_subscriptions (1)']));

      const res: LightMyRequestResponse = await call('POST', '/api/account/delete', henry.cookie, {
        password: henry.password,
      });
      expect(res.statusCode).toBe(204);
      expect(res.cookies.find((c) => c.name === 'mb_session')?.value).toBe('');

      expect(await rowsMentioning(henry.id)).toEqual([]);
      expect(await rowsMentioning(henry.email)).toEqual([]);
      expect(await rowsMentioning(assessmentId)).toEqual([]);
      expect(await rowsMentioning(conversationId)).toEqual([]);
      expect(await countAssessments(other.id)).toBe(1);

      const files = readdirSync(app.testConfig.dataDir, { recursive: true }).map(String);
      expect(files.filter((f) => f.includes(henry.id) || f.includes(avatarName) || f.includes(pictureName))).toEqual(
        [],
      );
      expect((await call('GET', '/api/health-record/history', henry.cookie)).statusCode).toBe(401);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: henry.email, password: henry.password },
      });
      expect(signIn.statusCode).toBe(401);
    });
  });
});
