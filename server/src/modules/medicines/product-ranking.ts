import type { ProductForm } from './ingredients';
import type { UseHit, UseLink } from './medicines.repository';

/** How the products that match the symptoms are ranked, grouped into near-identical products, and chosen. */

const SIMILAR_MAX = 3;

export type RankedMedicine = {
  medicineId: string;
  medicineKey: string;
  statusRank: number;
  groupKey: string;
  isStarter: boolean;
  /** Per symptom query: the use that matches it best. */
  best: Map<number, { text: string; rank: number; position: number }>;
  rankSum: number;
};

/**
 * Medicines with at least one matching use, best first: over the counter, then unknown status, then
 * prescription only; within that, more symptoms matched, then the higher summed rank, then our own entries, then
 * by the product's key (stable across imports, unlike its id).
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
      const { medicineId, medicineKey, statusRank, groupKey, isStarter } = link;
      m = { medicineId, medicineKey, statusRank, groupKey, isStarter, best: new Map(), rankSum: 0 };
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
      a.medicineKey.localeCompare(b.medicineKey),
  );
}

export type ProductGroup = { representative: RankedMedicine; similarIds: string[]; order: number };

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

/** The ingredients, form and prescription status a product group stands for, read from its group key. */
export function groupFactsOf(groupKey: string): {
  ingredients: string[];
  isPrescriptionOnly: boolean;
  form: ProductForm;
} {
  const [key = '', form = 'oral', status = ''] = groupKey.split('|');
  return {
    ingredients: key.split(' + ').filter(Boolean),
    isPrescriptionOnly: status === 'prescription',
    form: form as ProductForm,
  };
}
