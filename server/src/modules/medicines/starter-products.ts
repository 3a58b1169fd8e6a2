import { ingredientKeyOf, productFormOf, type ProductForm } from './ingredients';
import type { SafetyFacts } from './medicine-safety';
import {
  groupKeyOf,
  STATUS_RANK,
  type MedicineRow,
  type MedicinesRepository,
  type UseHit,
  type UseLink,
} from './medicines.repository';
import {
  OTC_NOTE,
  PRESCRIPTION_NOTE,
  STARTER_MANUFACTURER,
  STARTER_SOURCE_KIND,
  type StarterMedicine,
} from '../../content/starter-catalogue';

/** Our own starter entries: as catalogue rows, and as matches where the facts say their ingredient treats a complaint. */

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

/**
 * Our own single-ingredient products whose ingredient the facts (or the complaint's guide) name as a treatment,
 * added as matches where the search of the uses' wording missed them: paracetamol for earache, though its uses
 * list other pains. They come after the worded matches (rank 0) and still pass the person's checks.
 */
export async function withTreatingStarters(
  repo: MedicinesRepository,
  facts: SafetyFacts,
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
        medicineKey: p.key,
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
