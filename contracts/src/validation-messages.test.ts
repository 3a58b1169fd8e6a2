import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES, LanguageSchema } from './language';
import { validationMessageOf, type ValidationIssue } from './validation-messages';
import { OtpCodeSchema, PasswordSchema, EmailSchema } from './auth';

const dir = path.join(import.meta.dirname, 'locales');
const read = (language: string, ns: string) =>
  JSON.parse(readFileSync(path.join(dir, language, `${ns}.json`), 'utf8')) as Record<string, string>;
const argumentsOf = (message: string) => [...message.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]).sort();

const issueOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected an issue');
  return result.error.issues[0] as unknown as ValidationIssue;
};

describe('the validation catalogue (web forms and API problems)', () => {
  it('has the same files, keys and placeholders in every language, each message plain {name} placeholders', () => {
    const files = readdirSync(path.join(dir, 'en')).sort();
    for (const language of LANGUAGES) expect(readdirSync(path.join(dir, language)).sort()).toEqual(files);
    for (const file of files) {
      const ns = file.replace(/\.json$/, '');
      const english = read('en', ns);
      for (const language of LANGUAGES) {
        const messages = read(language, ns);
        expect(Object.keys(messages).sort(), `${language}/${ns}`).toEqual(Object.keys(english).sort());
        for (const [key, message] of Object.entries(messages)) {
          expect(message.trim(), `${language}/${ns} ${key}`).not.toBe('');
          expect(argumentsOf(message), `${language}/${ns} ${key}`).toEqual(argumentsOf(english[key] ?? ''));
          // The server fills them without an ICU parser (decision 039): no plural, select or number formats.
          expect(message, `${language}/${ns} ${key}`).not.toMatch(/\{\s*\w+\s*,/);
        }
      }
    }
  });

  it('maps the shared schemas’ issues to messages, and every key it can name is in the catalogue', () => {
    const english = read('en', 'validation');
    const cases: [z.ZodType, unknown, string, Record<string, unknown>][] = [
      [PasswordSchema, 'short', 'validation.tooShort', { minimum: 8 }],
      [PasswordSchema, 'x'.repeat(500), 'validation.tooLong', { maximum: expect.any(Number) }],
      [EmailSchema, 'not-an-address', 'validation.email', {}],
      [OtpCodeSchema, '12', 'validation.digits', { count: '6' }],
      [LanguageSchema, 'xx', 'validation.oneOf', { options: 'en, hi' }],
      [z.number().min(1), 0, 'validation.tooSmall', { minimum: 1 }],
      [z.number(), 'seven', 'validation.number', {}],
      [z.string().min(1), '', 'validation.required', {}],
    ];
    for (const [schema, value, key, values] of cases) {
      const found = validationMessageOf(issueOf(schema, value));
      expect(found).toEqual({ key, values });
      expect(english[key]).toBeDefined();
    }
    expect(validationMessageOf({ code: 'custom', message: 'anything' })).toBeUndefined();
  });
});
