import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AssessmentResponseSchema, type AssessmentResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_INPUTS } from '../../../test/clinical-inputs';
import { buildTestApp, signUp, type TestAccount, type TestApp } from '../../../test/helper';
import { multipartBody } from '../../../test/uploads';
import { AppError } from '../../plugins/errors';
import { renderReportPdf, type ReportInput } from './report-pdf';
import { createReportPdfPool, PDF_BUSY_MESSAGE } from './report-pdf-pool';

const fundusPicture = () => readFileSync(path.resolve(import.meta.dirname, '../../../models/fundus/golden/0.png'));

/** pdfkit stamps the time it made the file, and its /ID is a hash of that; the rest follows from the input. */
const withoutCreationDate = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:time)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID [id]');

describe('PDF reports in worker threads', () => {
  let app: TestApp;
  let account: TestAccount;
  let responses: AssessmentResponse[];
  beforeAll(async () => {
    // One worker and no queue: a second report while one renders is refused.
    app = await buildTestApp({ PDF_WORKERS: '1', PDF_QUEUE: '0' });
    account = await signUp(app, { name: 'Иван Łukasz' });
    const body = multipartBody('image', 'eye.png', 'image/png', fundusPicture());
    const image = await app.inject({
      method: 'POST',
      url: '/api/assessments/cataract',
      payload: body.payload,
      headers: { ...body.headers, cookie: account.cookie },
    });
    const clinical = await app.inject({
      method: 'POST',
      url: '/api/assessments/diabetes',
      payload: { inputs: VALID_INPUTS.diabetes },
      headers: { cookie: account.cookie },
    });
    expect([image.statusCode, clinical.statusCode]).toEqual([201, 201]);
    responses = [clinical.json(), image.json()].map((r) => AssessmentResponseSchema.parse(r));
  });
  afterAll(() => app.close());

  it('renders the same bytes as on the event loop (pictures, heatmap, names in several scripts)', async () => {
    const imageId = responses[1]?.assessment.id as string;
    const input: ReportInput = {
      personName: 'Иван Łukasz अनु',
      generatedAt: new Date('2026-01-02T03:04:05Z'),
      paper: 'Letter',
      assessments: responses,
      scope: 'history',
      pictures: new Map([[imageId, fundusPicture()]]),
      medicines: null,
      symptomChecks: [
        {
          createdAt: '2026-01-01T00:00:00Z',
          complaint: 'sore throat',
          headline: 'Self-care',
          advice: 'Rest.',
          conditions: [],
        },
      ],
    };
    const pool = createReportPdfPool({ size: 1 });
    try {
      const [inWorker, direct] = await Promise.all([pool.render(input), renderReportPdf(input)]);
      expect(Buffer.isBuffer(inWorker)).toBe(true);
      expect(inWorker.length).toBeGreaterThan(10_000);
      expect(withoutCreationDate(inWorker)).toBe(withoutCreationDate(direct));
    } finally {
      await pool.close();
    }
  });

  it('refuses a report beyond the queue with 503 busy and Retry-After, and serves the next one', async () => {
    const get = () =>
      app.inject({ method: 'GET', url: '/api/health-record/report.pdf', headers: { cookie: account.cookie } });
    const both = await Promise.all([get(), get()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 503]);
    const [first, second] = both.sort((a, b) => a.statusCode - b.statusCode) as [(typeof both)[0], (typeof both)[0]];
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second.statusCode).toBe(503);
    expect(second.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(second.headers['retry-after']).toBe('5');
    expect(second.json()).toMatchObject({ status: 503, code: 'busy', detail: PDF_BUSY_MESSAGE });
    expect((await get()).statusCode).toBe(200);
  });

  it('queues up to its bound, then refuses at once; a failed render fails only its own report', async () => {
    const pool = createReportPdfPool({ size: 1, maxQueued: 1 });
    const input = (name: string): ReportInput => ({
      personName: name,
      generatedAt: new Date(),
      paper: 'A4',
      assessments: [],
      scope: 'history',
    });
    try {
      const running = pool.render(input('a'));
      const queued = pool.render(input('b'));
      const refused = pool.render(input('c'));
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ code: 'busy', status: 503, headers: { 'retry-after': '5' } });
      expect((await running).subarray(0, 5).toString()).toBe('%PDF-');
      expect((await queued).subarray(0, 5).toString()).toBe('%PDF-');
      // An input the renderer cannot draw (a picture that is no image) fails that report, not the worker.
      const broken = pool.render({
        ...input('d'),
        assessments: responses.slice(1),
        pictures: new Map([[responses[1]?.assessment.id as string, Buffer.from('not a picture')]]),
      });
      await expect(broken).rejects.toThrow(/could not be rendered/);
      expect((await pool.render(input('e'))).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await pool.close();
    }
  });
});
