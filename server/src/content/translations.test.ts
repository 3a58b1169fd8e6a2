import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_AID, loadFirstAidHindi } from './first-aid';
import { ingredientFacts, interactions } from './medicine-facts';
import { loadReferenceValues, loadReferenceValuesHindi } from './reference-values';

/**
 * The Hindi beside the English content (decision 025): translated from the English, which carries the sources.
 * A translation must keep every number of its English, and a translated medicine must have all its texts translated
 * (else its answer is given in English with a note); a key whose English changed is an orphan and fails here.
 */
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as unknown;
const numbersOf = (text: string) => (text.match(/\d+(?:[.,]\d+)*/g) ?? []).sort();

describe('translations', () => {
  it('reference values: every measure and band in Hindi, with the numbers of its English', () => {
    const values = loadReferenceValues();
    const hindi = loadReferenceValuesHindi(values);
    for (const m of values.measures) {
      const hi = hindi.measures[m.id]!;
      expect(numbersOf(hi.normal), `${m.id} normal`).toEqual(expect.arrayContaining(numbersOf(m.normal)));
      for (const b of m.bands) {
        const hb = hi.bands[b.id]!;
        expect(numbersOf(`${hb.label} ${hb.advice}`), `${m.id}/${b.id}`).toEqual(
          expect.arrayContaining(numbersOf(`${b.label} ${b.advice}`)),
        );
      }
    }
  });

  it('medicine facts: every text of a translated ingredient in Hindi, no orphan, the same numbers', () => {
    const { ingredients, texts } = read('medicines/facts.hi.json') as {
      ingredients: string[];
      texts: Record<string, string>;
    };
    const all = ingredientFacts();
    const english = new Set<string>();
    for (const id of ingredients) {
      const f = all.find((i) => i.id === id);
      expect(f, id).toBeDefined();
      const own = [
        f!.class,
        ...f!.treats,
        ...f!.adultDoses.map((d) => d.text),
        ...f!.childDoses.map((d) => d.text),
        f!.minAge?.text,
        f!.pregnancy?.text,
        f!.breastfeeding?.text,
        f!.alcohol?.text,
        f!.kidney?.text,
        f!.liver?.text,
        ...f!.warnings.map((w) => w.text),
        f!.tooMuch?.text,
      ].filter((t): t is string => t !== undefined);
      for (const t of own) {
        english.add(t);
        expect(texts[t], `${id}: ${t}`).toBeDefined();
      }
    }
    // Interactions are translated part by part (effect, advice), for any medicine.
    for (const i of interactions()) english.add(i.effect).add(i.advice);
    for (const [en, hi] of Object.entries(texts)) {
      expect(english.has(en), `orphan: ${en}`).toBe(true);
      expect(numbersOf(hi), en).toEqual(expect.arrayContaining(numbersOf(en)));
    }
  });

  it('first aid: every topic in Hindi, item for item, with the numbers of its English', () => {
    const hindi = loadFirstAidHindi();
    for (const t of FIRST_AID.topics) {
      const hi = hindi.topics[t.key]!;
      const pairs: [string, string][] = [
        [t.whatItIs.text, hi.whatItIs],
        ...t.symptoms.items.map((en, i): [string, string] => [en, hi.symptoms[i]!]),
        ...t.whatToDo.items.map((en, i): [string, string] => [en, hi.whatToDo[i]!]),
        ...t.whenToGetHelp.emergency.map((en, i): [string, string] => [en, hi.emergency[i]!]),
        ...t.whenToGetHelp.urgent.map((en, i): [string, string] => [en, hi.urgent[i]!]),
      ];
      for (const [en, h] of pairs)
        expect(numbersOf(h), `${t.key}: ${en}`).toEqual(expect.arrayContaining(numbersOf(en)));
    }
  });
});
