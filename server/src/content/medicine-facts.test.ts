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
import { inferPrescriptionStatus, ingredientsOf, medicinesCsvPath } from '../modules/medicines';
import { normaliseSymptom, SYMPTOM_VOCABULARY } from './symptom-vocabulary';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { hasDataset } from '../../test/datasets';

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
        ...facts.ingredients.map((i) =>
          i.id === 'ibuprofen' ? { ...i, synonyms: [...i.synonyms, 'acetaminophen'] } : i,
        ),
      ],
      interactions: [
        {
          a: 'paracetamol',
          b: 'unobtainium',
          severity: 'minor',
          effect: 'none at all here',
          advice: 'nothing to do',
          source: 'no-such-source',
        },
      ],
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

  // Pairs named by label, as a person would list them; each must meet at least the given severity.
  const KNOWN_INTERACTING: [string, string, 'contraindicated' | 'major' | 'moderate'][] = [
    ['warfarin', 'ibuprofen', 'major'],
    ['warfarin', 'aspirin', 'major'],
    ['warfarin', 'naproxen', 'major'],
    ['warfarin', 'diclofenac', 'major'],
    ['apixaban', 'ibuprofen', 'major'],
    ['rivaroxaban', 'clopidogrel', 'major'],
    ['warfarin', 'fluconazole', 'major'],
    ['warfarin', 'miconazole', 'major'],
    ['warfarin', 'metronidazole', 'major'],
    ['metronidazole', 'alcohol', 'major'],
    ['tinidazole', 'alcohol', 'major'],
    ['sertraline', 'tramadol', 'major'],
    ['fluoxetine', 'tramadol', 'major'],
    ['venlafaxine', 'tramadol', 'major'],
    ['phenelzine', 'pseudoephedrine', 'contraindicated'],
    ['phenelzine', 'dextromethorphan', 'contraindicated'],
    ['selegiline', 'sertraline', 'contraindicated'],
    ['methotrexate', 'ibuprofen', 'major'],
    ['methotrexate', 'trimethoprim', 'major'],
    ['sildenafil', 'nitroglycerin', 'contraindicated'],
    ['tadalafil', 'isosorbide mononitrate', 'contraindicated'],
    ['ramipril', 'spironolactone', 'major'],
    ['losartan', 'spironolactone', 'major'],
    ['ramipril', 'losartan', 'major'],
    ['clarithromycin', 'simvastatin', 'contraindicated'],
    ['clarithromycin', 'atorvastatin', 'major'],
    ['lithium', 'ibuprofen', 'major'],
    ['lithium', 'ramipril', 'major'],
    ['lithium', 'hydrochlorothiazide', 'major'],
    ['codeine', 'diazepam', 'major'],
    ['tramadol', 'alprazolam', 'major'],
    ['morphine', 'pregabalin', 'major'],
    ['tramadol', 'zolpidem', 'major'],
    ['codeine', 'alcohol', 'major'],
    ['diazepam', 'alcohol', 'major'],
    ['domperidone', 'clarithromycin', 'contraindicated'],
    ['domperidone', 'azithromycin', 'contraindicated'],
    ['ciprofloxacin', 'theophylline', 'major'],
    ['ciprofloxacin', 'tizanidine', 'contraindicated'],
    ['allopurinol', 'azathioprine', 'major'],
    ['digoxin', 'amiodarone', 'major'],
    ['valproate', 'lamotrigine', 'major'],
    ['carbamazepine', 'ethinyl estradiol', 'major'],
    ['rifampicin', 'levonorgestrel', 'major'],
    ['isotretinoin', 'doxycycline', 'contraindicated'],
    ['clopidogrel', 'omeprazole', 'moderate'],
    ['ciprofloxacin', 'aluminium hydroxide', 'moderate'],
    ['levothyroxine', 'calcium carbonate', 'moderate'],
    ['levothyroxine', 'ferrous sulfate', 'moderate'],
    ['ramipril', 'potassium chloride', 'moderate'],
    ['chlorphenamine', 'alcohol', 'moderate'],
    ['ibuprofen', 'naproxen', 'moderate'],
    ['sertraline', 'ibuprofen', 'moderate'],
    ['atenolol', 'verapamil', 'major'],
  ];
  const RANK = { contraindicated: 3, major: 2, moderate: 1, minor: 0 } as const;

  it('find each known interacting pair, at least as severe as expected', () => {
    expect(KNOWN_INTERACTING.length).toBeGreaterThanOrEqual(40);
    const missed = KNOWN_INTERACTING.filter(([a, b, severity]) => {
      const found = interactionsBetween(a, b);
      return !found.some((x) => RANK[x.severity] >= RANK[severity]);
    });
    expect(missed).toEqual([]);
  });

  it('list at least 40 known-safe pairs, none of which meets an interaction', () => {
    expect(safePairs().length).toBeGreaterThanOrEqual(40);
    const clashing = safePairs().filter((p) => interactionsBetween(p.a, p.b).length > 0);
    expect(clashing).toEqual([]);
  });

  it('say that urinary burning needs a doctor, and that a feverish baby under 3 months is not for self-care', () => {
    const burning = selfCareGuides().find((g) => g.complaints.includes('burning when urinating'));
    expect(burning?.selfTreatable).toBe(false);
    expect(burning?.recommendedIngredients).toEqual([]);
    const childFever = selfCareGuides().find((g) => g.id === 'fever-child');
    expect(childFever?.notSelfTreatableFor.some((r) => r.maxAgeMonths === 3)).toBe(true);
    expect(childFever?.avoid.map((a) => a.ingredient)).toContain('aspirin');
  });

  // The catalogue lives outside the repository; without it there is nothing to measure.
  const catalogueFile = path.join(path.dirname(medicinesCsvPath().file), 'medicines.json');
  const hasCatalogue = hasDataset(
    'the catalogue coverage report',
    { file: catalogueFile, isPresent: existsSync(catalogueFile) },
    'set ML_DATA_DIR',
  );
  it.skipIf(!hasCatalogue)('report how much of the catalogue has facts for every ingredient', () => {
    const file = catalogueFile;
    const products = JSON.parse(readFileSync(file, 'utf8')) as { name: string; composition: string }[];
    const frequency = new Map<string, number>();
    const otcWithoutFacts = new Set<string>();
    for (const p of products) {
      const ings = ingredientsOf(p.composition);
      for (const i of ings) frequency.set(i, (frequency.get(i) ?? 0) + 1);
      if (inferPrescriptionStatus(p.name, ings).status === 'otc')
        for (const i of ings) if (!factsFor(i)) otcWithoutFacts.add(i);
    }
    const top150 = [...frequency.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 150)
      .map(([name]) => name);
    expect(top150.filter((name) => !factsFor(name))).toEqual([]);
    expect([...otcWithoutFacts]).toEqual([]);
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
