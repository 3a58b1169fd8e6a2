import {
  describePerson,
  type CitedText,
  type FindingSeverity,
  type IngredientDose,
  type Person,
  type SelfCareGuidance,
} from '@medibuddy/contracts';
import { solidUnitOf, unitStrengthsOf, type ProductForm } from './ingredients';
import { normaliseSymptom } from '../../content/symptom-vocabulary';
import { specificEntriesFor } from './complaint-entries';

/**
 * What the finder and the checker need to know about one active ingredient, for one person. Built from the
 * medicine facts (server/src/content/medicine-facts.ts) by `createSafetyFacts`; the rules that decide what a
 * person is shown live here, the medical content stays in the data.
 */
export type IngredientSafety = {
  name: string;
  isPrescriptionOnlyFor(form: ProductForm): boolean;
  /** Sold only by a pharmacist (the UK's pharmacy class), where it is not prescription-only. */
  isPharmacyOnly: boolean;
  /** Complaints it is a recognised treatment for, normalised (normaliseSymptom). */
  treats: readonly string[];
  /** The usual dose for this person, with its source; null when the facts hold none ("ask a pharmacist"). */
  doseFor(person: Person | undefined, form: ProductForm): CitedText | null;
  /** The most in one dose for this person in milligrams, by this route, when the facts give it in milligrams. */
  maxDoseMgFor(person: Person | undefined, form: ProductForm): { mg: number; source: string } | null;
  /** The most in 24 hours for this person in milligrams, when the facts give it in milligrams. */
  maxDailyMgFor(person: Person | undefined): { mg: number; source: string; sourceUrl: string | null } | null;
  /** Why it must not be taken by this person (too young, avoid in pregnancy), or null. */
  unsuitabilityFor(person: Person | undefined): CitedText | null;
  /** A caution this person should read first (care in pregnancy or breastfeeding), or null. */
  cautionFor(person: Person | undefined): CitedText | null;
  /** What every card of a product with it says, whoever it is for (drowsiness from a sedating antihistamine). */
  cardWarnings: readonly CitedText[];
  /**
   * What the facts do not cover for this person, which the finder will not guess at: no pregnancy or
   * breastfeeding statement, or (for a medicine taken by mouth) no dose for a child of this age. Null when covered.
   */
  missingFactFor(person: Person | undefined, form: ProductForm): string | null;
  /** The source of its facts, cited for "one product at a time". */
  factsSource: { source: string; sourceUrl: string | null };
};

export type InteractionFact = {
  severity: FindingSeverity;
  whatHappens: string;
  whatToDo: string;
  source: string;
  sourceUrl: string | null;
};

/** A self-care guide as the finder uses it: does it answer this text, for this person, and what it says. */
export type GuideFact = {
  id: string;
  /** The complaints (vocabulary labels, normalised) it answers. */
  complaints: readonly string[];
  /** Whether it is written for this person (fever in a baby and in an adult are different guides). */
  appliesTo(person: Person | undefined): boolean;
  /** Whether the symptom (its vocabulary complaints, or the patient's own words) is what the guide answers. */
  answers(symptom: string, complaints: ReadonlySet<string>): boolean;
  /**
   * What it says for this person. `avoidElsewhere`: what the other guides of the answer leave out for them (a fever
   * guide's "paracetamol or ibuprofen" beside the dengue guide's "no ibuprofen"), said after the lines that name it.
   */
  guidance(person: Person | undefined, avoidElsewhere?: ReadonlyMap<string, CitedText>): SelfCareGuidance;
  /** Ingredients a pharmacist would usually suggest for it. */
  recommended: readonly string[];
  /** Ingredients to leave out for this person, with the reason. */
  avoidFor(person: Person | undefined): Map<string, CitedText>;
  /** Which forms and strengths of an ingredient fit this complaint. */
  productRules: readonly (ProductRule & { ingredient: string })[];
};

/** A person rule that reaches an ingredient (a condition, an age), cited. */
export type PersonRuleHit = {
  action: 'hide' | 'caution';
  text: string;
  instead: string | null;
  source: string;
  sourceUrl: string | null;
};

export type SafetyFacts = {
  ingredient(name: string): IngredientSafety | undefined;
  /** The condition and age rules that reach this ingredient in this form for this person. */
  personRulesFor(name: string, form: ProductForm, circumstances: Circumstances): PersonRuleHit[];
  /** Every ingredient the facts name as a treatment for one of these complaints. */
  ingredientsTreating(complaints: ReadonlySet<string>): string[];
  interactionsBetween(a: string, b: string): InteractionFact[];
  guides: readonly GuideFact[];
};

/**
 * The complaints a symptom names, normalised: its vocabulary entries' labels and other names ("dysuria" →
 * "burning when urinating", "cystitis", ...), and the text itself.
 */
export function complaintsOf(symptom: string): Set<string> {
  const names = new Set<string>([normaliseSymptom(symptom)]);
  for (const entry of specificEntriesFor(symptom)) {
    for (const name of [entry.label, ...entry.synonyms]) names.add(normaliseSymptom(name));
  }
  return names;
}

/** The guides that answer the symptoms for this person, each once, in the order the symptoms came. */
export function guidesFor(symptoms: readonly string[], person: Person | undefined, facts: SafetyFacts): GuideFact[] {
  const chosen: GuideFact[] = [];
  for (const symptom of symptoms) {
    const complaints = complaintsOf(symptom);
    for (const guide of facts.guides) {
      if (!chosen.includes(guide) && guide.appliesTo(person) && guide.answers(symptom, complaints)) chosen.push(guide);
    }
  }
  return chosen;
}

export type ProductVerdict =
  /** `isFocused`: every ingredient treats the complaint (no extra active ingredient the person does not need). */
  | { kind: 'show'; doses: IngredientDose[]; cautions: CitedText[]; isFocused: boolean; isPharmacyOnly: boolean }
  /** `isPersonal`: left out for the person's own medicines, conditions or age, not for the complaint. */
  | { kind: 'hide'; reason: string; isPersonal?: boolean }
  | { kind: 'prescribe' }
  | { kind: 'irrelevant' };

/**
 * What else the finder knows about the person: the active ingredients of the medicines they already take (each with
 * the names they were typed as), their long-term conditions and an adult's age.
 */
export type Circumstances = {
  own: ReadonlyMap<string, readonly string[]>;
  conditions: ReadonlySet<string>;
  ageYears: number | undefined;
};

export const NO_CIRCUMSTANCES: Circumstances = { own: new Map(), conditions: new Set(), ageYears: undefined };

/**
 * Why a product is not for someone who takes these medicines or has these conditions (hide), or what they should
 * read first (cautions): the same ingredient again, an interaction the table calls serious (hide) or moderate
 * (caution), a condition or age rule.
 */
export function circumstanceVerdict(
  ingredients: readonly string[],
  form: ProductForm,
  circumstances: Circumstances,
  facts: SafetyFacts,
): { hide: string } | { cautions: CitedText[] } {
  const cautions: CitedText[] = [];
  for (const name of ingredients) {
    const ingredient = facts.ingredient(name);
    const already = circumstances.own.get(name);
    if (already && ingredient) {
      const { source } = ingredient.factsSource;
      return {
        hide: `${name}: you already take it (${already.join(', ')}); a second medicine with ${name} makes it easy to take more than the safe amount (${source}).`,
      };
    }
    for (const [mine, typedAs] of circumstances.own) {
      for (const hit of facts.interactionsBetween(name, mine)) {
        const text = `Not with ${typedAs.join(', ')}: ${hit.whatHappens} ${hit.whatToDo}`;
        // A pharmacist suggests something else rather than a medicine that interacts with what the person takes:
        // serious and moderate interactions leave the product out, with the reason; minor ones are a caution.
        if (hit.severity === 'serious' || hit.severity === 'moderate')
          return { hide: `${name}: ${text} (${hit.source})` };
        cautions.push({ text, source: hit.source, sourceUrl: hit.sourceUrl });
      }
    }
    for (const rule of facts.personRulesFor(name, form, circumstances)) {
      if (rule.action === 'hide') {
        return { hide: `${name}: ${rule.text}${rule.instead ? ` ${rule.instead}` : ''} (${rule.source})` };
      }
      cautions.push({ text: rule.text, source: rule.source, sourceUrl: rule.sourceUrl });
    }
  }
  return { cautions };
}

/** What the matched guides add to a product's verdict. */
export type GuideContext = {
  recommended: ReadonlySet<string>;
  avoid: ReadonlyMap<string, CitedText>;
  /** The guides' product rules by ingredient: the forms it counts in, and its strongest strength in per cent. */
  formRule: ReadonlyMap<string, ProductRule>;
};

export type ProductRule = {
  forms: readonly ProductForm[];
  maxStrengthPercent: number | null;
  reason: string;
  source: string;
};

export const NO_GUIDE_CONTEXT: GuideContext = { recommended: new Set(), avoid: new Map(), formRule: new Map() };

export function guideContextOf(guides: readonly GuideFact[], person: Person | undefined): GuideContext {
  const avoid = new Map<string, CitedText>();
  for (const g of guides)
    for (const [ingredient, why] of g.avoidFor(person)) if (!avoid.has(ingredient)) avoid.set(ingredient, why);
  const formRule = new Map<string, ProductRule>();
  for (const g of guides)
    for (const rule of g.productRules) if (!formRule.has(rule.ingredient)) formRule.set(rule.ingredient, rule);
  return { recommended: new Set(guides.flatMap((g) => g.recommended)), avoid, formRule };
}

/** "Salicylic acid 17% w/w" → 17 for salicylic acid: the per-cent strength a composition gives an ingredient. */
export function percentStrengthOf(composition: string, ingredient: string): number | null {
  const text = composition.toLowerCase();
  const at = text.indexOf(ingredient.toLowerCase());
  if (at === -1) return null;
  // "17%", "0.5 %", or a range "11-50%" (the strongest counts).
  const match = /^[^0-9+,;]*?(\d+(?:\.\d+)?)(?:\s*[-–]\s*(\d+(?:\.\d+)?))?\s*%/.exec(
    text.slice(at + ingredient.length),
  );
  return match ? Number(match[2] ?? match[1]) : null;
}

/**
 * Why a product is stronger than the complaint's guide allows (a wart paint's 17 % salicylic acid for acne), or null.
 */
export function strengthOutsideGuide(
  composition: string,
  ingredients: readonly string[],
  guide: GuideContext,
): string | null {
  for (const name of ingredients) {
    const rule = guide.formRule.get(name);
    if (!rule || rule.maxStrengthPercent === null) continue;
    const strength = percentStrengthOf(composition, name);
    if (strength !== null && strength > rule.maxStrengthPercent) {
      return `${name} ${strength} %: ${rule.reason} (${rule.source})`;
    }
  }
  return null;
}

/**
 * Why this ingredient must not be taken by this person, whoever prescribes it (too young, avoid in pregnancy or
 * breastfeeding, or the complaint's guide says to avoid it for them), as the reason shown; null when it may.
 */
export function unsuitableReason(
  name: string,
  person: Person | undefined,
  facts: SafetyFacts,
  avoid: ReadonlyMap<string, CitedText>,
): string | null {
  const ingredient = facts.ingredient(name);
  const why = ingredient ? (ingredient.unsuitabilityFor(person) ?? avoid.get(ingredient.name)) : undefined;
  return why ? `${name}: ${why.text} (${why.source})` : null;
}

/**
 * Whether a product that matched a complaint may be suggested to this person:
 * - irrelevant: not every one of its ingredients is a recognised treatment for the complaints (or one the guide
 *   recommends): nothing it contains may be medicine the person does not need;
 * - prescribe: it needs a prescription in this form (named only under "a doctor may prescribe");
 * - hide: an ingredient is unsuitable for the person (age, pregnancy, breastfeeding, the guide's "avoid"), or we
 *   hold no facts on it (we cannot say it suits anyone);
 * - show: with the dose of each ingredient for the person and the cautions to read first.
 */
export function verdictFor(
  product: { ingredients: readonly string[]; isPrescriptionOnly: boolean; form: ProductForm },
  complaints: ReadonlySet<string>,
  person: Person | undefined,
  facts: SafetyFacts,
  guide: GuideContext = NO_GUIDE_CONTEXT,
  circumstances: Circumstances = NO_CIRCUMSTANCES,
): ProductVerdict {
  const known = product.ingredients.map((name) => ({ name, facts: facts.ingredient(name) }));
  const treatsIt = (k: (typeof known)[number]) =>
    k.facts !== undefined && (k.facts.treats.some((t) => complaints.has(t)) || guide.recommended.has(k.facts.name));
  if (!known.some(treatsIt)) return { kind: 'irrelevant' };
  // A combination carrying an active ingredient that treats nothing asked about (a decongestant in a syrup for a
  // dry cough) is extra medicine and extra risk: pharmacists advise against it, so it is not suggested.
  if (!known.every(treatsIt)) return { kind: 'irrelevant' };
  // Unsuitable for this person whoever prescribes it (aspirin for a child): never under "a doctor may prescribe".
  for (const k of known) {
    const unsuitable = unsuitableReason(k.name, person, facts, guide.avoid);
    if (unsuitable) return { kind: 'hide', reason: unsuitable };
    const notForThisForm = k.facts ? guide.formRule.get(k.facts.name) : undefined;
    if (notForThisForm && !notForThisForm.forms.includes(product.form)) {
      return { kind: 'hide', reason: `${k.name}: ${notForThisForm.reason} (${notForThisForm.source})` };
    }
  }
  // The person's own medicines, conditions and age: never under "a doctor may prescribe" either.
  const circumstance = circumstanceVerdict(product.ingredients, product.form, circumstances, facts);
  if ('hide' in circumstance) return { kind: 'hide', reason: circumstance.hide, isPersonal: true };
  if (
    product.isPrescriptionOnly ||
    product.form === 'injection' ||
    known.some((k) => k.facts?.isPrescriptionOnlyFor(product.form))
  ) {
    return { kind: 'prescribe' };
  }
  const unknown = known.filter((k) => !k.facts).map((k) => k.name);
  if (unknown.length > 0) {
    return {
      kind: 'hide',
      reason: `We hold no checked facts on ${unknown.join(', ')}: ask a pharmacist whether it suits ${describePerson(person)}.`,
    };
  }
  for (const k of known) {
    const missing = k.facts?.missingFactFor(person, product.form);
    if (missing) return { kind: 'hide', reason: missing };
  }
  return {
    kind: 'show',
    doses: known.map((k) => ({ ingredient: k.name, dose: k.facts?.doseFor(person, product.form) ?? null })),
    cautions: [
      ...known.flatMap((k) => {
        const caution = k.facts?.cautionFor(person);
        return caution ? [caution] : [];
      }),
      ...circumstance.cautions,
      ...known.flatMap((k) => k.facts?.cardWarnings ?? []),
    ],
    isFocused: known.every(treatsIt),
    isPharmacyOnly: known.some((k) => k.facts?.isPharmacyOnly === true),
  };
}

/**
 * Why a product taken as whole units (a tablet, a capsule, a suppository) is not for this person: one unit holds
 * more of an ingredient than one dose for them (a 400 mg ibuprofen tablet for a baby whose dose is 50 mg). Null
 * when every unit fits, or when the strength or the dose is not known in milligrams.
 */
export function unitTooStrongFor(
  product: { name: string; composition: string; form: ProductForm },
  person: Person | undefined,
  facts: SafetyFacts,
): string | null {
  const unit = solidUnitOf(product.name);
  if (!unit) return null;
  for (const [ingredient, mg] of unitStrengthsOf(product.composition)) {
    const most = facts.ingredient(ingredient)?.maxDoseMgFor(person, product.form);
    if (most && mg > most.mg) {
      return `One ${unit} holds ${mg} mg of ${ingredient}, more than one dose for ${describePerson(person)} (at most ${most.mg} mg: ${most.source}). A pharmacist can suggest a product made for this age.`;
    }
  }
  return null;
}

/**
 * The order shown products are offered in: first those with no caution for this person, then those whose every
 * ingredient treats the complaint (a single remedy before a combination carrying extra active ingredients), then
 * the search's own order.
 */
export function safetyRank(verdict: ProductVerdict): number {
  if (verdict.kind !== 'show') return 4;
  return (verdict.cautions.length > 0 ? 2 : 0) + (verdict.isFocused ? 0 : 1);
}
