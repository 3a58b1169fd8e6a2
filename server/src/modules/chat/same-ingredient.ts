import type { ChatSource } from '@medibuddy/contracts';
import type { CombinationProduct } from '../../content/combination-products';
import type { CitedFact, MedicineSheets } from './medicine-sheets';

/** A medicine a person named: a product of several ingredients, or a single ingredient (by its name or a brand). */
export type Named = { label: string; ingredients: string[]; at: number; length: number; source?: ChatSource };

const normalise = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/**
 * Every medicine named in the text, in the order named; where two names overlap the longer wins ("tylenol pm" over
 * "tylenol"). Read once a question, for sameIngredientAnswer and productAnswer.
 */
export function medicinesNamedIn(
  text: string,
  facts: MedicineSheets,
  products: readonly CombinationProduct[],
): Named[] {
  const norm = normalise(text);
  const candidates: Named[] = [];
  const look = (names: readonly string[], make: (name: string, at: number) => Named) => {
    // Every name found is its own medicine: "nurofen with my ibuprofen gel" names ibuprofen twice.
    for (const name of names) {
      const needle = normalise(name);
      for (let at = norm.indexOf(needle); at !== -1; at = norm.indexOf(needle, at + 1)) candidates.push(make(name, at));
    }
  };
  for (const p of products) {
    look(p.names, (name, at) => ({
      label: name,
      ingredients: p.ingredients,
      at,
      length: normalise(name).length,
      source: { title: p.cited.title, url: p.cited.url, publisher: p.cited.publisher, credit: null },
    }));
  }
  for (const s of facts.sheets)
    look(s.names, (name, at) => ({ label: name, ingredients: [s.id], at, length: normalise(name).length }));
  const kept: Named[] = [];
  for (const c of candidates.sort((a, b) => b.length - a.length)) {
    const overlaps = kept.some((k) => c.at < k.at + k.length - 1 && k.at < c.at + c.length - 1);
    if (!overlaps) kept.push(c);
  }
  return kept.sort((a, b) => a.at - b.at);
}

/**
 * When two medicines a person names contain the same ingredient ("co-codamol and paracetamol"), the answer that
 * matters is that taking both doubles it: said first, with the ingredient's adult dose and sources. Null when no
 * two named medicines share an ingredient.
 */
export function sameIngredientAnswer(
  named: readonly Named[],
  facts: MedicineSheets,
): { pieces: string[]; sources: ChatSource[] } | null {
  const labels = new Map<string, Named[]>();
  for (const n of named) for (const i of n.ingredients) labels.set(i, [...(labels.get(i) ?? []), n]);
  const shared = [...labels.entries()].filter(([, ns]) => new Set(ns.map((n) => n.label)).size > 1);
  if (shared.length === 0) return null;

  const pieces: string[] = [];
  const cited: ChatSource[] = [];
  for (const [ingredient, ns] of shared) {
    const sheet = facts.find(ingredient);
    const name = sheet?.name.toLowerCase() ?? ingredient;
    const which = [...new Set(ns.map((n) => n.label))];
    const contents = ns
      .filter((n) => n.ingredients.length > 1)
      .map((n) => `${n.label} contains ${n.ingredients.map((i) => facts.find(i)?.name.toLowerCase() ?? i).join(', ')}`);
    pieces.push(
      `**${which.join(' and ')} both contain ${name}.** Taking them together means taking ${name} twice, which can go over the safe daily amount${ingredient === 'paracetamol' ? ': too much paracetamol can seriously damage the liver, even when you feel well at first' : ''}. Take only one medicine that contains ${name} at a time, and count every product that contains it towards the daily limit.\n\n`,
    );
    if (contents.length > 0) pieces.push(`${contents.join('; ')}.\n\n`);
    const doses: CitedFact[] = sheet?.adultDoses.slice(0, 2) ?? [];
    if (doses.length > 0) {
      pieces.push(
        `**${sheet?.name} for adults:**\n\n`,
        ...doses.map((d) => `- ${d.text} (source: ${d.source.publisher || d.source.title})\n`),
        '\n',
      );
      cited.push(...doses.map((d) => d.source));
    }
    cited.push(...ns.flatMap((n) => (n.source ? [n.source] : [])));
  }
  pieces.push(
    'If you have already taken both and may have gone over the daily amount, get medical advice now, even if you feel well. A pharmacist can check the exact products for you.',
  );
  const sources = [...new Map(cited.map((s) => [s.url ?? s.title, s])).values()];
  return { pieces, sources };
}
