import { readFileSync } from 'node:fs';
import {
  bloodTestHeadline,
  AssessmentListResponseSchema,
  AssessmentResponseSchema,
  CLINICAL_TEST_SLUGS,
  TIMEFRAME_RANK,
  type AssessmentResult,
  type GuidelineFinding,
  type Timeframe,
} from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, signUp, type TestAccount, type TestApp } from '../../../test/helper';

/**
 * Result safety: patient cases written from public guidance (server/sets/assessments/result-safety-cases.json), each with the timeframe the
 * guidance gives and words the result must and must not say, judged on the words the result page shows. It prints
 * what it measured per test; it fails only when an urgent case (expected 'now' or 'today') is answered less urgently
 * and is not in UNDER_TRIAGE_BASELINE, so the count of under-triaged urgent cases can only go down.
 */

const EXPECTED_TIMEFRAME = { now: 'now', today: 'today', 'within days': 'days', routine: 'routine' } as const;

const CaseSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9.-]+$/),
  test: z.enum(CLINICAL_TEST_SLUGS),
  inputs: z.record(z.string(), z.number().nullable()),
  story: z.string().min(1),
  expect: z.strictObject({
    timeframe: z.enum(['now', 'today', 'within days', 'routine']),
    /** Each entry must appear as whole words, case-insensitive; 'a|b' means either. */
    mustSay: z.array(z.string().min(1)),
    mustNotSay: z.array(z.string().min(1)),
  }),
  why: z.string().min(20),
});
type Case = z.infer<typeof CaseSchema>;

const CasesFileSchema = z.strictObject({ description: z.string(), cases: z.array(CaseSchema) });

const CASES = CasesFileSchema.parse(
  JSON.parse(readFileSync(new URL('../../../sets/assessments/result-safety-cases.json', import.meta.url), 'utf8')),
).cases;

/**
 * Urgent cases the current rules answer less urgently than the guidance, as measured when this test was written.
 * Remove an id once its result is fixed; a new id here is a regression and fails.
 */
const UNDER_TRIAGE_BASELINE: readonly string[] = ['heart-bp220-angina-ecg', 'cardio-180-120', 'liver-alt3000-bili8'];

/** The words a result page shows: headline, band, next step, guideline findings, findings, notes. */
function pageTexts(result: AssessmentResult, headline: string): string[] {
  const texts = [headline];
  const guideline = (findings: readonly GuidelineFinding[] | undefined) =>
    (findings ?? []).flatMap((f) => [f.title, f.explanation, f.nextStep]);
  if ('nextStep' in result && result.nextStep) texts.push(result.nextStep.heading, result.nextStep.text);
  switch (result.kind) {
    case 'risk':
      texts.push(`Band: ${result.band}`, result.summary, ...guideline(result.guideline));
      break;
    case 'blood-test':
      texts.push(
        bloodTestHeadline(result),
        result.summary,
        ...result.findings.flatMap((f) => [f.title, f.explanation]),
      );
      break;
    case 'kidney-stone':
      texts.push(
        ...(result.band ? [`Band: ${result.band}`] : []),
        ...(result.urgentMessage ? [result.urgentMessage] : []),
        ...result.notes,
        ...result.factors.flatMap((f) => (f.note ? [f.note] : [])),
        ...guideline(result.guideline),
      );
      break;
    default:
      break;
  }
  return texts.map((t) => t.replace(/[\u2018\u2019]/g, "'"));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when one of the '|'-separated phrases appears as whole words in the text. */
function says(text: string, phrase: string): boolean {
  return phrase
    .split('|')
    .some((p) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(p.trim())}(?![\\p{L}\\p{N}])`, 'iu').test(text));
}

type Outcome = {
  id: string;
  test: string;
  expected: Timeframe;
  got: Timeframe | 'none';
  missing: string[];
  forbidden: string[];
  /** Each forbidden word with the line of the page it was found in. */
  forbiddenIn: string[];
  /** The next step as the patient reads it. */
  said: string;
  headline: string;
  /** The page's words, for a case with a missing word. */
  page: string;
};

function timing(o: Outcome): 'right' | 'too alarming' | 'not alarming enough' {
  const got = o.got === 'none' ? -1 : TIMEFRAME_RANK[o.got];
  const expected = TIMEFRAME_RANK[o.expected];
  if (got === expected) return 'right';
  return got > expected ? 'too alarming' : 'not alarming enough';
}

const isUrgent = (o: Outcome) => o.expected === 'now' || o.expected === 'today';

describe('result safety: what a patient is told, judged against public guidance', () => {
  let app: TestApp;
  let patient: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
    patient = await signUp(app, { name: 'Patient' });
  });
  afterAll(() => app.close());

  it('has 8 cases for each clinical test, each with a unique id', () => {
    expect(new Set(CASES.map((c) => c.id)).size).toBe(CASES.length);
    for (const slug of CLINICAL_TEST_SLUGS) expect(CASES.filter((c) => c.test === slug).length, slug).toBe(8);
  });

  it('answers urgent cases at least as urgently as the guidance (baseline), and prints every mismatch', async () => {
    const outcomes: Outcome[] = [];
    for (const c of CASES) outcomes.push(await runCase(c));

    const lines: string[] = ['', 'Result safety, per test: right / too alarming / not alarming enough / wrong words'];
    for (const slug of CLINICAL_TEST_SLUGS) {
      const mine = outcomes.filter((o) => o.test === slug);
      const count = (kind: ReturnType<typeof timing>) => mine.filter((o) => timing(o) === kind).length;
      const wrongWords = mine.filter((o) => o.missing.length + o.forbidden.length > 0).length;
      const right = mine.filter((o) => timing(o) === 'right' && o.missing.length + o.forbidden.length === 0).length;
      lines.push(
        `  ${slug.padEnd(13)} right ${right}/${mine.length}, too alarming ${count('too alarming')}, ` +
          `not alarming enough ${count('not alarming enough')}, wrong words ${wrongWords}`,
      );
    }
    const total = (pred: (o: Outcome) => boolean) => outcomes.filter(pred).length;
    lines.push(
      `  ${'all'.padEnd(13)} right ${total((o) => timing(o) === 'right' && o.missing.length + o.forbidden.length === 0)}/${outcomes.length}, ` +
        `too alarming ${total((o) => timing(o) === 'too alarming')}, not alarming enough ${total((o) => timing(o) === 'not alarming enough')} ` +
        `(urgent ${total((o) => isUrgent(o) && timing(o) === 'not alarming enough')}), wrong words ${total((o) => o.missing.length + o.forbidden.length > 0)}`,
      '',
      'Mismatches:',
    );
    for (const o of outcomes) {
      const when = timing(o);
      if (when === 'right' && o.missing.length + o.forbidden.length === 0) continue;
      const parts = [when === 'right' ? '' : `${when} (expected ${o.expected}, got ${o.got})`];
      if (o.missing.length) parts.push(`missing ${o.missing.map((w) => `"${w}"`).join(', ')}`);
      if (o.forbidden.length) parts.push(`says ${o.forbidden.map((w) => `"${w}"`).join(', ')}`);
      lines.push(
        `  ${isUrgent(o) && when === 'not alarming enough' ? '!!' : '  '} ${o.id}: ${parts.filter(Boolean).join('; ')}`,
      );
      lines.push(`       headline: ${o.headline}`, `       next step: ${o.said}`);
      if (o.missing.length) lines.push(`       page: ${o.page}`);
      for (const line of o.forbiddenIn) lines.push(`       ${line}`);
    }
    console.log(lines.join('\n'));

    const underTriaged = outcomes.filter((o) => isUrgent(o) && timing(o) === 'not alarming enough').map((o) => o.id);
    expect(
      underTriaged.filter((id) => !UNDER_TRIAGE_BASELINE.includes(id)),
      'urgent cases answered less urgently',
    ).toEqual([]);
  });

  async function runCase(c: Case): Promise<Outcome> {
    const res = await app.inject({
      method: 'POST',
      url: `/api/assessments/${c.test}`,
      payload: { inputs: c.inputs },
      headers: { cookie: patient.cookie },
    });
    if (res.statusCode !== 201) throw new Error(`${c.id}: ${res.statusCode} ${res.body}`);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    const list = await app.inject({ method: 'GET', url: '/api/assessments', headers: { cookie: patient.cookie } });
    const headline =
      AssessmentListResponseSchema.parse(list.json()).assessments.find((a) => a.id === assessment.id)?.headline ?? '';
    const result = assessment.result;
    const text = pageTexts(result, headline).join('\n');
    const nextStep = 'nextStep' in result ? result.nextStep : undefined;
    return {
      id: c.id,
      test: c.test,
      expected: EXPECTED_TIMEFRAME[c.expect.timeframe],
      got: nextStep?.timeframe ?? 'none',
      missing: c.expect.mustSay.filter((w) => !says(text, w)),
      forbidden: c.expect.mustNotSay.filter((w) => says(text, w)),
      forbiddenIn: c.expect.mustNotSay.flatMap((w) =>
        pageTexts(result, headline)
          .filter((line) => says(line, w))
          .map((line) => `"${w}" in: ${line}`),
      ),
      said: nextStep ? `${nextStep.heading}: ${nextStep.text}` : '(no next step)',
      headline,
      page: text.replace(/\s+/g, ' ').slice(0, 400),
    };
  }
});
