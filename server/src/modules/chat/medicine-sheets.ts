import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ChatSource, IngredientFacts } from '@medibuddy/contracts';
import {
  ALCOHOL,
  ingredientFacts,
  interactionsBetween,
  safePairs,
  sourceOf as medicineSourceOf,
} from '../../content/medicine-facts';

/**
 * The chat's medicine sheets: what it needs to answer a dose, alcohol, pregnancy, children or interaction question,
 * one sheet per ingredient with each fact cited, made from the medicine facts (server/src/content/medicines/, their
 * schema in contracts/src/medicine-facts.ts and their loader server/src/content/medicine-facts.ts). The answerer
 * that uses them is answerers/medicine-questions.ts.
 */
/** A fact with its source; `hi` its Hindi where facts.hi.json has it (decision 025). */
export type CitedFact = { text: string; hi?: string; source: ChatSource };

export type MedicineSheet = {
  id: string;
  name: string;
  /** Lower-case names people use: the ingredient, its synonyms, common brands. */
  names: string[];
  adultDoses: CitedFact[];
  childDoses: { fromMonths: number; toMonths: number | null; fact: CitedFact }[];
  minAge: (CitedFact & { months: number }) | null;
  alcohol: CitedFact[];
  pregnancy: CitedFact[];
  /** What kind of medicine it is and what it is used for. */
  uses: CitedFact;
  /** Warnings, kidney and liver notes: who must not take it, or only with advice. */
  cautions: CitedFact[];
  /** What an adult who took more than the dose should do, where the source says; else null. */
  tooMuch: CitedFact | null;
};

export type MedicineSheets = {
  sheets: readonly MedicineSheet[];
  find(id: string): MedicineSheet | undefined;
  /** What the facts say about taking two together: interactions, or a pair the sources call fine together. */
  between(a: string, b: string): { interactions: CitedFact[]; fine: CitedFact[] };
};

/**
 * Brand names people ask by. Vocabulary only (the facts themselves come from the ingredient files, which leave
 * brands out): each maps to the ingredient it contains.
 */
const BRANDS: Record<string, string> = {
  viagra: 'sildenafil',
  cialis: 'tadalafil',
  calpol: 'paracetamol',
  crocin: 'paracetamol',
  dolo: 'paracetamol',
  panadol: 'paracetamol',
  tylenol: 'paracetamol',
  tylenols: 'paracetamol',
  calpol6: 'paracetamol',
  advil: 'ibuprofen',
  nurofen: 'ibuprofen',
  brufen: 'ibuprofen',
  motrin: 'ibuprofen',
  disprin: 'aspirin',
  ecosprin: 'aspirin',
  zyrtec: 'cetirizine',
  claritin: 'loratadine',
  clarityn: 'loratadine',
  piriton: 'chlorphenamine',
  flagyl: 'metronidazole',
  coumadin: 'warfarin',
  imodium: 'loperamide',
  prilosec: 'omeprazole',
  losec: 'omeprazole',
};

function chatSource(id: string): ChatSource {
  const s = medicineSourceOf(id);
  return { title: s?.title ?? id, url: s?.url ?? null, publisher: s?.publisher ?? '', credit: null };
}

const ROUTE_NAMES: Record<string, string> = {
  oral: 'By mouth',
  topical: 'On the skin',
  rectal: 'Suppository',
  inhaled: 'Inhaled',
  injection: 'Injection',
  eye: 'Eye drops',
  ear: 'Ear drops',
  nasal: 'Nasal spray',
  vaginal: 'Vaginal',
};

const cite = (text: string, source: string, hi?: string): CitedFact =>
  hi === undefined ? { text, source: chatSource(source) } : { text, hi, source: chatSource(source) };

const ROUTE_NAMES_HI: Record<string, string> = {
  oral: 'मुँह से',
  topical: 'त्वचा पर',
  rectal: 'सपोज़िटरी (गुदा में)',
  inhaled: 'साँस से (इनहेलर)',
  injection: 'इंजेक्शन',
  eye: 'आँख की बूँदें',
  ear: 'कान की बूँदें',
  nasal: 'नाक का स्प्रे',
  vaginal: 'योनि में',
};

/** The Hindi of the ingredient files' texts, keyed by their English (content/medicines/facts.hi.json). */
const HINDI_FACTS = z
  .strictObject({ about: z.string(), ingredients: z.array(z.string()), texts: z.record(z.string(), z.string().min(1)) })
  .parse(JSON.parse(readFileSync(new URL('../../content/medicines/facts.hi.json', import.meta.url), 'utf8'))).texts;

/** The Hindi of a text built around one of the files' texts, or undefined when that text has none. */
function hindiOf(text: string | undefined, build: (hi: string) => string = (hi) => hi): string | undefined {
  const hi = text === undefined ? undefined : HINDI_FACTS[text];
  return hi === undefined ? undefined : build(hi);
}

/** An interaction's effect and advice as one cited fact, with its Hindi when both parts have one. */
function citeInteraction(i: { effect: string; advice: string; source: string }): CitedFact {
  const effect = HINDI_FACTS[i.effect];
  const advice = HINDI_FACTS[i.advice];
  return cite(`${i.effect} ${i.advice}`, i.source, effect && advice ? `${effect} ${advice}` : undefined);
}

/** "6 महीने से 2 साल", "12 साल और उससे ऊपर". */
export function ageBandHindi(fromMonths: number, toMonths: number | null): string {
  const age = (m: number) => (m < 24 ? `${m} महीने` : `${Math.floor(m / 12)} साल`);
  return toMonths === null ? `${age(fromMonths)} और उससे ऊपर` : `${age(fromMonths)} से ${age(toMonths)}`;
}

function sheetOf(facts: IngredientFacts, brands: readonly string[]): MedicineSheet {
  const name = facts.id.charAt(0).toUpperCase() + facts.id.slice(1);
  const oral = (d: { route: string }) => d.route === 'oral';
  const adult = facts.adultDoses.some(oral) ? facts.adultDoses.filter(oral) : facts.adultDoses;
  const child = facts.childDoses.some(oral) ? facts.childDoses.filter(oral) : facts.childDoses;
  const alcoholInteractions = interactionsBetween(facts.id, ALCOHOL).map(citeInteraction);
  return {
    id: facts.id,
    name,
    names: [...new Set([facts.id, ...facts.synonyms, ...brands])],
    adultDoses: adult.map((d) =>
      cite(
        `${ROUTE_NAMES[d.route] ?? d.route}: ${d.text}.`,
        d.source,
        hindiOf(d.text, (hi) => `${ROUTE_NAMES_HI[d.route] ?? d.route}: ${hi}।`),
      ),
    ),
    childDoses: child.map((d) => ({
      fromMonths: d.fromMonths,
      toMonths: d.toMonths,
      fact: cite(
        `${ageBand(d.fromMonths, d.toMonths)}: ${d.text}.`,
        d.source,
        hindiOf(d.text, (hi) => `${ageBandHindi(d.fromMonths, d.toMonths)}: ${hi}।`),
      ),
    })),
    minAge: facts.minAge
      ? { ...cite(facts.minAge.text, facts.minAge.source, hindiOf(facts.minAge.text)), months: facts.minAge.months }
      : null,
    alcohol: [
      ...(facts.alcohol ? [cite(facts.alcohol.text, facts.alcohol.source, hindiOf(facts.alcohol.text))] : []),
      ...alcoholInteractions,
    ],
    pregnancy: [
      ...(facts.pregnancy
        ? [
            cite(
              `Pregnancy: ${facts.pregnancy.text}`,
              facts.pregnancy.source,
              hindiOf(facts.pregnancy.text, (hi) => `प्रेग्नेंसी: ${hi}`),
            ),
          ]
        : []),
      ...(facts.breastfeeding
        ? [
            cite(
              `Breastfeeding: ${facts.breastfeeding.text}`,
              facts.breastfeeding.source,
              hindiOf(facts.breastfeeding.text, (hi) => `स्तनपान: ${hi}`),
            ),
          ]
        : []),
    ],
    cautions: [
      ...facts.warnings.map((w) => cite(w.text, w.source)),
      ...(facts.kidney ? [cite(`Kidney disease: ${facts.kidney.text}`, facts.kidney.source)] : []),
      ...(facts.liver ? [cite(`Liver disease: ${facts.liver.text}`, facts.liver.source)] : []),
    ],
    tooMuch: facts.tooMuch ? cite(facts.tooMuch.text, facts.tooMuch.source, hindiOf(facts.tooMuch.text)) : null,
    uses: cite(
      `${name} is a ${facts.class}.${facts.treats.length > 0 ? ` It is used for: ${facts.treats.join(', ')}.` : ''}`,
      facts.source,
    ),
  };
}

/** "6 months to 2 years", "12 years and over". */
export function ageBand(fromMonths: number, toMonths: number | null): string {
  const age = (m: number) => (m < 24 ? `${m} months` : `${Math.floor(m / 12)} years`);
  return toMonths === null ? `${age(fromMonths)} and over` : `${age(fromMonths)} to ${age(toMonths)}`;
}

export function medicineSheetsOf(ingredients: readonly IngredientFacts[]): MedicineSheets {
  const brandsOf = new Map<string, string[]>();
  for (const [brand, id] of Object.entries(BRANDS)) brandsOf.set(id, [...(brandsOf.get(id) ?? []), brand]);
  const sheets = ingredients.map((f) => sheetOf(f, brandsOf.get(f.id) ?? []));
  const byId = new Map(sheets.map((s) => [s.id, s]));
  return {
    sheets,
    find: (id) => byId.get(id),
    between(a, b) {
      const interactions = interactionsBetween(a, b).map(citeInteraction);
      const fine = safePairs()
        .filter((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))
        .flatMap((p) => [
          cite(`${p.note}.`, p.source),
          ...(p.children ? [cite(`Children: ${p.children.text}.`, p.children.source)] : []),
        ]);
      return { interactions, fine };
    },
  };
}

let cached: MedicineSheets | undefined;

/** The chat's view of the medicine facts, built once. */
export function chatMedicineSheets(): MedicineSheets {
  cached ??= medicineSheetsOf(ingredientFacts());
  return cached;
}

/** No medicine facts: every medicine question is answered "ask a pharmacist". */
export const NO_MEDICINE_SHEETS: MedicineSheets = {
  sheets: [],
  find: () => undefined,
  between: () => ({ interactions: [], fine: [] }),
};
