import { readdirSync, readFileSync } from 'node:fs';
import {
  MedicineFactsFileSchema,
  type IngredientFacts,
  type Interaction,
  type MedicineSource,
  type SafePair,
  type SelfCareGuide,
  type PersonRuleFact,
} from '@medibuddy/contracts';
import { normaliseIngredient } from './ingredient-names';

/**
 * The medicine facts (medicines/*.json): per-ingredient facts, the interaction table, known-safe pairs and the
 * self-care guides, each fact citing a declared source. Parsed with the contracts' zod schemas and cross-checked
 * once, on first use; a file that breaks a rule stops the server instead of serving half-checked facts.
 */
export type MedicineFacts = {
  sources: ReadonlyMap<string, MedicineSource>;
  ingredients: readonly IngredientFacts[];
  interactions: readonly Interaction[];
  safePairs: readonly SafePair[];
  guides: readonly SelfCareGuide[];
  personRules: readonly PersonRuleFact[];
};

/** Where interactions name something that is not an ingredient. */
export const ALCOHOL = 'alcohol';
const GROUP_PREFIX = 'group:';

const DEFAULT_DIR = new URL('./medicines/', import.meta.url);

/**
 * Reads and parses every .json file of the folder (sorted by name), without the cross-checks. Translations beside
 * them (*.hi.json: the Hindi of their texts) are not fact files.
 */
export function readMedicineFacts(dir: URL = DEFAULT_DIR): MedicineFacts {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.hi.json'))
    .sort();
  const sources = new Map<string, MedicineSource>();
  const facts = {
    ingredients: [] as IngredientFacts[],
    interactions: [] as Interaction[],
    safePairs: [] as SafePair[],
    guides: [] as SelfCareGuide[],
    personRules: [] as PersonRuleFact[],
  };
  const duplicateSources: string[] = [];
  for (const file of files) {
    const parsed = MedicineFactsFileSchema.safeParse(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
    if (!parsed.success) {
      const first = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new Error(`medicine facts ${file}: ${first.join('; ')}`);
    }
    for (const source of parsed.data.sources) {
      // Files may declare the same source again (each file stands alone), but never two sources under one id.
      const earlier = sources.get(source.id);
      if (earlier && JSON.stringify(earlier) !== JSON.stringify(source)) duplicateSources.push(source.id);
      sources.set(source.id, source);
    }
    facts.ingredients.push(...(parsed.data.ingredients ?? []));
    facts.interactions.push(...(parsed.data.interactions ?? []));
    facts.safePairs.push(...(parsed.data.safePairs ?? []));
    facts.guides.push(...(parsed.data.guides ?? []));
    facts.personRules.push(...(parsed.data.personRules ?? []));
  }
  if (duplicateSources.length > 0)
    throw new Error(`medicine facts: source ids declared twice, differently: ${duplicateSources.join(', ')}`);
  return { sources, ...facts };
}

/** Every rule the schema alone cannot check; an empty list when the facts hold together. */
export function problemsOf(facts: MedicineFacts): string[] {
  const problems: string[] = [];
  const cite = (where: string, source: string) => {
    if (!facts.sources.has(source)) problems.push(`${where}: source "${source}" is not declared`);
  };
  const names = new Map<string, string>();
  const groups = new Set<string>();
  for (const ing of facts.ingredients) {
    for (const name of [ing.id, ...ing.synonyms]) {
      const owner = names.get(name);
      if (owner !== undefined && owner !== ing.id)
        problems.push(`name "${name}" belongs to both ${owner} and ${ing.id}`);
      else if (owner === ing.id && name !== ing.id) problems.push(`${ing.id}: synonym "${name}" repeated`);
      names.set(name, ing.id);
    }
    if (normaliseIngredient(ing.id) !== ing.id)
      problems.push(`${ing.id}: the id is not what labels normalise to ("${normaliseIngredient(ing.id)}")`);
    for (const g of ing.groups) groups.add(g);
    const where = `ingredient ${ing.id}`;
    cite(where, ing.source);
    cite(`${where}.legal`, ing.legal.source);
    ing.adultDoses.forEach((d, i) => cite(`${where}.adultDoses[${i}]`, d.source));
    ing.childDoses.forEach((d, i) => {
      cite(`${where}.childDoses[${i}]`, d.source);
      if (d.toMonths !== null && d.toMonths <= d.fromMonths)
        problems.push(`${where}.childDoses[${i}]: toMonths must be after fromMonths`);
      if (ing.minAge && d.fromMonths < ing.minAge.months)
        problems.push(`${where}.childDoses[${i}]: a dose below the minimum age`);
    });
    for (const d of [...ing.adultDoses, ...ing.childDoses]) {
      if (d.usualPerDoseMin !== null && d.usualPerDoseMax !== null && d.usualPerDoseMin > d.usualPerDoseMax) {
        problems.push(`${where}: usual dose range runs backwards`);
      }
      if (d.maxPerDose !== null && d.maxPerDay !== null && d.maxPerDose > d.maxPerDay)
        problems.push(`${where}: one dose above the daily maximum`);
      if (d.usualPerDoseMax !== null && d.maxPerDose !== null && d.usualPerDoseMax > d.maxPerDose) {
        problems.push(`${where}: usual dose above the maximum dose`);
      }
    }
    if (ing.legal.status === 'prescription' && ing.legal.routes !== null) {
      problems.push(`${where}: a prescription-only status applies to every form (routes must be null)`);
    }
    if (ing.minAge) cite(`${where}.minAge`, ing.minAge.source);
    for (const key of ['pregnancy', 'breastfeeding', 'alcohol', 'kidney', 'liver'] as const) {
      const note = ing[key];
      if (note) cite(`${where}.${key}`, note.source);
    }
    ing.warnings.forEach((w, i) => cite(`${where}.warnings[${i}]`, w.source));
    if (ing.tooMuch) cite(`${where}.tooMuch`, ing.tooMuch.source);
  }
  const known = (ref: string) =>
    ref === ALCOHOL ||
    (ref.startsWith(GROUP_PREFIX) ? groups.has(ref.slice(GROUP_PREFIX.length)) : names.get(ref) === ref);
  const seenPairs = new Set<string>();
  for (const [i, x] of facts.interactions.entries()) {
    for (const ref of [x.a, x.b])
      if (!known(ref)) problems.push(`interactions[${i}]: "${ref}" is not an ingredient id, group or alcohol`);
    cite(`interactions[${i}]`, x.source);
    const key = [x.a, x.b].sort().join(' + ');
    if (seenPairs.has(key)) problems.push(`interactions[${i}]: ${key} listed twice`);
    seenPairs.add(key);
  }
  for (const [i, p] of facts.safePairs.entries()) {
    for (const ref of [p.a, p.b])
      if (names.get(ref) !== ref) problems.push(`safePairs[${i}]: "${ref}" is not an ingredient id`);
    cite(`safePairs[${i}]`, p.source);
    if (p.children) cite(`safePairs[${i}].children`, p.children.source);
  }
  const guideIds = new Set<string>();
  for (const g of facts.guides) {
    const where = `guide ${g.id}`;
    if (guideIds.has(g.id)) problems.push(`${where}: id repeated`);
    guideIds.add(g.id);
    for (const f of [...g.whatToDo, ...g.seeDoctorWhen, ...g.redFlags]) cite(where, f.source);
    for (const r of g.notSelfTreatableFor) cite(where, r.source);
    for (const a of g.avoid) {
      cite(where, a.source);
      if (names.get(a.ingredient) !== a.ingredient)
        problems.push(`${where}: avoided ingredient "${a.ingredient}" has no facts`);
    }
    for (const id of g.recommendedIngredients) {
      const ing = facts.ingredients.find((i) => i.id === id);
      if (!ing) problems.push(`${where}: recommended "${id}" has no facts`);
      // Self-care never suggests a prescription-only medicine.
      else if (ing.legal.status === 'prescription') problems.push(`${where}: recommends prescription-only "${id}"`);
      // The finder shows a product only for complaints its ingredients treat: a recommendation must agree.
      else if (!ing.treats.some((t) => g.complaints.includes(t)))
        problems.push(`${where}: recommends "${id}", which treats none of its complaints`);
    }
    if (!g.selfTreatable && g.recommendedIngredients.length > 0)
      problems.push(`${where}: not self-treatable but recommends products`);
    for (const r of g.productRules ?? []) {
      cite(where, r.source);
      if (names.get(r.ingredient) !== r.ingredient)
        problems.push(`${where}: product rule for "${r.ingredient}", which has no facts`);
    }
  }
  facts.personRules.forEach((r, i) => {
    const where = `personRules[${i}]`;
    cite(where, r.source);
    for (const ref of r.ingredients) {
      const known = ref.startsWith(GROUP_PREFIX) ? groups.has(ref.slice(GROUP_PREFIX.length)) : names.get(ref) === ref;
      if (!known) problems.push(`${where}: "${ref}" is neither an ingredient nor a group`);
    }
  });
  return problems;
}

let cached: (MedicineFacts & { byName: Map<string, IngredientFacts> }) | undefined;

/** The checked facts, read once. Throws, naming every problem, when the files break a rule. */
export function medicineFacts(): MedicineFacts {
  return loaded();
}

function loaded() {
  if (cached) return cached;
  const facts = readMedicineFacts();
  const problems = problemsOf(facts);
  if (problems.length > 0) throw new Error(`medicine facts do not hold together:\n${problems.join('\n')}`);
  const byName = new Map<string, IngredientFacts>();
  for (const ing of facts.ingredients) for (const name of [ing.id, ...ing.synonyms]) byName.set(name, ing);
  cached = { ...facts, byName };
  return cached;
}

export function ingredientFacts(): readonly IngredientFacts[] {
  return loaded().ingredients;
}

/** The facts on an ingredient by any name a label or a person uses ("Acetaminophen", "Amoxycillin (500mg)"). */
export function factsFor(nameOrSynonym: string): IngredientFacts | undefined {
  const { byName } = loaded();
  const plain = nameOrSynonym.toLowerCase().trim().replace(/\s+/g, ' ');
  return byName.get(plain) ?? byName.get(normaliseIngredient(nameOrSynonym));
}

export function sourceOf(id: string): MedicineSource | undefined {
  return loaded().sources.get(id);
}

export function interactions(): readonly Interaction[] {
  return loaded().interactions;
}

export function safePairs(): readonly SafePair[] {
  return loaded().safePairs;
}

export function selfCareGuides(): readonly SelfCareGuide[] {
  return loaded().guides;
}

/**
 * The person rules (a long-term condition, an age) that reach this ingredient in this form, for this person:
 * `conditions` they said they have, `ageYears` when known.
 */
export function personRulesFor(
  name: string,
  form: PersonRuleFact['forms'] extends (infer F)[] | undefined ? F : never,
  person: { conditions: ReadonlySet<string>; ageYears: number | undefined },
): PersonRuleFact[] {
  const refs = referencesOf(name);
  return loaded().personRules.filter(
    (r) =>
      r.ingredients.some((ref) => refs.has(ref)) &&
      (r.forms === undefined || r.forms.includes(form)) &&
      (r.condition !== undefined
        ? person.conditions.has(r.condition)
        : person.ageYears !== undefined && r.fromAgeYears !== undefined && person.ageYears >= r.fromAgeYears),
  );
}

/** The references ("paracetamol", "group:nsaid") an ingredient answers to in the interaction table. */
function referencesOf(name: string): Set<string> {
  if (name.toLowerCase() === ALCOHOL) return new Set([ALCOHOL]);
  const facts = factsFor(name);
  if (!facts) return new Set([normaliseIngredient(name)]);
  return new Set([facts.id, ...facts.groups.map((g) => GROUP_PREFIX + g)]);
}

/**
 * The interactions between two ingredients (any names; "alcohol" for drinking), with groups resolved: warfarin and
 * ibuprofen meet through "group:nsaid". An ingredient never interacts with itself here (duplicates are another check).
 */
export function interactionsBetween(a: string, b: string): Interaction[] {
  const ra = referencesOf(a);
  const rb = referencesOf(b);
  if ([...ra].some((r) => rb.has(r) && !r.startsWith(GROUP_PREFIX))) return [];
  return loaded().interactions.filter((x) => (ra.has(x.a) && rb.has(x.b)) || (ra.has(x.b) && rb.has(x.a)));
}
