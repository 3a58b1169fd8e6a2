import { type Person, RECOMMENDATIONS_MAX } from '@medibuddy/contracts';
import {
  type Circumstances,
  type GuideContext,
  guideContextOf,
  type GuideFact,
  safetyRank,
  type SafetyFacts,
  unsuitableReason,
  verdictFor,
  type ProductVerdict,
} from './medicine-safety';
import { groupFactsOf, pickDiverse, type ProductGroup } from './product-ranking';
import type { SearchedSymptom } from './symptom-query';

/** What leaves a product out of the finder's answer for this person, and which products are shown or named. */

/** The reference child a finder answers for when nothing says who a medicine is for: nothing unsafe for a 2-year-old. */
const ANY_CHILD: Person = { kind: 'child', ageMonths: 23 };

/** How many left-out products (unsuitable for the person, or prescription only) are named. */
export const NAMED_MAX = 5;

/** Each product group's verdict, keyed by the group's representative: the groups are re-ordered (copied) later. */
export type GroupVerdicts = { get: (g: ProductGroup) => ProductVerdict | undefined };

/** Who the verdicts are for, and what they are weighed against. */
export type VerdictContext = {
  person: Person | undefined;
  /** Nobody assumed: a product unsuitable for a young child is left out too. */
  assumesNothing: boolean;
  facts: SafetyFacts;
  guides: readonly GuideFact[];
  guideContext: GuideContext;
  circumstances: Circumstances;
};

/** The verdict on each product group for this person: shown, hidden with a reason, prescription only, or irrelevant. */
export function judgeGroups(
  groups: readonly ProductGroup[],
  searched: readonly SearchedSymptom[],
  { person, assumesNothing, facts, guides, guideContext, circumstances }: VerdictContext,
): GroupVerdicts {
  const childAvoid = guideContextOf(guides, ANY_CHILD).avoid;
  const unsuitableForAnyChild = (ingredients: readonly string[]): string | null =>
    ingredients.map((name) => unsuitableReason(name, ANY_CHILD, facts, childAvoid)).find((why) => why) ?? null;
  const verdictMap = new Map<string, ProductVerdict>();
  for (const group of groups) {
    const complaints = new Set(
      [...group.representative.best.keys()].flatMap((i) => [...(searched[i]?.complaints ?? [])]),
    );
    const product = groupFactsOf(group.representative.groupKey);
    const forPerson = verdictFor(product, complaints, person, facts, guideContext, circumstances);
    // Nobody assumed: a product unsuitable for a young child is left out too, with that reason (a product we
    // merely hold no child's dose for is not: the doses shown are an adult's, and the answer says so).
    const forAnyChild = assumesNothing && forPerson.kind === 'show' ? unsuitableForAnyChild(product.ingredients) : null;
    verdictMap.set(
      group.representative.medicineId,
      forAnyChild
        ? { kind: 'hide', reason: `Not for young children, and we do not know who this is for. ${forAnyChild}` }
        : forPerson,
    );
  }
  return { get: (g: ProductGroup) => verdictMap.get(g.representative.medicineId) };
}

/**
 * The groups the answer uses: those shown (safest first, then in rank order, answering each symptom in turn), and
 * the first few left out for the person and the first few a doctor may prescribe, to be named.
 */
export function chooseGroups(groups: readonly ProductGroup[], verdicts: GroupVerdicts, queryCount: number) {
  const rankOf = (g: ProductGroup) => safetyRank(verdicts.get(g) ?? { kind: 'irrelevant' });
  const shown = groups
    .filter((g) => verdicts.get(g)?.kind === 'show')
    .sort((a, b) => rankOf(a) - rankOf(b) || a.order - b.order)
    .map((g, order) => ({ ...g, order }));
  const chosen = pickDiverse(shown, queryCount, RECOMMENDATIONS_MAX);
  const hiddenGroups = groups.filter((g) => verdicts.get(g)?.kind === 'hide').slice(0, NAMED_MAX);
  const prescribeGroups = groups.filter((g) => verdicts.get(g)?.kind === 'prescribe').slice(0, NAMED_MAX);
  return { chosen, hiddenGroups, prescribeGroups };
}
