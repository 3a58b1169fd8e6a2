import {
  ageInMonthsOf,
  describePerson,
  isDoseForAge,
  type CitedFact,
  type CitedText,
  type Dose,
  type FindingSeverity,
  type IngredientFacts,
  type MedicineRoute,
  type Person,
  type PersonRule,
  type SelfCareGuide,
} from '@medibuddy/contracts';
import {
  factsFor,
  ingredientFacts,
  personRulesFor,
  interactionsBetween as factsInteractionsBetween,
  selfCareGuides,
  sourceOf,
} from '../../content/medicine-facts';
import type { ProductForm } from './ingredients';
import type { GuideFact, IngredientSafety, InteractionFact, SafetyFacts } from './medicine-safety';
import { normaliseSymptom } from '../../content/symptom-vocabulary';

/** An adult's age for rules written in months: 16 years, the youngest adult, so "under 18" rules still apply. */
const ADULT_AGE_MONTHS = 192;

/** The routes of the data each product form covers (the catalogue only tells skin, eye, ear and nose forms apart by name). */
const ROUTES_OF_FORM: Record<ProductForm, readonly MedicineRoute[]> = {
  oral: ['oral'],
  topical: ['topical', 'eye', 'ear', 'nasal', 'vaginal'],
  rectal: ['rectal'],
  inhaled: ['inhaled'],
  injection: ['injection'],
};

const SEVERITY: Record<'contraindicated' | 'major' | 'moderate' | 'minor', FindingSeverity> = {
  contraindicated: 'serious',
  major: 'serious',
  moderate: 'moderate',
  minor: 'minor',
};

function cited(text: string, sourceId: string): CitedText {
  const source = sourceOf(sourceId);
  return { text, source: source ? `${source.publisher}: ${source.title}` : sourceId, sourceUrl: source?.url ?? null };
}

const citedFact = (fact: CitedFact): CitedText => cited(fact.text, fact.source);

function kindOf(person: Person | undefined): Person['kind'] {
  return person?.kind ?? 'adult';
}

/** Whether a rule of the data (kinds, ages in months) is about this person. */
export function ruleMatches(rule: PersonRule | null, person: Person | undefined): boolean {
  if (!rule) return true;
  const kind = kindOf(person);
  if (rule.kinds && !rule.kinds.includes(kind)) return false;
  const age = ageInMonthsOf(person) ?? ADULT_AGE_MONTHS;
  if (rule.minAgeMonths !== null && age < rule.minAgeMonths) return false;
  if (rule.maxAgeMonths !== null && age >= rule.maxAgeMonths) return false;
  return true;
}

/** The dose rules for this person by the product's form: a child's band for their age, else the adult ones. */
function dosesFor(facts: IngredientFacts, person: Person | undefined): Dose[] {
  const age = ageInMonthsOf(person);
  if (age === null) return facts.adultDoses;
  return facts.childDoses.filter((d) => isDoseForAge(d, age));
}

function pickDose(doses: readonly Dose[], form: ProductForm): Dose | undefined {
  const routes = ROUTES_OF_FORM[form];
  return doses.find((d) => routes.includes(d.route));
}

const MG_PER: Partial<Record<Dose['unit'], number>> = { mg: 1, g: 1000, mcg: 0.001 };

function safetyOf(facts: IngredientFacts): IngredientSafety {
  const source = sourceOf(facts.source);
  return {
    name: facts.id,
    isPrescriptionOnlyFor(form) {
      if (facts.legal.status === 'prescription') return true;
      const routes = facts.legal.routes;
      return routes !== null && !ROUTES_OF_FORM[form].some((r) => routes.includes(r));
    },
    isPharmacyOnly: facts.legal.status === 'pharmacy',
    treats: facts.treats.map(normaliseSymptom),
    doseFor(person, form) {
      const dose = pickDose(dosesFor(facts, person), form);
      return dose ? cited(dose.text, dose.source) : null;
    },
    maxDoseMgFor(person, form) {
      // A suppository with no rectal dose in the facts is held to the dose by mouth: the same medicine, and the
      // sources' rectal doses (paracetamol's, for children) are no larger.
      const doses = dosesFor(facts, person);
      const dose = pickDose(doses, form) ?? (form === 'rectal' ? pickDose(doses, 'oral') : undefined);
      const perMg = dose ? MG_PER[dose.unit] : undefined;
      if (!dose || dose.maxPerDose === null || perMg === undefined) return null;
      return { mg: Math.round(dose.maxPerDose * perMg * 1000) / 1000, source: cited(dose.text, dose.source).source };
    },
    maxDailyMgFor(person) {
      // Daily totals are about what is swallowed: the oral rule, in a unit that converts to milligrams.
      const dose = dosesFor(facts, person).find(
        (d) => d.route === 'oral' && d.maxPerDay !== null && MG_PER[d.unit] !== undefined,
      );
      if (!dose || dose.maxPerDay === null) return null;
      const c = cited(dose.text, dose.source);
      return {
        mg: Math.round(dose.maxPerDay * (MG_PER[dose.unit] as number) * 1000) / 1000,
        source: c.source,
        sourceUrl: c.sourceUrl,
      };
    },
    unsuitabilityFor(person) {
      const age = ageInMonthsOf(person);
      if (age !== null && facts.minAge && age < facts.minAge.months) return citedFact(facts.minAge);
      const kind = kindOf(person);
      if (kind === 'pregnant' && facts.pregnancy?.level === 'avoid') return citedFact(facts.pregnancy);
      if (kind === 'breastfeeding' && facts.breastfeeding?.level === 'avoid') return citedFact(facts.breastfeeding);
      return null;
    },
    cautionFor(person) {
      const kind = kindOf(person);
      const note = kind === 'pregnant' ? facts.pregnancy : kind === 'breastfeeding' ? facts.breastfeeding : null;
      return note?.level === 'caution' ? citedFact(note) : null;
    },
    cardWarnings: facts.warnings.filter((w) => w.onCard).map(citedFact),
    missingFactFor(person, form) {
      const kind = kindOf(person);
      if (kind === 'pregnant' && !facts.pregnancy)
        return `We hold no checked facts on ${facts.id} in pregnancy: ask a pharmacist.`;
      if (kind === 'breastfeeding' && !facts.breastfeeding)
        return `We hold no checked facts on ${facts.id} while breastfeeding: ask a pharmacist.`;
      // A medicine swallowed by a child needs a dose for their age; without one it is not offered.
      if (kind === 'child' && form === 'oral' && !pickDose(dosesFor(facts, person), 'oral')) {
        return `We hold no checked dose of ${facts.id} for ${describePerson(person)}: ask a pharmacist.`;
      }
      return null;
    },
    factsSource: {
      source: source ? `${source.publisher}: ${source.title}` : facts.source,
      sourceUrl: source?.url ?? null,
    },
  };
}

/** Words of the patient's phrase all present, in order, as whole words of the text. */
function containsPhrase(text: string, phrase: string): boolean {
  return phrase !== '' && ` ${text} `.includes(` ${phrase} `);
}

/** The ingredients a line of advice names by their id ("try paracetamol or ibuprofen"), in the order named. */
function ingredientsNamedIn(text: string, ids: readonly string[]): string[] {
  const words = ` ${normaliseSymptom(text)} `;
  return ids
    .filter((id) => words.includes(` ${id} `))
    .sort((a, b) => words.indexOf(` ${a} `) - words.indexOf(` ${b} `));
}

function guideOf(
  guide: SelfCareGuide,
  ingredientIds: readonly string[],
  ingredient: SafetyFacts['ingredient'],
): GuideFact {
  const complaints = new Set(guide.complaints.map(normaliseSymptom));
  const words = guide.patientWords.map(normaliseSymptom);
  const named = guide.whatToDo.map((line) => ingredientsNamedIn(line.text, ingredientIds));
  const avoidFor = (person: Person | undefined) =>
    new Map(
      guide.avoid.filter((a) => ruleMatches(a, person)).map((a) => [a.ingredient, cited(a.reason, a.source)] as const),
    );
  /**
   * The advice is written for anyone ("try paracetamol or ibuprofen"): for this person, each medicine it names that
   * they must not take (ibuprofen in pregnancy, aspirin for a child) is said right after the line, with why; the
   * same rule as hides the products (verdictFor).
   */
  const whatToDoFor = (person: Person | undefined, avoidElsewhere?: ReadonlyMap<string, CitedText>): CitedText[] => {
    const avoid = new Map([...(avoidElsewhere ?? []), ...avoidFor(person)]);
    return guide.whatToDo.flatMap((line, i) => {
      const notFor = (named[i] ?? []).flatMap((id) => {
        const why = ingredient(id)?.unsuitabilityFor(person) ?? avoid.get(id);
        return why ? [{ ...why, text: `Not ${id} for ${describePerson(person)}: ${why.text}` }] : [];
      });
      return [citedFact(line), ...notFor];
    });
  };
  return {
    id: guide.id,
    complaints: [...complaints],
    recommended: guide.recommendedIngredients,
    productRules: (guide.productRules ?? []).map((r) => ({
      ingredient: r.ingredient,
      forms: r.forms ?? ['oral', 'topical', 'rectal', 'inhaled', 'injection'],
      maxStrengthPercent: r.maxStrengthPercent ?? null,
      reason: r.reason,
      source: cited(r.reason, r.source).source,
    })),
    appliesTo: (person) => ruleMatches(guide.appliesTo, person),
    answers(symptom, symptomComplaints) {
      const text = normaliseSymptom(symptom);
      return [...symptomComplaints].some((c) => complaints.has(c)) || words.some((w) => containsPhrase(text, w));
    },
    guidance(person, avoidElsewhere) {
      const blocking = guide.notSelfTreatableFor.find((rule) => ruleMatches(rule, person));
      const reason = !guide.selfTreatable
        ? `${guide.title}: this needs a doctor or pharmacist rather than medicines bought to treat yourself, so none are listed.`
        : blocking
          ? `${blocking.reason} (${cited(blocking.reason, blocking.source).source})`
          : null;
      return {
        id: guide.id,
        title: guide.title,
        isSelfCareAppropriate: reason === null,
        notAppropriateReason: reason,
        whatToDo: whatToDoFor(person, avoidElsewhere),
        seeDoctorIf: guide.seeDoctorWhen.map(citedFact),
        // Those written for this person (a headache in pregnancy) first.
        redFlags: [
          ...guide.redFlags.filter((f) => f.appliesTo && ruleMatches(f.appliesTo, person)),
          ...guide.redFlags.filter((f) => !f.appliesTo),
        ].map(citedFact),
      };
    },
    avoidFor,
  };
}

/** The medicine facts, as the finder and the checker ask them. Read once; the loader validates the files. */
export function createSafetyFacts(): SafetyFacts {
  const safety = new Map<string, IngredientSafety | undefined>();
  const ingredient = (name: string): IngredientSafety | undefined => {
    if (!safety.has(name)) {
      const facts = factsFor(name);
      safety.set(name, facts ? safetyOf(facts) : undefined);
    }
    return safety.get(name);
  };
  const ingredientIds = ingredientFacts().map((f) => f.id);
  const guides = selfCareGuides().map((g) => guideOf(g, ingredientIds, ingredient));
  return {
    ingredient,
    personRulesFor(name, form, circumstances) {
      return personRulesFor(name, form, circumstances).map((r) => {
        const c = cited(r.reason, r.source);
        return {
          action: r.action,
          text: r.reason,
          instead: r.instead ?? null,
          source: c.source,
          sourceUrl: c.sourceUrl,
        };
      });
    },
    ingredientsTreating(complaints) {
      return ingredientFacts()
        .filter((f) => f.treats.some((t) => complaints.has(normaliseSymptom(t))))
        .map((f) => f.id);
    },
    interactionsBetween(a, b): InteractionFact[] {
      return factsInteractionsBetween(a, b).map((x) => {
        const c = cited(x.effect, x.source);
        return {
          severity: SEVERITY[x.severity],
          whatHappens: x.effect,
          whatToDo: x.advice,
          source: c.source,
          sourceUrl: c.sourceUrl,
        };
      });
    },
    guides,
  };
}
