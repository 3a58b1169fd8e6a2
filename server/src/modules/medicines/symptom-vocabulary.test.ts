import { detectRedFlags } from '@medibuddy/contracts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ContentFileError } from '../../content/content-file';
import {
  ingredientKeyOf,
  ingredientsOf,
  inferPrescriptionStatus,
  productFormOf,
  solidUnitOf,
  unitStrengthsOf,
} from './ingredients';
import { tsqueryText } from './symptom-query';
import {
  entriesFor,
  parseSymptomVocabulary,
  suggestSymptoms,
  SYMPTOM_VOCABULARY,
  SYMPTOM_VOCABULARY_FILE,
} from '../../content/symptom-vocabulary';

const labelsFor = (text: string) => entriesFor(text).map((e) => e.label);

describe('symptom vocabulary', () => {
  it('reads plain words, medical words and dataset names as one symptom', () => {
    expect(labelsFor('rhinitis')).toEqual(['Runny nose']);
    expect(labelsFor('Runny Nose')).toEqual(['Runny nose']);
    expect(labelsFor('runny_nose')).toEqual(['Runny nose']);
    expect(labelsFor('GERD')).toEqual(['Heartburn']);
    expect(labelsFor('acidity')).toEqual(['Heartburn']);
    expect(labelsFor('pyrexia')).toEqual(['Fever']);
    expect(labelsFor('continuous_sneezing')).toEqual(['Sneezing']);
    expect(labelsFor('diarrhea')).toEqual(['Diarrhoea']);
  });

  it('finds symptoms inside a sentence, keeping the most specific', () => {
    expect(labelsFor('pain in my lower back')).toEqual(['Back pain']);
    expect(labelsFor('my nose is runny')).toEqual(['Runny nose']);
    expect(labelsFor('bad dry cough')).toEqual(['Dry cough']);
    expect(labelsFor('blocked nose and sore throat').sort()).toEqual(['Blocked nose', 'Sore throat']);
    expect(labelsFor('xylophone')).toEqual([]);
  });

  it('holds no red-flag symptom: those get an emergency notice, never a medicine', () => {
    for (const entry of SYMPTOM_VOCABULARY) {
      for (const name of [entry.label, ...entry.synonyms]) expect(detectRedFlags(name), name).toEqual([]);
    }
  });

  it('builds a full-text query with phrases and exclusions', () => {
    expect(tsqueryText(entriesFor('fever'))).toBe(
      '(fever) & !((hay <-> fever) | (typhoid <-> fever) | (rheumatic <-> fever) | (yellow <-> fever) | (fever <-> blisters) | (fever <-> blister))',
    );
    expect(tsqueryText(entriesFor('rhinitis'))).toContain('(runny <-> nose)');
    // Only plain words reach to_tsquery: no operator can come from the vocabulary.
    for (const entry of SYMPTOM_VOCABULARY) expect(tsqueryText([entry])).toMatch(/^[a-z0-9 ()|&!<>-]+$/);
  });

  it('suggests labels for what is typed, starting matches first', () => {
    expect(suggestSymptoms('he')[0]).toEqual({ label: 'Headache' });
    expect(suggestSymptoms('dysm')).toEqual([{ label: 'Period pain', matchedName: 'dysmenorrhoea' }]);
    expect(suggestSymptoms('x'.repeat(5))).toEqual([]);
    expect(suggestSymptoms('').map((s) => s.label)).toContain('Headache');
  });
});

describe('ingredients and prescription status of imported products', () => {
  it('normalises compositions: strengths, salts and spellings', () => {
    expect(ingredientsOf('Amoxycillin  (500mg) +  Clavulanic Acid (125mg)')).toEqual([
      'amoxicillin',
      'clavulanic acid',
    ]);
    expect(ingredientsOf('Escitalopram Oxalate (10mg)')).toEqual(['escitalopram']);
    expect(ingredientsOf('Ferrous Fumarate (100mg) + Folic Acid (1.5mg)')).toEqual(['ferrous fumarate', 'folic acid']);
    expect(ingredientKeyOf(['Paracetamol', 'Acetaminophen'])).toBe('paracetamol');
  });

  it("reads one unit's strength of a tablet or suppository, never of a liquid or cream", () => {
    expect([...unitStrengthsOf('Ibuprofen (400mg) + Paracetamol (325mg)')]).toEqual([
      ['ibuprofen', 400],
      ['paracetamol', 325],
    ]);
    expect([...unitStrengthsOf('Paracetamol (1g)')]).toEqual([['paracetamol', 1000]]);
    expect([...unitStrengthsOf('Paracetamol (120mg/5ml)')]).toEqual([]);
    expect([...unitStrengthsOf('Clotrimazole (1% w/w)')]).toEqual([]);
    expect(solidUnitOf('Brufamol Tablet')).toBe('tablet');
    expect(solidUnitOf('Neomol 250 Anal Suppository')).toBe('suppository');
    expect(solidUnitOf('Calpol Infant Suspension')).toBeNull();
  });

  it('tells forms apart, so a gel is not folded into tablets', () => {
    expect(productFormOf('Volini Gel')).toBe('topical');
    expect(productFormOf('Dolo Drops')).toBe('oral');
    expect(productFormOf('Otrivin Nasal Drops')).toBe('topical');
    expect(productFormOf('Neomol Suppository')).toBe('rectal');
    expect(productFormOf('Asthalin Inhaler')).toBe('inhaled');
    expect(productFormOf('Paracip Infusion')).toBe('injection');
  });

  it('is conservative: over the counter only for known ingredients in a fitting form', () => {
    expect(inferPrescriptionStatus('Dolo 650 Tablet', ['paracetamol']).status).toBe('otc');
    expect(inferPrescriptionStatus('Paracip Infusion', ['paracetamol']).status).toBe('prescription');
    expect(inferPrescriptionStatus('Candid Cream', ['clotrimazole']).status).toBe('otc');
    expect(inferPrescriptionStatus('Candid Tablet', ['clotrimazole']).status).toBe('unknown');
    expect(inferPrescriptionStatus('Glycomet 500 Tablet', ['metformin']).status).toBe('prescription');
    expect(inferPrescriptionStatus('Herbal Syrup', ['tulsi extract']).status).toBe('unknown');
    expect(inferPrescriptionStatus('Mixed Tablet', ['paracetamol', 'tramadol']).status).toBe('prescription');
  });
});

describe('symptom-vocabulary.json is checked before it is used', () => {
  type Raw = { suggestedFirst: string[]; symptoms: Record<string, unknown>[] };
  const copy = () => JSON.parse(readFileSync(SYMPTOM_VOCABULARY_FILE, 'utf8')) as Raw;
  const problemsOf = (raw: unknown) => {
    try {
      parseSymptomVocabulary(raw);
    } catch (error) {
      if (error instanceof ContentFileError) return [...error.problems];
      throw error;
    }
    return [];
  };

  it('holds together as committed', () => {
    expect(problemsOf(copy())).toEqual([]);
  });

  it('refuses a broken entry, naming the symptom, the field and the rule', () => {
    const data = copy();
    data.symptoms[1]!.terms = [];
    (data.symptoms[0]!.exclude as string[]).push('Migraine  prevention');
    expect(problemsOf(data)).toEqual([
      'symptom "Headache" (symptoms[0]), exclude[1]: must be lower-case words joined by single spaces',
      'symptom "Fever" (symptoms[1]), terms: must list at least one term',
    ]);
  });

  it('refuses a name that would mean two symptoms', () => {
    const data = copy();
    (data.symptoms[2]!.synonyms as string[]).push('High temperature');
    expect(problemsOf(data)).toEqual([
      'symptom "Body aches" (symptoms[2]), synonyms[7]: "High temperature" already names the symptom "Fever"',
    ]);
  });

  it('refuses a suggestion that is not a label', () => {
    const data = copy();
    data.suggestedFirst.push('Tummy ache');
    expect(problemsOf(data)).toEqual(['suggestedFirst[8]: "Tummy ache" is not the label of a symptom']);
  });
});
