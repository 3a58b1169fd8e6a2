import {
  COUNTRY_LABELS,
  type FinderCountry,
  type HiddenProduct,
  type MedicineRecommendation,
  NO_MEDICINES_MESSAGE,
  type Person,
  type RecommendationsResponse,
  type SelfCareGuidance,
  type SymptomMatch,
} from '@medibuddy/contracts';
import { inLanguage, type SafetyFlag, type SafetyVerdict } from '../../reading/safety';
import { circumstanceNote } from './finder-circumstances';
import {
  type Circumstances,
  type GuideContext,
  type SafetyFacts,
  strengthOutsideGuide,
  unitTooStrongFor,
} from './medicine-safety';
import type { MedicineDetails, MedicineRow } from './medicines.repository';
import { groupFactsOf, type ProductGroup } from './product-ranking';
import { NAMED_MAX, type GroupVerdicts } from './product-verdicts';
import type { SearchedSymptom } from './symptom-query';

/** How the finder's answer is written: the doctor-first advice, each product's card, the products named, the notes. */

/** What the recommender returns: the public fields, plus the image URL only the compat API passes on. */
export type Recommendation = MedicineRecommendation & { imageUrl: string | null };
export type RecommendationResult = Omit<RecommendationsResponse, 'results'> & { results: Recommendation[] };

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

/** A sign that needs a doctor first: the shared safety check's advice, in the person's language, as the guidance. */
export function doctorFirstAnswer(
  doctor: readonly SafetyFlag[],
  language: SafetyVerdict['language'],
): { guidance: SelfCareGuidance[]; message: string } {
  const guidance = doctor.map((f) => {
    const advice = inLanguage(f.advice, language);
    const sources = f.sources.map((s) => `${s.publisher}: ${s.title}`).join('; ');
    return {
      id: f.id,
      title: inLanguage(f.label, language),
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
  return { guidance, message };
}

/** Who the cards are written for, and what a product's strength is checked against. */
export type CardContext = {
  person: Person | undefined;
  facts: SafetyFacts;
  guideContext: GuideContext;
  country: FinderCountry | undefined;
};

/**
 * The card of each chosen product group. A tablet stronger than one dose for this person (an adult's tablet for a
 * baby) is not offered: it is named with the reason, with the products hidden for the person (`tooStrong`).
 */
export function cardsFor(
  chosen: readonly ProductGroup[],
  details: ReadonlyMap<string, MedicineDetails>,
  verdicts: GroupVerdicts,
  searched: readonly SearchedSymptom[],
  { person, facts, guideContext, country }: CardContext,
): { results: Recommendation[]; tooStrong: HiddenProduct[] } {
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
        saleRule: saleRuleOf(verdict.isPharmacyOnly, d.prescriptionStatus, country),
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
  return { results, tooStrong };
}

/** The products named but not offered: those left out for the person (with why), and those a doctor may prescribe. */
export function namedProducts(
  tooStrong: readonly HiddenProduct[],
  hiddenGroups: readonly ProductGroup[],
  prescribeGroups: readonly ProductGroup[],
  details: ReadonlyMap<string, MedicineDetails>,
  verdicts: GroupVerdicts,
) {
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
  return { hidden, doctorMayPrescribe };
}

/**
 * The symptoms no product in the whole catalogue treats (not just none shown), in the person's own words
 * (`typedFor`: the words typed, by the English searched).
 */
export function unmatchedSymptoms(
  symptoms: readonly string[],
  searched: readonly SearchedSymptom[],
  groups: readonly ProductGroup[],
  verdicts: GroupVerdicts,
  typedFor: ReadonlyMap<string, string>,
): string[] {
  const found = new Set(
    groups.filter((g) => verdicts.get(g)?.kind !== 'irrelevant').flatMap((g) => [...g.representative.best.keys()]),
  );
  return symptoms
    .filter((s) => !searched.some((x, i) => x.symptom === s && found.has(i)))
    .map((s) => typedFor.get(s) ?? s);
}

/** The answer's closing words: the message when nothing (or not everything) was found, and what it took into account. */
export function closingNotes(
  {
    results,
    unmatched,
    guidance,
  }: { results: readonly Recommendation[]; unmatched: readonly string[]; guidance: readonly SelfCareGuidance[] },
  hiddenGroups: readonly ProductGroup[],
  verdicts: GroupVerdicts,
  circumstances: Circumstances,
): { message: string | undefined; taken: string } {
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
  return { message, taken };
}
