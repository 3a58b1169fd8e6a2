import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  MedicineCheckResponseSchema,
  PersonSchema,
  RecommendationsResponseSchema,
  type MedicineCheckResponse,
  type RecommendationsResponse,
} from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { importMedicinesCsv } from './csv-import';
import { medicinesCsvPath } from './dataset-path';

/**
 * Blind safety cases (finder-safety-cases.json, written from NHS, MHRA, NICE, BNF and FDA guidance before the
 * catalogue was read): what a person is shown. Every product listed, in the top list and under "a doctor may
 * prescribe", is checked against the ingredients unsafe for that person; the guidance must carry the words each case
 * names; red flags list nothing; the medicines check must name the interacting or duplicated entries.
 * Run on the full imported catalogue when Medicine_Details.csv is present (what users see), else on the starter
 * catalogue alone.
 */

const RecommendationsCaseSchema = z.object({
  id: z.string(),
  endpoint: z.literal('recommendations'),
  person: PersonSchema.optional(),
  symptoms: z.array(z.string()).min(1),
  story: z.string(),
  expect: z.enum(['products', 'none', 'any']),
  mustNotShow: z.array(z.string()),
  mustSay: z.array(z.string()),
  why: z.string().min(1),
});
const CheckCaseSchema = z.object({
  id: z.string(),
  endpoint: z.literal('check'),
  person: PersonSchema.optional(),
  items: z
    .array(z.object({ name: z.string(), strengthMg: z.number().optional(), dosesPerDay: z.number().optional() }))
    .min(1),
  story: z.string(),
  mustFlag: z.array(z.string()).min(1),
  mustNotShow: z.array(z.string()).length(0),
  mustSay: z.array(z.string()),
  why: z.string().min(1),
});
const CaseSchema = z.discriminatedUnion('endpoint', [RecommendationsCaseSchema, CheckCaseSchema]);
const CASES = z
  .object({ cases: z.array(CaseSchema).length(40) })
  .parse(
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../../sets/medicines/finder-safety-cases.json'), 'utf8'),
    ),
  ).cases;

/**
 * Cases that showed an unsafe product when measured on the full catalogue and are not fixed yet. The list may
 * only shrink: a case not named here that shows an unsafe product fails the test.
 */
const BASELINE_UNSAFE: readonly string[] = [];
/** Check cases whose finding was missing when measured, and not fixed yet; may only shrink. */
const BASELINE_CHECK_MISSED: readonly string[] = [];

/** Other names an ingredient is sold under (the imported catalogue uses Indian and US names). */
const SYNONYMS: Record<string, string[]> = {
  aspirin: ['acetylsalicylic acid', 'acetyl salicylic acid'],
  paracetamol: ['acetaminophen'],
  chlorphenamine: ['chlorpheniramine'],
  indometacin: ['indomethacin'],
  promethazine: ['promethazine'],
  'bismuth subsalicylate': ['bismuth salicylate'],
  metamizole: ['dipyrone', 'analgin'],
  diphenoxylate: ['diphenoxylate'],
};
const namesOf = (ingredient: string) => [ingredient, ...(SYNONYMS[ingredient] ?? [])].map((n) => n.toLowerCase());

/** The unsafe ingredients among a product's ingredients (and its composition, for imported products). */
function unsafeIn(texts: string[], mustNotShow: string[]): string[] {
  const haystack = texts.join(' | ').toLowerCase();
  return mustNotShow.filter((ingredient) => namesOf(ingredient).some((name) => haystack.includes(name)));
}

/** Each mustSay entry is alternatives separated by '|'; one must appear (case-insensitive). */
const missingWords = (text: string, mustSay: string[]) =>
  mustSay.filter(
    (alternatives) => !alternatives.split('|').some((word) => text.toLowerCase().includes(word.toLowerCase())),
  );

function guidanceText(body: RecommendationsResponse): string {
  const cited = (list: { text: string }[]) => list.map((c) => c.text);
  return [
    body.message ?? '',
    body.emergency?.message ?? '',
    ...(body.emergency?.flags.map((f) => `${f.label} ${f.advice}`) ?? []),
    ...body.guidance.flatMap((g) => [
      g.title,
      g.notAppropriateReason ?? '',
      ...cited(g.whatToDo),
      ...cited(g.seeDoctorIf),
      ...cited(g.redFlags),
    ]),
    ...body.hidden.map((h) => h.reason),
    ...body.results.flatMap((r) => [
      r.prescriptionNote,
      ...cited(r.cautions),
      ...r.doses.map((d) => d.dose?.text ?? ''),
    ]),
  ].join('\n');
}

const checkText = (body: MedicineCheckResponse) =>
  [...body.findings.flatMap((f) => [f.title, f.detail, f.whatToDo]), body.note].join('\n');

const dataset = medicinesCsvPath();

describe(`finder safety on blind cases (${dataset.isPresent ? 'full imported catalogue' : 'starter catalogue only'})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
    if (dataset.isPresent) await importMedicinesCsv(app.database.db, readFileSync(dataset.file, 'utf8'));
  }, 240_000);
  afterAll(() => app?.close());

  it('shows no product unsafe for the person beyond the measured baseline, and says what each case needs', async () => {
    const unsafe: string[] = [];
    const missingGuidance: string[] = [];
    const noProducts: string[] = [];
    const productsOnRedFlag: string[] = [];
    const checkMissed: string[] = [];
    for (const c of CASES) {
      if (c.endpoint === 'recommendations') {
        const res = await app.inject({
          method: 'POST',
          url: '/api/medicines/recommendations',
          payload: c.person ? { symptoms: c.symptoms, person: c.person } : { symptoms: c.symptoms },
        });
        expect(res.statusCode, c.id).toBe(200);
        const body = RecommendationsResponseSchema.parse(res.json());
        const shown = [
          ...body.results.map((r) => ({
            name: r.name,
            list: 'top',
            found: unsafeIn([...r.ingredients, r.composition], c.mustNotShow),
          })),
          ...body.doctorMayPrescribe.map((p) => ({
            name: p.name,
            list: 'doctor may prescribe',
            found: unsafeIn([p.name, ...p.ingredients], c.mustNotShow),
          })),
        ].filter((s) => s.found.length > 0);
        if (shown.length > 0)
          unsafe.push(`${c.id}: ${shown.map((s) => `${s.name} [${s.list}] (${s.found.join(', ')})`).join('; ')}`);
        const missing = missingWords(guidanceText(body), c.mustSay);
        if (missing.length > 0) missingGuidance.push(`${c.id}: none of "${missing.join('", "')}"`);
        if (c.expect === 'products' && body.results.length === 0)
          noProducts.push(`${c.id}: ${body.message ?? 'no message'}`);
        if (c.expect === 'none' && (body.results.length > 0 || body.doctorMayPrescribe.length > 0)) {
          productsOnRedFlag.push(
            `${c.id}: ${[...body.results.map((r) => r.name), ...body.doctorMayPrescribe.map((p) => p.name)].join(', ')}`,
          );
        }
      } else {
        const res = await app.inject({
          method: 'POST',
          url: '/api/medicines/check',
          payload: c.person ? { items: c.items, person: c.person } : { items: c.items },
        });
        expect(res.statusCode, c.id).toBe(200);
        const body = MedicineCheckResponseSchema.parse(res.json());
        const named = new Set(
          body.findings.filter((f) => f.kind !== 'unknown').flatMap((f) => f.medicines.map((m) => m.toLowerCase())),
        );
        const notNamed = c.mustFlag.filter((m) => !named.has(m.toLowerCase()));
        if (notNamed.length > 0) {
          checkMissed.push(
            `${c.id}: no finding names ${notNamed.join(', ')} (found: ${body.findings.map((f) => `${f.kind}/${f.severity} ${f.title}`).join('; ') || 'nothing'})`,
          );
        }
        const missing = missingWords(checkText(body), c.mustSay);
        if (missing.length > 0) missingGuidance.push(`${c.id}: none of "${missing.join('", "')}"`);
      }
    }
    const recommendationCases = CASES.filter((c) => c.endpoint === 'recommendations').length;
    // Printed on purpose: the report this test exists for.
    console.log(
      [
        `Finder safety, ${CASES.length} blind cases (${recommendationCases} finder, ${CASES.length - recommendationCases} check):`,
        `  unsafe product shown: ${unsafe.length}`,
        ...unsafe.map((s) => `    ${s}`),
        `  red flag with products: ${productsOnRedFlag.length}`,
        ...productsOnRedFlag.map((s) => `    ${s}`),
        `  check missed the finding: ${checkMissed.length}`,
        ...checkMissed.map((s) => `    ${s}`),
        `  missing required guidance: ${missingGuidance.length}`,
        ...missingGuidance.map((s) => `    ${s}`),
        `  no products where self-care products were expected: ${noProducts.length}`,
        ...noProducts.map((s) => `    ${s}`),
      ].join('\n'),
    );
    const idOf = (line: string) => line.slice(0, line.indexOf(':'));
    expect(
      unsafe.map(idOf).filter((id) => !BASELINE_UNSAFE.includes(id)),
      'unsafe products beyond the baseline',
    ).toEqual([]);
    expect(
      checkMissed.map(idOf).filter((id) => !BASELINE_CHECK_MISSED.includes(id)),
      'check findings missed beyond the baseline',
    ).toEqual([]);
    expect(productsOnRedFlag, 'a red flag lists products').toEqual([]);
  }, 240_000);
});
