import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUE } from '@medibuddy/contracts/catalogue';
import {
  ASK_A_PHARMACIST,
  CONDITION_LABELS,
  COUNTRY_LABELS,
  HEALTH_DATA_CONSENT_TEXT,
  IMAGE_NEEDED_BY_TEST,
  MEDICINES_DISCLAIMER,
  MEDICINES_SOURCES_NOTE,
  SALE_CLASS_LABELS,
  SKIN_CHECKLIST_ANSWER_LABELS,
  TRIAGE_HEADLINES,
  TRIAGE_LEVELS,
} from '@medibuddy/contracts/forms';
import { describe, expect, it } from 'vitest';
import {
  CLINICAL_FORMS,
  CLINICAL_TEST_SLUGS,
  NORMALISED_VALUES_MESSAGE,
  optionsOf,
  type ClinicalField,
} from '@medibuddy/contracts';
import { compileCatalogue } from '../../build/catalogues';
import { fieldMessageKeys } from '../features/assessments/clinical-test-copy';
import { activateLanguage, LANGUAGES, loadCatalogues, NAMESPACES, t } from '../lib/i18n';

/** The catalogues as translators write them (decision 032): src/locales/<language>/<namespace>.json. */
const dir = import.meta.dirname;
const read = (language: string, ns: string) =>
  JSON.parse(readFileSync(path.join(dir, language, `${ns}.json`), 'utf8')) as Record<string, unknown>;

/** The names of an ICU message's arguments ({name}, {count, plural, …}). */
const argumentsOf = (message: string) => [...message.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('has one file per namespace in every language, and no other', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(path.join(dir, language)).sort();
      expect(files, language).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every key in both languages, each a non-empty string with the same placeholders`, () => {
      const english = read('en', ns);
      const hindi = read('hi', ns);
      expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(english)) {
        for (const [language, message] of [
          ['en', value],
          ['hi', hindi[key]],
        ] as const) {
          expect(typeof message, `${language}/${ns} ${key}`).toBe('string');
          expect(String(message).trim(), `${language}/${ns} ${key}`).not.toBe('');
        }
        expect(argumentsOf(String(hindi[key])), `hi/${ns} ${key}`).toEqual(argumentsOf(String(value)));
      }
    });

    it(`${ns}: compiles as ICU messages in both languages`, () => {
      for (const language of LANGUAGES) {
        const source = readFileSync(path.join(dir, language, `${ns}.json`), 'utf8');
        expect(() => compileCatalogue(source, `${language}/${ns}`)).not.toThrow();
      }
    });
  }

  it('a key is namespaced once: no key in two files of a language', () => {
    const seen = new Map<string, string>();
    for (const ns of NAMESPACES) {
      for (const key of Object.keys(read('en', ns))) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${ns}`).toBeUndefined();
        seen.set(key, ns);
      }
    }
  });

  it("keeps the English test names and descriptions the contracts' catalogue has", () => {
    const english = read('en', 'catalogue');
    for (const test of CATALOGUE) {
      expect(english[`test.${test.slug}.name`]).toBe(test.name);
      expect(english[`test.${test.slug}.description`]).toBe(test.description);
    }
  });

  it("keeps the English words of the contracts' texts the symptom check shows", () => {
    const english = read('en', 'triage');
    expect(english['triage.consentText']).toBe(HEALTH_DATA_CONSENT_TEXT);
    for (const level of TRIAGE_LEVELS) expect(english[`triage.level.${level}`]).toBe(TRIAGE_HEADLINES[level]);
  });

  it("keeps the English words of the contracts' texts the medicine finder shows", () => {
    const english = read('en', 'medicines');
    expect(english['medicines.disclaimer']).toBe(MEDICINES_DISCLAIMER);
    expect(english['medicines.sourcesNote']).toBe(MEDICINES_SOURCES_NOTE);
    expect(english['card.askPharmacist']).toBe(ASK_A_PHARMACIST);
    for (const [key, label] of Object.entries(CONDITION_LABELS)) expect(english[`condition.${key}`]).toBe(label);
    for (const [key, label] of Object.entries(COUNTRY_LABELS)) expect(english[`country.${key}`]).toBe(label);
    for (const [key, label] of Object.entries(SALE_CLASS_LABELS)) expect(english[`saleClass.${key}`]).toBe(label);
  });

  it('the Hindi catalogue is Hindi: every namespace has Devanagari text', () => {
    for (const ns of NAMESPACES) {
      const devanagari = Object.values(read('hi', ns)).filter((m) => /[\u0900-\u097F]/.test(String(m)));
      expect(devanagari.length, ns).toBeGreaterThan(Object.keys(read('hi', ns)).length / 2);
    }
  });

  it('reads a Hindi message with its values through the loaded catalogue', async () => {
    await loadCatalogues('hi', ['common']);
    activateLanguage('hi');
    try {
      expect(t('validation.tooShort', { label: 'पासवर्ड', minimum: 8 })).toBe('पासवर्ड में कम से कम 8 अक्षर होने चाहिए।');
    } finally {
      activateLanguage('en');
    }
    expect(t('validation.tooShort', { label: 'Password', minimum: 8 })).toBe('Password must be at least 8 characters.');
  });

  it("keeps the English words of the contracts' clinical fields and texts the test forms show", () => {
    const english = read('en', 'tests');
    for (const slug of CLINICAL_TEST_SLUGS) {
      for (const field of CLINICAL_FORMS[slug] as readonly ClinicalField[]) {
        const keys = fieldMessageKeys(slug, field);
        expect(english[keys.label], keys.label).toBe(field.label);
        if (keys.help) expect(english[keys.help], keys.help).toBe(field.help);
        optionsOf(field).forEach((option, index) => {
          expect(english[keys.options[index]!], keys.options[index]).toBe(option.label);
        });
      }
    }
    expect(english['tests.consent.text']).toBe(HEALTH_DATA_CONSENT_TEXT);
    expect(english['tests.error.labUnits']).toBe(NORMALISED_VALUES_MESSAGE);
  });

  it("keeps the English words of the contracts' texts the image tests show", () => {
    const english = read('en', 'images');
    for (const [slug, needed] of Object.entries(IMAGE_NEEDED_BY_TEST))
      expect(english[`images.${slug}.needed`]).toBe(needed);
    for (const [answer, label] of Object.entries(SKIN_CHECKLIST_ANSWER_LABELS))
      expect(english[`images.answer.${answer}`]).toBe(label);
    expect(english['images.consent.text']).toBe(HEALTH_DATA_CONSENT_TEXT);
  });
});
