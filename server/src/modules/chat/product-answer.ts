import type { ChatSource } from '@medibuddy/contracts';
import type { Analysis } from './analyse';
import type { CitedFact, MedicineSheets, MedicineSheet } from './medicine-sheets';
import type { Named } from './same-ingredient';

/**
 * A product of several ingredients asked about on its own ("can I take co-codamol while breastfeeding"): what the
 * sources say about each of its ingredients, each named, so a rule of one (codeine: not while breastfeeding) is
 * never lost behind the product's name. An ingredient with no fact on the question is said to have none, never
 * implied to be fine. Doses are the product's own (they depend on its strength), so a dose question gets the
 * youngest age and the advice to follow the pack, not an ingredient's dose. Null when no such product is named or
 * the question is of another kind. The caller ends it with the advice to ask a pharmacist.
 */
export function productAnswer(
  named: readonly Named[],
  analysis: Pick<Analysis, 'type' | 'medicines' | 'ageMonths' | 'person'>,
  facts: MedicineSheets,
): { pieces: string[]; sources: ChatSource[] } | null {
  const product = named.find((n) => n.ingredients.length > 1);
  if (!product) return null;
  const sheets = product.ingredients.map((id) => facts.find(id)).filter((s): s is MedicineSheet => s !== undefined);
  const label = product.label.charAt(0).toUpperCase() + product.label.slice(1);
  const names = listed(sheets.map((s) => s.name.toLowerCase()));
  const contents = `**${label} contains ${names}.**`;
  const other = analysis.medicines
    .map((id) => facts.find(id))
    .find((s) => s !== undefined && !product.ingredients.includes(s.id));

  let lines: { sheet: MedicineSheet; facts: CitedFact[] }[];
  let lead: string;
  let after = '';
  if (other && analysis.type !== 'pregnancy' && analysis.type !== 'alcohol') {
    lead = `${contents} With ${other.name.toLowerCase()}, what the sources say for each:`;
    lines = sheets.map((sheet) => {
      const { interactions, fine } = facts.between(sheet.id, other.id);
      return { sheet, facts: interactions.length > 0 ? interactions : fine };
    });
  } else if (analysis.type === 'pregnancy') {
    lead = `${contents} In pregnancy and breastfeeding, what the sources say for each:`;
    lines = sheets.map((sheet) => ({ sheet, facts: sheet.pregnancy }));
  } else if (analysis.type === 'alcohol') {
    lead = `${contents} With alcohol, what the sources say for each:`;
    lines = sheets.map((sheet) => ({ sheet, facts: sheet.alcohol }));
  } else if (analysis.type === 'dose' || analysis.type === 'children') {
    const dose = `Its dose depends on the strength of the product: take it as its pack or leaflet says, and count its ${names} towards the daily limit of anything else you take.`;
    const isChild = analysis.person === 'child' || analysis.type === 'children';
    const age = analysis.ageMonths;
    const tooYoung = sheets.filter((s) => s.minAge && age !== null && age < s.minAge.months);
    lead =
      tooYoung.length > 0
        ? `**${label} is not for a child of that age without a doctor's advice:** it contains ${names}.`
        : `${contents} ${dose}`;
    // For a child, each ingredient's youngest age; an adult asking the dose needs the pack, not those.
    lines = isChild ? sheets.map((sheet) => ({ sheet, facts: sheet.minAge ? [sheet.minAge] : [] })) : [];
    after = isChild ? 'For a child, ask a pharmacist before giving a product with several ingredients. ' : '';
  } else {
    return null;
  }

  const pieces = [`${lead}\n\n`];
  const cited: ChatSource[] = [];
  for (const { sheet, facts: found } of lines) {
    if (found.length === 0) {
      if (analysis.type !== 'dose' && analysis.type !== 'children')
        pieces.push(`- ${sheet.name}: I have no reliable source on this.\n`);
      continue;
    }
    for (const f of found)
      pieces.push(`- ${sheet.name}: ${f.text} (source: ${f.source.publisher || f.source.title})\n`);
    cited.push(...found.map((f) => f.source));
  }
  pieces.push('\n', after);
  if (product.source) cited.push(product.source);
  const sources = [...new Map(cited.map((s) => [s.url ?? s.title, s])).values()];
  return { pieces: pieces.filter((p) => p !== ''), sources };
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
