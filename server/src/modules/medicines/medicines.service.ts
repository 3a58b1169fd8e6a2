import {
  CONDITION_LABELS,
  COUNTRY_LABELS,
  describePerson,
  type FinderCountry,
  type HealthCondition,
  HEALTH_CONDITIONS,
  NO_MEDICINES_MESSAGE,
  RECOMMENDATIONS_MAX,
  type HiddenProduct,
  type MedicineCheckRequest,
  type MedicineRecommendation,
  type Person,
  type RecommendationsResponse,
  type SymptomMatch,
} from '@medibuddy/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ingredientKeyOf, productFormOf, type ProductForm } from './ingredients';
import { checkMedicines } from './medicine-check';
import {
  complaintsOf,
  type Circumstances,
  guideContextOf,
  strengthOutsideGuide,
  guidesFor,
  unsuitableReason,
  safetyRank,
  unitTooStrongFor,
  verdictFor,
  type ProductVerdict,
  type SafetyFacts,
} from './medicine-safety';
import { createMedicineResolver } from './my-medicines';
import {
  createMedicinesRepository,
  groupKeyOf,
  STATUS_RANK,
  type MedicineRow,
  type SymptomQuery,
  type UseHit,
  type UseLink,
} from './medicines.repository';
import {
  OTC_NOTE,
  PRESCRIPTION_NOTE,
  STARTER_CATALOGUE,
  STARTER_MANUFACTURER,
  STARTER_SOURCE_KIND,
  type StarterMedicine,
} from './starter-catalogue';
import { entriesFor, normaliseSymptom, suggestSymptoms, type SymptomEntry } from './symptom-vocabulary';
import { checkSafety, doctorFirst, inLanguage, noticeOf } from '../../reading/safety';
import type { Reading } from '../../reading/read';

/** What the finder weighs besides the complaint and the person (RecommendationsRequestSchema). */
export type FinderExtras = {
  medicines?: readonly string[] | undefined;
  conditions?: readonly HealthCondition[] | undefined;
  country?: FinderCountry | undefined;
};

/** The reference child a finder answers for when nothing says who a medicine is for: nothing unsafe for a 2-year-old. */
const ANY_CHILD: Person = { kind: 'child', ageMonths: 23 };

/**
 * Who the words say the medicine is for, when the request does not say: "my 3 year old", "I'm pregnant", "6 month
 * baby", "breastfeeding". Undefined when they say nothing: the finder then assumes nothing (ANY_CHILD's checks, adult
 * doses) and says so.
 */
export function personFromWords(readings: readonly Reading[]): Person | undefined {
  const tags = new Set(readings.flatMap((r) => [...r.tags]));
  const said = readings.map((r) => childAgeInYears(r.english)).find((y) => y !== undefined);
  const months = readings.flatMap((r) => r.agesInMonths)[0] ?? (said === undefined ? undefined : said * 12);
  if (months !== undefined) {
    if (months < 24) return { kind: 'child', ageMonths: Math.max(0, Math.floor(months)) };
    const years = Math.floor(months / 12);
    if (years <= 15) return { kind: 'child', ageYears: years };
    if (tags.has('pregnant')) return { kind: 'pregnant' };
    return { kind: 'adult', ageYears: Math.min(120, years) };
  }
  if (tags.has('pregnant')) return { kind: 'pregnant' };
  if (tags.has('breastfeeding')) return { kind: 'breastfeeding' };
  return undefined;
}

/**
 * A child's age said without "old": "my son is 6", "daughter aged 4", "my kid 7", "for my 5yo". Not a temperature
 * ("son has 39"), nor a duration ("son 3 days").
 */
const CHILD_THEN_AGE =
  /\b(?:son|daughter|child|kid|boy|girl|toddler)\b\s*(?:is|aged|age|of)?\s*(\d{1,2})\b(?!\s*(?:°|degrees?|deg|c\b|f\b|days?|weeks?|months?|hours?|times?|%|\.\d))/i;
const AGE_SHORT = /\b(\d{1,2})\s*(?:yo|y\/o)\b/i;
export function childAgeInYears(english: string): number | undefined {
  const found = CHILD_THEN_AGE.exec(english) ?? AGE_SHORT.exec(english);
  const years = found ? Number(found[1]) : NaN;
  return Number.isInteger(years) && years >= 1 && years <= 15 ? years : undefined;
}

/** Words that say a medicine is already being taken: "i'm on warfarin", "taking lemsip", "warfarin leta hoon". */
const TAKING_BEFORE = new Set(['on', 'taking', 'take', 'takes', 'took', 'using', 'use', 'uses', 'started']);
const TAKING_AFTER = new Set([
  'leta',
  'leti',
  'lete',
  'le',
  'khata',
  'khati',
  'khate',
  'लेता',
  'लेती',
  'लेते',
  'खाता',
  'खाती',
]);
/** English "i take sertraline", "she is on amlodipine and aspirin": the names after the cue, for the resolver. */
const TAKING_PHRASE =
  /\b(?:i'?m on|i am on|(?:he|she)(?:'s| is) on|(?:he|she|they) takes?|i take|i'?m taking|i am taking|(?:he|she)(?:'s| is) taking|taking|been on|i use|using)\s+([a-z][a-z0-9 +-]*?)(?=\s+(?:for|every|daily|a day|twice|once|tablets?|and can|can|what|which|is|but|so|since)\b|[,.?!]|$)/gi;

/**
 * The medicines the words say are already being taken, as they were written: lexicon medicines with a taking cue
 * beside them (any language), and English names after "i take", "i'm on", "taking" (split on "and", "+").
 */
export function takenInWords(readings: readonly Reading[]): string[] {
  const found = new Set<string>();
  for (const r of readings) {
    for (const c of r.concepts) {
      if (c.kind !== 'medicine') continue;
      const before = r.words.slice(Math.max(0, c.start - 3), c.start).map((w) => w.toLowerCase());
      const after = r.words.slice(c.end, c.end + 3).map((w) => w.toLowerCase());
      if (before.some((w) => TAKING_BEFORE.has(w)) || after.some((w) => TAKING_AFTER.has(w))) found.add(c.id);
    }
    // A name the lexicon does not hold, before a Hindi taking cue ("main paroxetine leta hoon"): the resolver keeps
    // it only if it names a medicine.
    r.words.forEach((w, i) => {
      const name = r.words[i - 1]?.toLowerCase();
      const cue = w.toLowerCase();
      // 'le' alone is also 'take this' ('kya le sakta'): only the cues that say it is taken regularly.
      if (cue !== 'le' && TAKING_AFTER.has(cue) && name && /^[a-z][a-z0-9-]{2,}$/.test(name)) found.add(name);
    });
    for (const m of r.english.toLowerCase().matchAll(TAKING_PHRASE)) {
      for (const name of (m[1] ?? '').split(/\s+(?:and|\+|with)\s+|\s*,\s*/))
        if (name.trim().length >= 3) found.add(name.trim());
    }
  }
  return [...found];
}

/**
 * The long-term conditions the words name ("mujhe liver ki problem hai", "किडनी कमज़ोर है", "I have glaucoma"): the
 * lexicon's condition concepts whose id or class is one of the finder's conditions (HEALTH_CONDITIONS).
 */
export function conditionsInWords(readings: readonly Reading[]): HealthCondition[] {
  return HEALTH_CONDITIONS.filter((c) => readings.some((r) => r.tags.has(c)));
}

/** Whether the words speak of a child or a baby without saying the age. */
const speaksOfAChild = (readings: readonly Reading[]) =>
  readings.some((r) => r.tags.has('child') || r.tags.has('baby'));

const SIMILAR_MAX = 3;
/** How many left-out products (unsuitable for the person, or prescription only) are named. */
const NAMED_MAX = 5;

/**
 * Words that say nothing about which medicine helps when they are all a symptom has: searching "pain" or
 * "problem" on its own would list half the catalogue. (The vocabulary handles "pain" as "Body aches".)
 */
const TOO_GENERAL = new Set([
  'pain',
  'ache',
  'problem',
  'problems',
  'issue',
  'issues',
  'disease',
  'disorder',
  'infection',
  'infections',
  'treatment',
  'prevention',
  'high',
  'low',
  'severe',
  'mild',
  'chronic',
  'acute',
  'body',
  'feeling',
  'feel',
  'bad',
  'blood',
  'condition',
  'symptom',
  'symptoms',
  'sore',
  'pressure',
  'level',
  'levels',
  'heart',
  'skin',
  'stomach',
  'head',
  'chest',
  'my',
  'and',
  'the',
  'in',
  'of',
  'with',
  'a',
  'an',
  'have',
  'got',
  'very',
]);

/** A phrase of the vocabulary as to_tsquery text: words joined by "followed by". Only [a-z0-9] words exist. */
function phrase(term: string): string {
  const words = normaliseSymptom(term).split(' ').filter(Boolean);
  return words.length === 1 ? (words[0] as string) : `(${words.join(' <-> ')})`;
}

/**
 * The full-text query for what a symptom means in the vocabulary: any term, none of the exclusions. With
 * `isCore`, only each entry's first term: the symptom itself, not the conditions it is part of.
 */
export function tsqueryText(entries: readonly SymptomEntry[], isCore = false): string {
  const terms = [...new Set(entries.flatMap((e) => (isCore ? e.terms.slice(0, 1) : e.terms)))].map(phrase);
  const excluded = [...new Set(entries.flatMap((e) => e.exclude ?? []))].map(phrase);
  const positive = `(${terms.join(' | ')})`;
  return excluded.length === 0 ? positive : `${positive} & !(${excluded.join(' | ')})`;
}

/** How a symptom is searched: through the vocabulary, or (unknown words) as the phrase typed, or not at all. */
export function symptomQueryOf(symptom: string): SymptomQuery | null {
  const entries = entriesFor(symptom);
  if (entries.length > 0) {
    return {
      all: sql`to_tsquery('english', ${tsqueryText(entries)})`,
      core: sql`to_tsquery('english', ${tsqueryText(entries, true)})`,
    };
  }
  const words = normaliseSymptom(symptom).split(' ').filter(Boolean);
  if (words.every((w) => TOO_GENERAL.has(w) || w.length < 3)) return null;
  const typed = sql`phraseto_tsquery('english', ${normaliseSymptom(symptom)})`;
  return { all: typed, core: typed };
}

export function starterRowOf(m: StarterMedicine): MedicineRow {
  return {
    key: `${STARTER_SOURCE_KIND}:${m.slug}`,
    sourceKind: 'starter',
    name: m.name,
    composition: m.composition,
    ingredients: m.ingredients,
    ingredientKey: ingredientKeyOf(m.ingredients),
    form: productFormOf(`${m.name} ${m.composition}`),
    uses: m.uses.join('; '),
    usesList: m.uses,
    sideEffects: m.sideEffects,
    manufacturer: STARTER_MANUFACTURER,
    imageUrl: null,
    prescriptionStatus: m.prescription,
    // A prescription-only medicine always ends on the advice to see a doctor, whatever its note says first.
    prescriptionNote: !m.note
      ? m.prescription === 'otc'
        ? OTC_NOTE
        : PRESCRIPTION_NOTE
      : m.prescription === 'prescription' && !/doctor/i.test(m.note)
        ? `${m.note} Ask a doctor.`
        : m.note,
    source: m.source,
    sourceUrl: m.sourceUrl,
    reviewExcellent: null,
    reviewAverage: null,
    reviewPoor: null,
  };
}

type RankedMedicine = {
  medicineId: string;
  statusRank: number;
  groupKey: string;
  isStarter: boolean;
  /** Per symptom query: the use that matches it best. */
  best: Map<number, { text: string; rank: number; position: number }>;
  rankSum: number;
};

/**
 * Medicines with at least one matching use, best first: over the counter, then unknown status, then
 * prescription only; within that, more symptoms matched, then the higher summed rank, then our own entries.
 */
export function rankMedicines(
  hits: readonly UseHit[],
  links: readonly UseLink[],
  queryCount: number,
): RankedMedicine[] {
  const hitsByUse = new Map<number, UseHit[]>();
  for (const h of hits) hitsByUse.set(h.useId, [...(hitsByUse.get(h.useId) ?? []), h]);
  const byMedicine = new Map<string, RankedMedicine>();
  for (const link of links) {
    let m = byMedicine.get(link.medicineId);
    if (!m) {
      const { medicineId, statusRank, groupKey, isStarter } = link;
      m = { medicineId, statusRank, groupKey, isStarter, best: new Map(), rankSum: 0 };
      byMedicine.set(link.medicineId, m);
    }
    for (const h of hitsByUse.get(link.useId) ?? []) {
      if (h.query >= queryCount) continue;
      const current = m.best.get(h.query);
      if (!current || h.rank > current.rank || (h.rank === current.rank && link.position < current.position)) {
        m.best.set(h.query, { text: h.text, rank: h.rank, position: link.position });
      }
    }
  }
  const ranked = [...byMedicine.values()].filter((m) => m.best.size > 0);
  for (const m of ranked) m.rankSum = [...m.best.values()].reduce((sum, b) => sum + b.rank, 0);
  return ranked.sort(
    (a, b) =>
      a.statusRank - b.statusRank ||
      b.best.size - a.best.size ||
      b.rankSum - a.rankSum ||
      Number(b.isStarter) - Number(a.isStarter) ||
      a.medicineId.localeCompare(b.medicineId),
  );
}

type ProductGroup = { representative: RankedMedicine; similarIds: string[]; order: number };

/**
 * Near-identical products (same active ingredients, form and prescription status) become one result. Our
 * own generic entry represents its group when it matches as many symptoms as the best member; the other
 * products are named as similar.
 */
export function groupProducts(ranked: readonly RankedMedicine[]): ProductGroup[] {
  const groups = new Map<string, RankedMedicine[]>();
  for (const m of ranked) groups.set(m.groupKey, [...(groups.get(m.groupKey) ?? []), m]);
  return [...groups.values()].map((members, order) => {
    const best = members[0] as RankedMedicine;
    const starter = members.find((m) => m.isStarter && m.best.size >= best.best.size);
    const representative = starter ?? best;
    const similarIds = members
      .filter((m) => m !== representative)
      .slice(0, SIMILAR_MAX)
      .map((m) => m.medicineId);
    return { representative, similarIds, order };
  });
}

/**
 * Up to `limit` groups, taken in turns for each symptom (its best group not yet taken), so that with
 * "sore throat, fever, cough" each symptom is answered rather than ten cough syrups; then shown in rank order.
 */
export function pickDiverse(groups: readonly ProductGroup[], queryCount: number, limit: number): ProductGroup[] {
  const queues = Array.from({ length: queryCount }, (_, i) => groups.filter((g) => g.representative.best.has(i)));
  const taken = new Set<ProductGroup>();
  let isProgressing = true;
  while (taken.size < limit && isProgressing) {
    isProgressing = false;
    for (const queue of queues) {
      if (taken.size >= limit) break;
      const next = queue.find((g) => !taken.has(g));
      if (next) {
        taken.add(next);
        isProgressing = true;
      }
    }
  }
  return [...taken].sort((a, b) => a.order - b.order);
}

/** What the recommender returns: the public fields, plus the image URL only the compat API passes on. */
export type Recommendation = MedicineRecommendation & { imageUrl: string | null };
export type RecommendationResult = Omit<RecommendationsResponse, 'results'> & { results: Recommendation[] };

/** The ingredients, form and prescription status a product group stands for, read from its group key. */
function groupFactsOf(groupKey: string): { ingredients: string[]; isPrescriptionOnly: boolean; form: ProductForm } {
  const [key = '', form = 'oral', status = ''] = groupKey.split('|');
  return {
    ingredients: key.split(' + ').filter(Boolean),
    isPrescriptionOnly: status === 'prescription',
    form: form as ProductForm,
  };
}

/**
 * Whose rule a card's sale class follows: the facts hold the UK's classes (general sale, pharmacy, prescription);
 * for India and the US, where the facts do not hold the rule, the card says to ask a pharmacist.
 */
export function saleRuleOf(
  isPharmacyOnly: boolean,
  status: MedicineRow['prescriptionStatus'],
  country: FinderCountry | undefined,
): string {
  if (status === 'prescription') return 'Prescription only in the UK, and in most countries: ask a doctor.';
  if (country === 'IN' || country === 'US') {
    return `We do not hold ${COUNTRY_LABELS[country]}'s sale rule for this medicine: ask a pharmacist whether you can buy it without a prescription.`;
  }
  const uk = isPharmacyOnly
    ? 'In the UK a pharmacy medicine: sold by a pharmacist.'
    : status === 'otc'
      ? 'In the UK sold without a prescription.'
      : 'Sale rule not known: ask a pharmacist.';
  return country === 'UK' ? uk : `${uk} Other countries' rules differ: ask a pharmacist where you are.`;
}

/** What the answer took into account besides the complaint: "Checked against what you take: warfarin." */
function circumstanceNote(circumstances: Circumstances): string | undefined {
  // Only what was recognised: a name we could not resolve to its ingredients was not checked.
  const checked = [...new Set([...circumstances.own.values()].flat())];
  const parts = [
    checked.length > 0 ? `the medicines you take (${checked.join(', ')})` : '',
    circumstances.conditions.size > 0
      ? `your conditions (${[...circumstances.conditions].map((c) => CONDITION_LABELS[c as HealthCondition].toLowerCase()).join('; ')})`
      : '',
    circumstances.ageYears !== undefined ? `your age (${circumstances.ageYears})` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `Checked against ${parts.join(', ')}.` : undefined;
}

export function createMedicinesService({ db, log, facts }: { db: Db; log: FastifyBaseLogger; facts: SafetyFacts }) {
  const repo = createMedicinesRepository(db);
  const resolve = createMedicineResolver(db, facts);

  /**
   * Our own single-ingredient products whose ingredient the facts (or the complaint's guide) name as a treatment,
   * added as matches where the search of the uses' wording missed them: paracetamol for earache, though its uses
   * list other pains. They come after the worded matches (rank 0) and still pass the person's checks.
   */
  async function withTreatingStarters(
    found: { hits: UseHit[]; links: UseLink[] },
    searched: readonly { complaints: ReadonlySet<string> }[],
  ): Promise<{ hits: UseHit[]; links: UseLink[] }> {
    const byQuery = searched.map((s) => new Set(facts.ingredientsTreating(s.complaints)));
    const products = await repo.findStarterByIngredientKeys([...new Set(byQuery.flatMap((set) => [...set]))]);
    const hits = [...found.hits];
    const links = [...found.links];
    const linked = new Set(found.links.map((l) => l.medicineId));
    let useId = -1;
    for (const p of products) {
      // Swallowed forms only: the facts say what an ingredient treats, not in which form ("glycerol treats a cough" is
      // the linctus, not the suppository; "sodium chloride treats dehydration" is not the nasal spray).
      if (linked.has(p.id) || p.usesList.length === 0 || p.form !== 'oral') continue;
      byQuery.forEach((ingredients, query) => {
        if (!ingredients.has(p.ingredientKey)) return;
        hits.push({ useId, text: p.usesList[0] as string, query, rank: 0 });
        links.push({
          useId,
          medicineId: p.id,
          position: 0,
          statusRank: STATUS_RANK[p.prescriptionStatus],
          groupKey: groupKeyOf({
            ingredientKey: p.ingredientKey,
            form: p.form as ProductForm,
            prescriptionStatus: p.prescriptionStatus,
          }),
          isStarter: true,
        });
        useId -= 1;
      });
    }
    return { hits, links };
  }

  /** The person's own medicines resolved to active ingredients, their conditions and an adult's age. */
  async function circumstancesOf(extras: FinderExtras, person: Person | undefined): Promise<Circumstances> {
    const own = new Map<string, string[]>();
    const typed = [...new Set(extras.medicines ?? [])];
    const resolved = await Promise.all(typed.map((name) => resolve({ name })));
    // Named as the person wrote them ("warfarin", "Sinusil Tablet"), with the ingredients they were resolved to.
    resolved.forEach((m, n) => {
      for (const i of m.ingredients) own.set(i, [...new Set([...(own.get(i) ?? []), typed[n]!])]);
    });
    return {
      own,
      conditions: new Set(extras.conditions ?? []),
      ageYears: person?.kind === 'adult' ? person.ageYears : undefined,
    };
  }

  return {
    /** Writes the starter catalogue; unchanged entries are left alone, so every start can call it. */
    async seedStarterCatalogue() {
      const counts = await repo.upsert(STARTER_CATALOGUE.map(starterRowOf));
      if (counts.inserted + counts.updated > 0) log.info(counts, 'starter medicine catalogue written');
      return counts;
    },

    suggestSymptoms(query: string) {
      return { suggestions: suggestSymptoms(query) };
    },

    /** Checks a typed list of medicines together for this person; nothing is stored or logged. */
    async check({ items, person }: MedicineCheckRequest) {
      return checkMedicines(await Promise.all(items.map(resolve)), person, facts);
    },

    /**
     * Self-care guidance for the complaints, then the medicines suitable for this person whose ingredients
     * treat them, each with the use that matched and the dose. Red-flag symptoms get an emergency notice and
     * nothing else; a complaint that needs a doctor (a likely urinary infection, a young baby's fever) gets its
     * guidance and no products. The symptoms are never logged or stored.
     */
    async recommend(
      input: readonly string[],
      given?: Person,
      extras: FinderExtras = {},
    ): Promise<RecommendationResult> {
      const started = performance.now();
      const typed = [...new Map(input.map((s) => [s.trim().toLowerCase(), s.trim()])).values()];
      const verdict = checkSafety(typed);
      // The person: as the request gives it, else as the words say it ("my 3 year old"), else nobody assumed.
      const read = given ? undefined : personFromWords(verdict.readings);
      const person = given ?? read;
      const assumesNothing = person === undefined;
      const childOfUnknownAge = assumesNothing && speaksOfAChild(verdict.readings);
      const personDescription = assumesNothing
        ? childOfUnknownAge
          ? 'a child of an age not given'
          : 'someone we know nothing about'
        : describePerson(person);
      const assumption = assumesNothing
        ? childOfUnknownAge
          ? "You did not say how old the child is, so only medicines suitable from 2 years are listed, and the doses shown are for adults: give the age for a child's dose, and ask a pharmacist for a baby under 2."
          : 'You did not say who this is for, so we assumed nothing: medicines not suitable for young children are left out and the doses shown are for adults. Say if it is for a child, a pregnant or breastfeeding woman, or an older person.'
        : read
          ? `From your words we read this as for ${describePerson(read)}; if that is wrong, say who it is for.`
          : undefined;
      const empty = { guidance: [], hidden: [], doctorMayPrescribe: [], personDescription };
      const emergency = noticeOf(verdict);
      if (emergency) {
        log.info({ redFlags: emergency.flags.map((f) => f.id) }, 'medicine search answered with an emergency notice');
        return { emergency, results: [], unmatched: [], ...empty };
      }
      // A sign that needs a doctor within days (a cough of 3 weeks with weight loss), or a medicine taken that needs
      // its prescriber today: the shared safety check's advice, in the person's language, and no product to hide it.
      const doctor = doctorFirst(verdict);
      if (doctor.length > 0) {
        log.info({ flags: doctor.map((f) => f.id) }, 'medicine search answered: a doctor first');
        const guidance = doctor.map((f) => {
          const advice = inLanguage(f.advice, verdict.language);
          const sources = f.sources.map((s) => `${s.publisher}: ${s.title}`).join('; ');
          return {
            id: f.id,
            title: inLanguage(f.label, verdict.language),
            isSelfCareAppropriate: false,
            notAppropriateReason: `${advice} (${sources})`,
            whatToDo: f.sources
              .slice(0, 1)
              .map((s) => ({ text: advice, source: `${s.publisher}: ${s.title}`, sourceUrl: s.url })),
            seeDoctorIf: [],
            redFlags: [],
          };
        });
        const message = guidance.map((g) => `${g.title}: ${g.notAppropriateReason}`).join(' ');
        return { emergency: null, results: [], unmatched: [], ...empty, guidance, message };
      }
      // A complaint in Hindi or Hinglish is searched as the English its reading gives ("sir dard" as headache);
      // one the reading cannot place is named back in the person's own words (decision 025).
      const typedFor = new Map<string, string>();
      const symptoms = typed.map((s, i) => {
        const reading = verdict.readings[i];
        const english = reading && reading.language !== 'en' && reading.described ? reading.described : s;
        typedFor.set(english, s);
        return english;
      });

      const guides = guidesFor(symptoms, person, facts);
      const guideContext = guideContextOf(guides, person);
      const guidance = guides.map((g) => g.guidance(person, guideContext.avoid));
      const notForSelfCare = guidance.filter((g) => !g.isSelfCareAppropriate);
      if (notForSelfCare.length > 0) {
        const message = notForSelfCare.map((g) => g.notAppropriateReason ?? `${g.title}: see a doctor.`).join(' ');
        return { emergency: null, results: [], unmatched: [], ...empty, guidance, message };
      }
      // Medicines the words say are being taken count as the person's own ("taking lemsip, can i have paracetamol").
      const inWords = takenInWords(verdict.readings);
      // So do the conditions they name ("liver ki problem hai"), beside those ticked on the page.
      const circumstances = await circumstancesOf(
        {
          ...extras,
          medicines: [...(extras.medicines ?? []), ...inWords],
          conditions: [...new Set([...(extras.conditions ?? []), ...conditionsInWords(verdict.readings)])],
        },
        person,
      );
      const childAvoid = guideContextOf(guides, ANY_CHILD).avoid;
      const unsuitableForAnyChild = (ingredients: readonly string[]): string | null =>
        ingredients.map((name) => unsuitableReason(name, ANY_CHILD, facts, childAvoid)).find((why) => why) ?? null;

      const searched = symptoms.flatMap((symptom) => {
        // Words the vocabulary does not know but a guide does ("running a temperature") are searched as the
        // guide's complaint, so they get the same products as the complaint's own name.
        const complaints = complaintsOf(symptom);
        const guided =
          entriesFor(symptom).length === 0
            ? facts.guides.filter((g) => g.answers(symptom, complaints)).flatMap((g) => g.complaints)
            : [];
        for (const c of guided) for (const name of complaintsOf(c)) complaints.add(name);
        const query = symptomQueryOf(guided[0] ?? symptom);
        return query ? [{ symptom, query, complaints }] : [];
      });
      const worded = await repo.findMatches(searched.map((s) => s.query));
      const { hits, links } = await withTreatingStarters(worded, searched);
      const groups = groupProducts(rankMedicines(hits, links, searched.length));
      // Keyed by the group's representative: the groups are re-ordered (copied) below.
      const verdictMap = new Map<string, ProductVerdict>();
      const verdicts = {
        get: (g: ProductGroup) => verdictMap.get(g.representative.medicineId),
        set: (g: ProductGroup, v: ProductVerdict) => verdictMap.set(g.representative.medicineId, v),
      };
      for (const group of groups) {
        const complaints = new Set(
          [...group.representative.best.keys()].flatMap((i) => [...(searched[i]?.complaints ?? [])]),
        );
        const product = groupFactsOf(group.representative.groupKey);
        const forPerson = verdictFor(product, complaints, person, facts, guideContext, circumstances);
        // Nobody assumed: a product unsuitable for a young child is left out too, with that reason (a product we
        // merely hold no child's dose for is not: the doses shown are an adult's, and the answer says so).
        const forAnyChild =
          assumesNothing && forPerson.kind === 'show' ? unsuitableForAnyChild(product.ingredients) : null;
        verdicts.set(
          group,
          forAnyChild
            ? { kind: 'hide', reason: `Not for young children, and we do not know who this is for. ${forAnyChild}` }
            : forPerson,
        );
      }
      const rankOf = (g: ProductGroup) => safetyRank(verdicts.get(g) ?? { kind: 'irrelevant' });
      const shown = groups
        .filter((g) => verdicts.get(g)?.kind === 'show')
        .sort((a, b) => rankOf(a) - rankOf(b) || a.order - b.order)
        .map((g, order) => ({ ...g, order }));
      const chosen = pickDiverse(shown, searched.length, RECOMMENDATIONS_MAX);
      const hiddenGroups = groups.filter((g) => verdicts.get(g)?.kind === 'hide').slice(0, NAMED_MAX);
      const prescribeGroups = groups.filter((g) => verdicts.get(g)?.kind === 'prescribe').slice(0, NAMED_MAX);

      const details = new Map(
        (
          await repo.findDetails([
            ...chosen.flatMap((g) => [g.representative.medicineId, ...g.similarIds]),
            ...[...hiddenGroups, ...prescribeGroups].map((g) => g.representative.medicineId),
          ])
        ).map((d) => [d.id, d]),
      );
      // A tablet stronger than one dose for this person (an adult's tablet for a baby) is not offered: it is
      // named with the reason, with the products hidden for the person.
      const tooStrong: HiddenProduct[] = [];
      const results: Recommendation[] = chosen.flatMap((group) => {
        const d = details.get(group.representative.medicineId);
        const verdict = verdicts.get(group);
        if (!d || verdict?.kind !== 'show') return [];
        const { form, ingredients } = groupFactsOf(group.representative.groupKey);
        const stronger =
          unitTooStrongFor({ name: d.name, composition: d.composition, form }, person, facts) ??
          strengthOutsideGuide(d.composition, ingredients, guideContext);
        if (stronger) {
          tooStrong.push({ name: d.name, reason: stronger });
          return [];
        }
        const matches: SymptomMatch[] = [...group.representative.best.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([i, hit]) => ({ symptom: (searched[i] as { symptom: string }).symptom, use: hit.text }));
        const similarProducts = [
          ...new Set(
            group.similarIds.flatMap((id) => {
              const similar = details.get(id);
              return similar && !unitTooStrongFor({ ...similar, form }, person, facts) ? [similar.name] : [];
            }),
          ),
        ].filter((name) => name !== d.name);
        return [
          {
            id: d.id,
            name: d.name,
            composition: d.composition,
            ingredients: d.ingredients,
            uses: d.uses,
            sideEffects: d.sideEffects,
            manufacturer: d.manufacturer ?? 'Not stated',
            hasProductImage: d.imageUrl !== null,
            imageUrl: d.imageUrl,
            prescriptionStatus: d.prescriptionStatus,
            // The facts' UK class wins over the catalogue's "over the counter": the card must not say a pharmacy
            // medicine can be taken off the shelf.
            saleClass:
              verdict.isPharmacyOnly && d.prescriptionStatus !== 'prescription' ? 'pharmacy' : d.prescriptionStatus,
            saleRule: saleRuleOf(verdict.isPharmacyOnly, d.prescriptionStatus, extras.country),
            isPrescriptionOnly: d.prescriptionStatus === 'unknown' ? null : d.prescriptionStatus === 'prescription',
            prescriptionNote: d.prescriptionNote,
            source: d.source,
            sourceUrl: d.sourceUrl,
            matches,
            score: Math.round((matches.length + group.representative.rankSum) * 1000) / 1000,
            similarProducts,
            doses: verdict.doses,
            cautions: verdict.cautions,
          },
        ];
      });
      const hidden: HiddenProduct[] = [
        ...tooStrong,
        ...hiddenGroups.flatMap((g) => {
          const d = details.get(g.representative.medicineId);
          const verdict = verdicts.get(g);
          return d && verdict?.kind === 'hide' ? [{ name: d.name, reason: verdict.reason }] : [];
        }),
      ].slice(0, NAMED_MAX);
      const doctorMayPrescribe = prescribeGroups.flatMap((g) => {
        const d = details.get(g.representative.medicineId);
        return d ? [{ name: d.name, ingredients: groupFactsOf(g.representative.groupKey).ingredients }] : [];
      });

      // A symptom is unmatched when no product in the whole catalogue treats it, not just none shown.
      const found = new Set(
        groups.filter((g) => verdicts.get(g)?.kind !== 'irrelevant').flatMap((g) => [...g.representative.best.keys()]),
      );
      const unmatched = symptoms
        .filter((s) => !searched.some((x, i) => x.symptom === s && found.has(i)))
        .map((s) => typedFor.get(s) ?? s);
      log.debug(
        {
          symptoms: symptoms.length,
          uses: hits.length,
          links: links.length,
          results: results.length,
          ms: Math.round(performance.now() - started),
        },
        'medicine search',
      );
      const message =
        results.length === 0
          ? NO_MEDICINES_MESSAGE
          : unmatched.length > 0
            ? `We found no medicine in our catalogue for: ${unmatched.join(', ')}. A pharmacist can advise you.`
            : undefined;
      // The guidance is written for everyone with the complaint: when it names a medicine left out for this person
      // (an anti-inflammatory gel for someone on warfarin), the answer says the left-out list wins.
      const leftOutForThem = hiddenGroups.some((g) => {
        const v = verdicts.get(g);
        return v?.kind === 'hide' && v.isPersonal === true;
      });
      const taken = [
        circumstanceNote(circumstances),
        leftOutForThem && guidance.length > 0
          ? 'Where the advice above names a medicine that is left out for you below, follow the reason given there and ask a pharmacist what to use instead.'
          : undefined,
      ]
        .filter(Boolean)
        .join(' ');
      return {
        emergency: null,
        results,
        unmatched,
        personDescription,
        ...(assumption || taken ? { assumption: [assumption, taken].filter(Boolean).join(' ') } : {}),
        guidance,
        hidden,
        doctorMayPrescribe,
        ...(message ? { message } : {}),
      };
    },
  };
}
export type MedicinesService = ReturnType<typeof createMedicinesService>;
