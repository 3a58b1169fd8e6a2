import { describe, expect, it } from 'vitest';
import {
  CARDIO_COMPAT_KEYS,
  CLINICAL_FORMS,
  DIABETES_COMPAT_KEYS,
  HEART_COMPAT_KEYS,
  LIVER_COMPAT_KEYS,
  oldKeyOf,
  RISK_MODEL_SLUGS,
  TREND_SERIES,
  type ClinicalField,
} from './index';

/** camelCase: a lower-case letter, then letters and digits ('chestPainType', 'hba1c', 'fbsOver120'). */
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;
const forms = Object.entries(CLINICAL_FORMS) as [string, readonly ClinicalField[]][];

describe('public field names (decision 034)', () => {
  it.each(forms)('every key of the %s form is camelCase', (_slug, fields) => {
    expect(fields.map((f) => f.key).filter((key) => !CAMEL_CASE.test(key))).toEqual([]);
  });

  it('every key a trend shows is camelCase and a field of its form', () => {
    for (const [slug, series] of Object.entries(TREND_SERIES)) {
      const keys = CLINICAL_FORMS[slug as keyof typeof CLINICAL_FORMS].map((f: ClinicalField) => f.key);
      for (const { key } of series) {
        expect(key, `${slug} ${key}`).toMatch(CAMEL_CASE);
        expect(keys, slug).toContain(key);
      }
    }
  });

  it.each(forms)('the %s form names each old key and each model column once', (_slug, fields) => {
    const oldKeys = fields.map(oldKeyOf);
    expect(new Set(oldKeys).size).toBe(oldKeys.length);
    const columns = fields.flatMap((f) => (f.modelColumn ? [f.modelColumn] : []));
    expect(new Set(columns).size).toBe(columns.length);
    // A field is either a model feature (modelColumn) or one no model reads (legacyKey, where renamed): not both.
    expect(fields.filter((f) => f.modelColumn && f.legacyKey)).toEqual([]);
  });

  it('only the model tests have model columns; every required field of theirs is a feature', () => {
    for (const [slug, fields] of forms) {
      const isModel = (RISK_MODEL_SLUGS as readonly string[]).includes(slug);
      for (const field of fields) {
        if (!isModel || field.optional) expect(field.modelColumn, `${slug} ${field.key}`).toBeUndefined();
        else expect(field.modelColumn, `${slug} ${field.key}`).toBeTypeOf('string');
      }
    }
  });

  it('the compat tables map the legacy names onto the form keys, every field once', () => {
    const tables = [
      [HEART_COMPAT_KEYS, 'heart'],
      [DIABETES_COMPAT_KEYS, 'diabetes'],
      [CARDIO_COMPAT_KEYS, 'cardio'],
      [LIVER_COMPAT_KEYS, 'liver'],
    ] as const;
    for (const [table, slug] of tables) {
      const keys: string[] = CLINICAL_FORMS[slug].map((f: ClinicalField) => f.key);
      expect(Object.values(table).sort(), slug).toEqual([...keys].sort());
    }
    expect(HEART_COMPAT_KEYS['Chest pain type']).toBe('chestPainType');
    expect(DIABETES_COMPAT_KEYS.DiabetesPedigreeFunction).toBe('diabetesPedigreeFunction');
    expect(DIABETES_COMPAT_KEYS.HbA1c).toBe('hba1c');
    expect(CARDIO_COMPAT_KEYS.TOTAL_CHOLESTEROL).toBe('totalCholesterol');
    expect(LIVER_COMPAT_KEYS.Total_Protiens).toBe('totalProteins');
  });
});
