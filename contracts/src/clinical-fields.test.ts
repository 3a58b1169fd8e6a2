import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ClinicalFieldSchema,
  defaultsFor,
  formatFieldValue,
  formSchemaFor,
  keepEntered,
  optionsMessage,
  rangeMessage,
  type ClinicalField,
} from './clinical-fields';

const FIELDS = [
  { key: 'age', label: 'Age', unit: 'years', type: 'integer', min: 1, max: 120, default: 50 },
  { key: 'hemoglobin', label: 'Hemoglobin', unit: 'g/dL', type: 'decimal', min: 3, max: 25, step: 0.1, default: 14 },
  {
    key: 'chestPain',
    label: 'Chest pain type',
    type: 'code',
    options: [
      { value: 1, label: 'Typical Angina' },
      { value: 2, label: 'Atypical Angina' },
      { value: 3, label: 'Non-Anginal Pain' },
      { value: 4, label: 'Asymptomatic' },
    ],
  },
  { key: 'exerciseAngina', label: 'Exercise angina', type: 'yesno' },
] as const satisfies readonly ClinicalField[];

const schema = formSchemaFor(FIELDS);
const valid = { age: 54, hemoglobin: 13.2, chestPain: 2, exerciseAngina: 0 };

function issues(input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message }));
}

describe('formSchemaFor', () => {
  it('accepts JSON numbers and returns them unchanged', () => {
    expect(schema.parse(valid)).toEqual(valid);
  });

  it('accepts numeric text from the compatibility client, trimmed', () => {
    expect(schema.parse({ age: '54', hemoglobin: ' 13.2 ', chestPain: '2', exerciseAngina: '0' })).toEqual(valid);
    expect(schema.parse({ ...valid, hemoglobin: '.5e1' }).hemoglobin).toBe(5);
  });

  it('does not read empty, hexadecimal, comma-decimal or boolean input as numbers', () => {
    for (const bad of ['', '  ', '0x10', '12,5', 'abc', 'Infinity', true, null, [], {}]) {
      expect(issues({ ...valid, hemoglobin: bad })).toEqual([
        { path: 'hemoglobin', code: 'invalid_type', message: 'must be a number' },
      ]);
    }
    expect(issues({ ...valid, hemoglobin: Number.NaN })[0]?.message).toBe('must be a number');
  });

  it('requires every field', () => {
    expect(issues({})).toEqual(
      ['age', 'hemoglobin', 'chestPain', 'exerciseAngina'].map((path) => ({
        path,
        code: 'invalid_type',
        message: 'is required',
      })),
    );
  });

  it('rejects unknown fields', () => {
    expect(issues({ ...valid, Total: 3 })).toEqual([
      { path: '', code: 'unrecognized_keys', message: expect.stringContaining('Total') },
    ]);
  });

  it('requires whole numbers for integer fields, also when sent as text', () => {
    expect(issues({ ...valid, age: 54.5 })).toEqual([
      { path: 'age', code: 'invalid_type', message: 'must be a whole number' },
    ]);
    expect(issues({ ...valid, age: '2.4' })[0]?.message).toBe('must be a whole number');
  });

  it('checks ranges inclusively, with the unit and the field’s decimals in the message', () => {
    expect(issues({ ...valid, hemoglobin: 3 })).toEqual([]);
    expect(issues({ ...valid, hemoglobin: 25 })).toEqual([]);
    expect(issues({ ...valid, hemoglobin: 2.9 })).toEqual([
      { path: 'hemoglobin', code: 'too_small', message: 'must be between 3.0 and 25.0 g/dL' },
    ]);
    expect(issues({ ...valid, hemoglobin: 135 })[0]?.message).toBe('must be between 3.0 and 25.0 g/dL');
    expect(issues({ ...valid, age: 0 })[0]?.message).toBe('must be between 1 and 120 years');
  });

  it('accepts only a coded field’s options, listing them in the message', () => {
    expect(issues({ ...valid, chestPain: 4 })).toEqual([]);
    expect(issues({ ...valid, chestPain: 0 })).toEqual([
      {
        path: 'chestPain',
        code: 'custom',
        message: 'must be one of 1 (Typical Angina), 2 (Atypical Angina), 3 (Non-Anginal Pain), 4 (Asymptomatic)',
      },
    ]);
    expect(issues({ ...valid, chestPain: 1.5 })[0]?.path).toBe('chestPain');
  });

  it('codes yes/no as Yes=1, No=0', () => {
    expect(issues({ ...valid, exerciseAngina: 1 })).toEqual([]);
    expect(issues({ ...valid, exerciseAngina: 2 })).toEqual([
      { path: 'exerciseAngina', code: 'custom', message: 'must be one of 1 (Yes), 0 (No)' },
    ]);
  });

  it('reports every bad field at once', () => {
    expect(issues({ age: -1, hemoglobin: 'x', chestPain: 9 }).map((i) => i.path)).toEqual([
      'age',
      'hemoglobin',
      'chestPain',
      'exerciseAngina',
    ]);
  });

  it('documents units, ranges and codes in the JSON Schema the OpenAPI document is built from', () => {
    const json = z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, unknown>; required: string[] };
    expect(json.required).toEqual(['age', 'hemoglobin', 'chestPain', 'exerciseAngina']);
    expect(json.properties.hemoglobin).toEqual({
      type: 'number',
      minimum: 3,
      maximum: 25,
      description: 'Hemoglobin (g/dL)',
    });
    expect(json.properties.exerciseAngina).toEqual({
      type: 'number',
      enum: [1, 0],
      description: 'Exercise angina: 1 Yes, 0 No',
    });
    expect(json).toMatchObject({ additionalProperties: false });
  });

  it('refuses a form that defines a key twice', () => {
    expect(() => formSchemaFor([FIELDS[0], FIELDS[0]])).toThrow(/defined twice/);
  });
});

describe('field helpers', () => {
  it('describes every field with the shared schema', () => {
    for (const field of FIELDS) expect(ClinicalFieldSchema.parse(field)).toEqual(field);
  });

  it('collects the defaults for prefilling a form', () => {
    expect(defaultsFor(FIELDS)).toEqual({ age: 50, hemoglobin: 14 });
  });

  it('formats values with the decimals of the step', () => {
    expect(formatFieldValue({ type: 'decimal', step: 0.1 }, 3)).toBe('3.0');
    expect(formatFieldValue({ type: 'decimal', step: 0.01 }, 4.7)).toBe('4.70');
    expect(formatFieldValue({ type: 'decimal', step: 1 }, 150)).toBe('150');
    expect(formatFieldValue({ type: 'decimal' }, 2.25)).toBe('2.25');
    expect(formatFieldValue({ type: 'integer', step: 1 }, 7)).toBe('7');
  });

  it('words one-sided ranges too', () => {
    expect(rangeMessage({ key: 'a', label: 'A', type: 'integer', min: 0 })).toBe('must be at least 0');
    expect(rangeMessage({ key: 'a', label: 'A', type: 'decimal', max: 5, step: 0.5, unit: 'mm' })).toBe(
      'must be at most 5.0 mm',
    );
    expect(rangeMessage({ key: 'a', label: 'A', type: 'decimal' })).toBeUndefined();
    expect(rangeMessage({ key: 'a', label: 'A', type: 'integer', min: 0, max: 20, unit: 'count' })).toBe(
      'must be between 0 and 20',
    ); // a count has no unit
    expect(optionsMessage({ key: 'a', label: 'A', type: 'yesno' })).toBe('must be one of 1 (Yes), 0 (No)');
  });

  it('leaves a field without a range unbounded', () => {
    const open = formSchemaFor([{ key: 'x', label: 'X', type: 'decimal' }]);
    expect(open.parse({ x: -1e6 })).toEqual({ x: -1e6 });
  });
});

describe('an optional field (a value only some people know, read by no model)', () => {
  const fields = [
    { key: 'age', label: 'Age', unit: 'years', type: 'integer', min: 1, max: 120 },
    {
      key: 'hba1c',
      label: 'HbA1c',
      unit: '%',
      type: 'decimal',
      min: 3,
      max: 20,
      step: 0.1,
      notMeasured: true,
      optional: true,
      otherUnit: { unit: 'mmol/mol', upTo: 200, offset: 23.5, scale: 0.0915 },
    },
  ] as const satisfies readonly ClinicalField[];
  const form = formSchemaFor(fields).transform(keepEntered);

  it('may be left out or sent as null, and then is not in the values at all', () => {
    expect(form.parse({ age: 50 })).toEqual({ age: 50 });
    const fromNull = form.parse({ age: 50, hba1c: null });
    expect(fromNull).toEqual({ age: 50 });
    expect('hba1c' in fromNull).toBe(false);
    expect(form.parse({ age: 50, hba1c: '7.1' })).toEqual({ age: 50, hba1c: 7.1 });
  });

  it('is still checked when entered: its range, and a value in its other unit named as such', () => {
    const issue = (hba1c: unknown) => form.safeParse({ age: 50, hba1c }).error?.issues[0];
    expect(issue(48)).toMatchObject({
      path: ['hba1c'],
      code: 'too_big',
      message: 'must be between 3.0 and 20.0 %; 48 looks like mmol/mol, which is about 6.5 %: enter the value in %',
    });
    expect(issue(201)).toMatchObject({ code: 'too_big', message: 'must be between 3.0 and 20.0 %' });
    expect(issue(2.9)).toMatchObject({ code: 'too_small', message: 'must be between 3.0 and 20.0 %' });
    expect(issue('abc')).toMatchObject({ message: 'must be a number' });
  });

  it('leaves the other fields required', () => {
    expect(form.safeParse({ hba1c: 6 }).error?.issues[0]).toMatchObject({ path: ['age'], message: 'is required' });
  });
});
