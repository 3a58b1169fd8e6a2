import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  factsFor,
  ingredientFacts,
  interactions,
  interactionsBetween,
  medicineFacts,
  problemsOf,
  readMedicineFacts,
  safePairs,
  selfCareGuides,
  sourceOf,
  type MedicineFacts,
} from './medicine-facts';
import { SYMPTOM_VOCABULARY, normaliseSymptom } from '../modules/medicines/symptom-vocabulary';
import { ingredientsOf } from '../modules/medicines/ingredients';
import { medicinesCsvPath } from '../modules/medicines/dataset-path';
import path from 'node:path';
import { existsSync } from 'node:fs';

describe('medicine facts', () => {
  const facts = medicineFacts();

  it('parse with the schemas and hold together (every fact cites a declared source, every reference exists)', () => {
    expect(problemsOf(readMedicineFacts())).toEqual([]);
    expect(facts.ingredients.length).toBeGreaterThanOrEqual(10);
  });

  it('catch a fact without a source, an unknown interaction ingredient and a name given to two ingredients', () => {
    const broken: MedicineFacts = {
      ...facts,
      ingredients: [
        ...facts.ingredients.map((i) => (i.id === 'ibuprofen' ? { ...i, synonyms: [...i.synonyms, 'acetaminophen'] } : i)),
      ],
      interactions: [{ a: 'paracetamol', b: 'unobtainium', severity: 'minor', effect: 'none at all here', advice: 'nothing to do', source: 'no-such-source' }],
    };
    const problems = problemsOf(broken).join('\n');
    expect(problems).toContain('"acetaminophen" belongs to both');
    expect(problems).toContain('"unobtainium" is not an ingredient id');
    expect(problems).toContain('source "no-such-source" is not declared');
  });

  it('give each ingredient one legal status, and never call a prescription-only ingredient over the counter for some forms', () => {
    for (const ing of ingredientFacts()) {
      if (ing.legal.status === 'prescription') expect(ing.legal.routes, ing.id).toBeNull();
    }
  });

  it('list only complaints the symptom finder knows', () => {
    const labels = new Set(SYMPTOM_VOCABULARY.map((e) => normaliseSymptom(e.label)));
    const unknown = [
      ...ingredientFacts().flatMap((i) => i.treats.filter((t) => !labels.has(t)).map((t) => `${i.id}: ${t}`)),
      ...selfCareGuides().flatMap((g) => g.complaints.filter((t) => !labels.has(t)).map((t) => `${g.id}: ${t}`)),
    ];
    expect(unknown).toEqual([]);
  });

  it('find an ingredient by any label name', () => {
    expect(factsFor('Acetaminophen')?.id).toBe('paracetamol');
    expect(factsFor('Paracetamol (500mg)')?.id).toBe('paracetamol');
    expect(factsFor('Chlorpheniramine Maleate (4mg)')?.id).toBe('chlorphenamine');
    expect(factsFor('unobtainium')).toBeUndefined();
    expect(sourceOf(factsFor('aspirin')!.minAge!.source)?.url).toMatch(/^https:\/\//);
  });

  it('keep aspirin from children under 16 and carry the facts a finder needs', () => {
    expect(factsFor('aspirin')?.minAge?.months).toBe(192);
    const paracetamol = factsFor('paracetamol')!;
    expect(paracetamol.adultDoses[0]?.maxPerDay).toBe(4000);
    expect(paracetamol.legal.status).toBe('otc');
    expect(factsFor('metronidazole')?.alcohol?.level).toBe('avoid');
  });

  it('find the known interactions through groups, and none for the known-safe pairs', () => {
    expect(interactionsBetween('warfarin', 'ibuprofen').map((x) => x.severity)).toContain('major');
    expect(interactionsBetween('Aspirin', 'warfarin').length).toBeGreaterThan(0);
    expect(interactionsBetween('metronidazole', 'alcohol').length).toBeGreaterThan(0);
    expect(interactionsBetween('ibuprofen', 'ibuprofen')).toEqual([]);
    for (const pair of safePairs()) expect(interactionsBetween(pair.a, pair.b), `${pair.a} + ${pair.b}`).toEqual([]);
    expect(interactions().length).toBeGreaterThan(0);
  });

  it('say that urinary burning needs a doctor, and that a feverish baby under 3 months is not for self-care', () => {
    const burning = selfCareGuides().find((g) => g.complaints.includes('burning when urinating'));
    expect(burning?.selfTreatable).toBe(false);
    expect(burning?.recommendedIngredients).toEqual([]);
    const childFever = selfCareGuides().find((g) => g.id === 'fever-child');
    expect(childFever?.notSelfTreatableFor.some((r) => r.maxAgeMonths === 3)).toBe(true);
    expect(childFever?.avoid.map((a) => a.ingredient)).toContain('aspirin');
  });

  it('report how much of the catalogue has facts for every ingredient', () => {
    // The catalogue lives outside the repository; without it there is nothing to measure.
    const file = path.join(path.dirname(medicinesCsvPath().file), 'medicines.json');
    if (!existsSync(file)) return;
    const products = JSON.parse(readFileSync(file, 'utf8')) as { composition: string }[];
    const covered = products.filter((p) => {
      const ings = ingredientsOf(p.composition);
      return ings.length > 0 && ings.every((i) => factsFor(i));
    }).length;
    console.log(
      `medicine facts: ${ingredientFacts().length} ingredients (${ingredientFacts().filter((i) => i.childDoses.length > 0).length} with child doses), ` +
        `${interactions().length} interactions, ${safePairs().length} safe pairs, ${selfCareGuides().length} guides; ` +
        `catalogue products with facts for every ingredient: ${covered}/${products.length} (${((100 * covered) / products.length).toFixed(1)}%)`,
    );
    expect(covered).toBeGreaterThan(0);
  });
});
