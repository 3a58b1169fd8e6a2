import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CLINICAL_FORMS,
  HEART_COMPAT_KEYS,
  oldKeyOf,
  type ClinicalField,
  type RiskModelSlug,
} from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_INPUTS } from '../../../test/clinical-inputs';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';

/**
 * Public field names are camelCase (decision 034): /api takes and answers only the forms' keys, /compat/* keeps the
 * legacy client's names, and assessments saved under the old names were renamed by migration 0012.
 */

const MIGRATION = path.resolve(import.meta.dirname, '../../db/migrations/0012_camelcase_field_keys.sql');
const MODEL_TESTS = ['heart', 'diabetes', 'cardio', 'liver'] as const satisfies readonly RiskModelSlug[];
const fieldsOf = (test: RiskModelSlug) => CLINICAL_FORMS[test] as readonly ClinicalField[];
/** The cardio guideline's derived BMI was named 'BMI' in findings' `fields`. */
const DERIVED_OLD_KEYS: Partial<Record<RiskModelSlug, Record<string, string>>> = { cardio: { bmi: 'BMI' } };

/** A form's values under the names they had before decision 034. */
function withOldKeys(test: RiskModelSlug, values: Record<string, unknown>): Record<string, unknown> {
  const oldOf = new Map(fieldsOf(test).map((f) => [f.key, oldKeyOf(f)]));
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [oldOf.get(key) ?? key, value]));
}

type StoredRow = { inputs: Record<string, unknown>; result: Record<string, unknown> };

/** A stored row as it was saved before decision 034: every renamed key back to its old name. */
function oldFormatRow(test: RiskModelSlug, row: StoredRow): StoredRow {
  const oldOf = new Map([...fieldsOf(test).map((f) => [f.key, oldKeyOf(f)] as const)]);
  const derived = DERIVED_OLD_KEYS[test] ?? {};
  const old = (key: string) => oldOf.get(key) ?? derived[key] ?? key;
  const { entered, ...values } = row.inputs as { entered?: Record<string, unknown> } & Record<string, unknown>;
  const inputs = withOldKeys(test, values);
  if (entered) inputs.entered = withOldKeys(test, entered);
  const result = structuredClone(row.result) as {
    factors?: { key: string }[];
    guideline?: { fields: string[] }[];
    uncertainty?: { unknownFields: string[] };
  };
  for (const factor of result.factors ?? []) factor.key = old(factor.key);
  for (const finding of result.guideline ?? []) finding.fields = finding.fields.map(old);
  if (result.uncertainty) result.uncertainty.unknownFields = result.uncertainty.unknownFields.map(old);
  return { inputs, result: result as Record<string, unknown> };
}

const jsonb = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`;

describe('public field names: camelCase on /api, the legacy names on /compat (decision 034)', () => {
  let app: TestApp;
  let alice: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp();
    alice = await signUp(app, { name: 'Alice' });
  });
  afterAll(() => app.close());

  const post = (test: string, inputs: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/assessments/${test}`,
      payload: { inputs } as object,
      headers: { cookie: alice.cookie },
    });
  const get = (id: string) =>
    app.inject({ method: 'GET', url: `/api/assessments/${id}`, headers: { cookie: alice.cookie } });
  const storedRow = async (id: string) =>
    (await sql<StoredRow>(app, `select inputs, result from assessments where id = '${id}'`))[0]!;

  it.each(MODEL_TESTS)(
    '%s: a form sent with the old names is a 400 naming each old name as unknown and each new one as missing',
    async (test) => {
      const res = await post(test, withOldKeys(test, VALID_INPUTS[test]));
      expect(res.statusCode).toBe(400);
      const errors = (res.json() as { errors: { field: string; rule: string }[] }).errors;
      const renamed = fieldsOf(test).filter((f) => oldKeyOf(f) !== f.key && f.key in VALID_INPUTS[test]);
      expect(renamed.length).toBeGreaterThan(0);
      for (const field of renamed) {
        expect(errors).toContainEqual(
          expect.objectContaining({ field: `inputs.${oldKeyOf(field)}`, rule: 'unknown_field' }),
        );
        expect(errors).toContainEqual(expect.objectContaining({ field: `inputs.${field.key}`, rule: 'required' }));
      }
    },
  );

  it('the compat routes still take the legacy names, and predict as /api does for the same values', async () => {
    const heartRecord = Object.fromEntries(
      Object.entries(HEART_COMPAT_KEYS).map(([name, key]) => [name, VALID_INPUTS.heart[key]]),
    );
    const records = [
      ['predict1', 'heart', heartRecord],
      ['predict2', 'diabetes', withOldKeys('diabetes', { ...VALID_INPUTS.diabetes, insulin: 0 })],
      ['predict3', 'cardio', withOldKeys('cardio', VALID_INPUTS.cardio)],
      ['predict6', 'liver', withOldKeys('liver', VALID_INPUTS.liver)],
    ] as const;
    expect(Object.keys(heartRecord)).toContain('Chest pain type');
    for (const [route, test, record] of records) {
      const compat = await app.inject({ method: 'POST', url: `/compat/${route}`, payload: [record] });
      expect(compat.statusCode, `${route}: ${compat.body}`).toBe(200);
      const api = await post(test, VALID_INPUTS[test]);
      expect(api.statusCode).toBe(201);
      const result = (api.json() as { assessment: { result: { prediction: number } } }).assessment.result;
      expect(compat.json(), route).toEqual({ prediction: [result.prediction] });
    }
  });

  it('a compat record with a wrong value still names the field by its legacy name', async () => {
    const record = withOldKeys('liver', { ...VALID_INPUTS.liver, directBilirubin: 2 });
    const res = await app.inject({ method: 'POST', url: '/compat/predict6', payload: [record] });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: { field: string }[] }).errors).toEqual([
      expect.objectContaining({ field: 'Direct_Bilirubin', rule: 'custom' }),
    ]);
  });

  it('migration 0012: a row saved with the old names reads back with the new ones, as a fresh one does', async () => {
    const forms: [RiskModelSlug, Record<string, unknown>][] = [
      // nulls: the result has an uncertainty naming the unknown answers
      ['heart', { ...VALID_INPUTS.heart, maxHr: null, thallium: null }],
      // glucose in mmol/L (stored under inputs.entered) and an HbA1c finding
      ['diabetes', { ...VALID_INPUTS.diabetes, glucose: { value: 7.8, unit: 'mmol/L' }, hba1c: 7.1, waist: 102 }],
      // the derived BMI finding and the optional score answers
      ['cardio', { ...VALID_INPUTS.cardio, totalCholesterol: 232, hdlCholesterol: 48, diabetes: 0, bpMedicine: 0 }],
      ['liver', { ...VALID_INPUTS.liver, totalBilirubin: { value: 17, unit: 'µmol/L' } }],
    ];
    const saved: { test: RiskModelSlug; id: string; response: unknown; row: StoredRow }[] = [];
    for (const [test, inputs] of forms) {
      const res = await post(test, inputs);
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { assessment: { id: string } }).assessment.id;
      saved.push({ test, id, response: (await get(id)).json(), row: await storedRow(id) });
    }
    const [heart, diabetes, cardio] = saved;
    expect((heart!.row.result.uncertainty as { unknownFields: string[] }).unknownFields).toContain('maxHr');
    expect(diabetes!.row.inputs.entered).toEqual({ glucose: { value: 7.8, unit: 'mmol/L' } });
    const cardioFields = (cardio!.row.result.guideline as { fields: string[] }[]).flatMap((g) => g.fields);
    expect(cardioFields).toContain('bmi');

    for (const { test, id, row } of saved) {
      const old = oldFormatRow(test, row);
      expect(JSON.stringify(old)).not.toEqual(JSON.stringify(row));
      await sql(
        app,
        `update assessments set inputs = ${jsonb(old.inputs)}, result = ${jsonb(old.result)} where id = '${id}'`,
      );
    }
    const oldDiabetes = await storedRow(diabetes!.id);
    expect(oldDiabetes.inputs).toMatchObject({ Glucose: 141, HbA1c: 7.1, entered: { Glucose: { unit: 'mmol/L' } } });

    await sql(app, readFileSync(MIGRATION, 'utf8'));

    for (const { id, response, row } of saved) {
      expect(await storedRow(id)).toEqual(row);
      const res = await get(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(response);
    }
    // run again, it changes nothing
    await sql(app, readFileSync(MIGRATION, 'utf8'));
    for (const { id, row } of saved) expect(await storedRow(id)).toEqual(row);
  });
});
