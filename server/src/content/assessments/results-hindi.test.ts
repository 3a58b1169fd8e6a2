import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CLINICAL_FORMS,
  CLINICAL_TEST_SLUGS,
  IMAGE_MODEL_IDS,
  optionsOf,
  type ClinicalField,
} from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { readsInHindi } from '../../../test/hindi-check';
import { GUIDELINES, loadGuidelinesHindi } from '../clinical/guidelines';
import { IMAGE_TRIAGE_HINDI_FILE, imageTriage, loadImageTriageHindi } from '../image-triage';
import { loadSkinChecklistHindi, skinChecklist } from '../skin-checklist';
import { loadRiskScores } from '../risk-scores';
import { loadClinicalFieldsHindi } from './clinical-fields';
import { loadRiskScoresHindi } from './risk-scores-hindi';

/**
 * The Hindi a result page is built from, held to its English as translations.test.ts holds the other
 * content: every text translated (Devanagari, or only numbers, units and names), every number of the English kept,
 * the same placeholders; the loaders refuse a missing or orphan entry (checked at load).
 */
const numbersOf = (text: string) => (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replaceAll(',', '')).sort();
const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The Hindi keeps every number of the English (as often), holds Devanagari and the same placeholders. */
function expectTranslated(english: string, hindi: string, where: string) {
  const hindiNumbers = numbersOf(hindi);
  for (const n of numbersOf(english)) {
    const index = hindiNumbers.indexOf(n);
    expect(index, `${where}: ${n} missing in "${hindi}"`).toBeGreaterThanOrEqual(0);
    hindiNumbers.splice(index, 1);
  }
  expect(placeholdersOf(hindi), where).toEqual(placeholdersOf(english));
  expect(readsInHindi(hindi.replace(/\{\w+\}/g, '')), `${where}: "${hindi}"`).toBe(true);
}

describe('the Hindi of the result pages', () => {
  it('guideline rules: every rule and derived field, with the numbers of its English', () => {
    const hindi = loadGuidelinesHindi();
    for (const rule of GUIDELINES.rules) {
      const hi = hindi.rules[rule.id]!;
      for (const part of ['title', 'referenceRange', 'explanation', 'nextStep'] as const)
        expectTranslated(rule[part], hi[part], `${rule.id}.${part}`);
    }
    for (const d of GUIDELINES.derived) expectTranslated(d.label, hindi.derived[`${d.test}.${d.key}`]!, d.key);
  });

  it('validated scores: names, bands, steps and advice, with the numbers of their English', () => {
    const en = loadRiskScores();
    const hi = loadRiskScoresHindi();
    const pairs: [string, string, string][] = [];
    for (const id of ['who', 'pce', 'findrisc', 'idrs'] as const) {
      pairs.push([en[id].name, hi[id].name, `${id}.name`], [en[id].outcome, hi[id].outcome, `${id}.outcome`]);
      for (const band of en[id].riskBands) {
        const words = hi[id].riskBands[band.level]!;
        pairs.push([band.label, typeof words === 'string' ? words : words.label, `${id}.${band.level}`]);
      }
    }
    for (const band of en.findrisc.riskBands)
      pairs.push([band.words, hi.findrisc.riskBands[band.level]!.words, `findrisc.${band.level}.words`]);
    pairs.push([en.pce.note, hi.pce.note, 'pce.note'], [en.idrs.note, hi.idrs.note, 'idrs.note']);
    for (const [key, text] of Object.entries(hi.who.lower))
      pairs.push([en.who.lower[key as keyof typeof hi.who.lower], text, `who.lower.${key}`]);
    for (const [key, text] of Object.entries(hi.findrisc.lower))
      pairs.push([en.findrisc.lower[key as keyof typeof hi.findrisc.lower], text, `findrisc.lower.${key}`]);
    for (const id of ['who', 'findrisc', 'idrs'] as const)
      for (const [level, step] of Object.entries(en[id].nextSteps))
        pairs.push([
          step!.text,
          hi[id].nextSteps[level as keyof (typeof hi)[typeof id]['nextSteps']]!,
          `${id}.${level}`,
        ]);
    for (const [english, hindi, where] of pairs) expectTranslated(english, hindi, where);
    expect(hi.models.diabetes.population).toMatch(/भारत/);
  });

  it('the forms: every field and option of every clinical test, with the numbers of its English label', () => {
    const hi = loadClinicalFieldsHindi();
    for (const test of CLINICAL_TEST_SLUGS) {
      for (const field of CLINICAL_FORMS[test] as readonly ClinicalField[]) {
        const h = hi.fields[test][field.key]!;
        expectTranslated(field.label, h.label, `${test}.${field.key}`);
        for (const o of optionsOf(field)) expect(readsInHindi(h.options![String(o.value)]!), o.label).toBe(true);
      }
    }
    for (const name of Object.values(hi.tests)) expect(readsInHindi(name), name).toBe(true);
  });

  it('the sentences of the server catalogues: each key in Hindi, with the numbers and placeholders of its English', () => {
    for (const file of ['assessments', 'clinical']) {
      const read = (language: string) =>
        JSON.parse(readFileSync(new URL(`../../locales/${language}/${file}.json`, import.meta.url), 'utf8')) as Record<
          string,
          string
        >;
      const en = read('en');
      const hi = read('hi');
      expect(Object.keys(hi).sort(), file).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) expectTranslated(english, hi[key]!, `${file}: ${key}`);
    }
  });

  it('image triage: the words of every model and every class of its card, with the numbers of the English', () => {
    const cards = Object.fromEntries(
      IMAGE_MODEL_IDS.map((id) => {
        const card = JSON.parse(
          readFileSync(path.resolve(import.meta.dirname, '../../../models', id, 'card.json'), 'utf8'),
        ) as { classes: { key: string; label: string }[] };
        return [id, card.classes];
      }),
    );
    const hindi = loadImageTriageHindi(
      IMAGE_TRIAGE_HINDI_FILE,
      Object.fromEntries(IMAGE_MODEL_IDS.map((id) => [id, cards[id]!.map((c) => c.key)])),
    );
    const english = imageTriage();
    for (const id of IMAGE_MODEL_IDS) {
      const en = english.models[id];
      const hi = hindi.models[id];
      expectTranslated(en.question, hi.question, `${id}.question`);
      expectTranslated(en.testSetInWords, hi.testSetInWords, `${id}.testSetInWords`);
      for (const level of ['refer', 'unsure', 'routine'] as const) {
        expectTranslated(en.levels[level].headline, hi.levels[level].headline, `${id}.${level}.headline`);
        expectTranslated(en.levels[level].nextStep, hi.levels[level].nextStep, `${id}.${level}.nextStep`);
      }
      for (const c of cards[id]!) expectTranslated(c.label, hi.classLabels[c.key]!, `${id}.${c.key}`);
    }
  });

  it('the skin checklist: every item and step, with the numbers of the English', () => {
    const en = skinChecklist();
    const hi = loadSkinChecklistHindi();
    expectTranslated(en.why, hi.why, 'why');
    expectTranslated(en.notSure, hi.notSure, 'notSure');
    for (const item of en.items) {
      expectTranslated(item.question, hi.items[item.key]!.question, `${item.key}.question`);
      expectTranslated(item.help, hi.items[item.key]!.help, `${item.key}.help`);
    }
    for (const step of ['atOrAbove', 'below'] as const) {
      expectTranslated(en[step].headline, hi[step].headline, `${step}.headline`);
      expectTranslated(en[step].nextStep, hi[step].nextStep, `${step}.nextStep`);
    }
  });
});
