import {
  describePerson,
  MEDICINE_CHECK_NOTE,
  type CheckedMedicine,
  type CheckFinding,
  type FindingSeverity,
  type MedicineCheckResponse,
  type Person,
} from '@medibuddy/contracts';
import { type SafetyFacts } from './medicine-safety';

const SEVERITY_ORDER: Record<FindingSeverity, number> = { serious: 0, moderate: 1, minor: 2, info: 3 };

/** "a, b and c" */
function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Checks medicines taken together, from the medicine facts only: the same ingredient in two entries, daily
 * totals over the maximum for this person (where the doses per day and the strength are known), ingredients
 * unsuitable for the person's age or pregnancy, and every pair in the interaction table. Pure: the entries
 * come resolved (catalogue product or ingredients) by the caller.
 */
export function checkMedicines(
  medicines: readonly CheckedMedicine[],
  person: Person | undefined,
  facts: SafetyFacts,
): MedicineCheckResponse {
  const findings: CheckFinding[] = [];
  const byIngredient = new Map<string, CheckedMedicine[]>();
  for (const m of medicines) {
    for (const ingredient of m.ingredients) byIngredient.set(ingredient, [...(byIngredient.get(ingredient) ?? []), m]);
  }

  for (const m of medicines.filter((x) => x.resolvedAs === 'unknown')) {
    findings.push({
      kind: 'unknown',
      severity: 'info',
      title: `We do not know “${m.name}”`,
      detail: 'It is not a product in our catalogue or an active ingredient we know, so it was not checked.',
      whatToDo:
        'Check the spelling, or enter its active ingredients (on the box or leaflet). A pharmacist can check it for you.',
      medicines: [m.name],
      source: null,
      sourceUrl: null,
    });
  }

  for (const [ingredient, takers] of byIngredient) {
    if (takers.length < 2) continue;
    findings.push({
      kind: 'duplicate',
      severity: 'serious',
      title: `${listOf(takers.map((t) => t.name))} ${takers.length === 2 ? 'both' : 'all'} contain ${ingredient}`,
      detail: `Taking them together doubles up on ${ingredient}, which makes it easy to take more than the safe daily amount.`,
      whatToDo: `Take only one medicine that contains ${ingredient}, unless a doctor or pharmacist has told you otherwise.`,
      medicines: takers.map((t) => t.name),
      ...(facts.ingredient(ingredient)?.factsSource ?? { source: null, sourceUrl: null }),
    });
  }

  for (const [ingredient, takers] of byIngredient) {
    const limit = facts.ingredient(ingredient)?.maxDailyMgFor(person);
    if (!limit) continue;
    const counted = takers.filter((t) => t.dosesPerDay !== null && t.strengthsMg[ingredient] !== undefined);
    if (counted.length === 0) continue;
    const total = counted.reduce(
      (sum, t) => sum + (t.strengthsMg[ingredient] as number) * (t.dosesPerDay as number),
      0,
    );
    if (total <= limit.mg) continue;
    const uncounted = takers.length - counted.length;
    findings.push({
      kind: 'daily_total',
      severity: 'serious',
      title: `${total} mg of ${ingredient} a day is more than the maximum of ${limit.mg} mg for ${describePerson(person)}`,
      detail:
        `${counted.map((t) => `${t.name}: ${t.strengthsMg[ingredient]} mg × ${t.dosesPerDay} a day`).join('; ')}.` +
        (uncounted > 0
          ? ` ${uncounted} more ${uncounted === 1 ? 'entry has' : 'entries have'} no dose and ${uncounted === 1 ? 'is' : 'are'} not counted.`
          : ''),
      whatToDo: `Do not take more than ${limit.mg} mg of ${ingredient} in 24 hours. If you have taken too much, get medical help at once, even if you feel well.`,
      medicines: counted.map((t) => t.name),
      source: limit.source,
      sourceUrl: limit.sourceUrl,
    });
  }

  for (const [ingredient, takers] of byIngredient) {
    const unsuitable = facts.ingredient(ingredient)?.unsuitabilityFor(person);
    if (!unsuitable) continue;
    findings.push({
      kind: 'person',
      severity: 'serious',
      title: `${ingredient} is not advised for ${describePerson(person)}`,
      detail: unsuitable.text,
      whatToDo: 'Ask a doctor or pharmacist before taking it, and about a suitable alternative.',
      medicines: takers.map((t) => t.name),
      source: unsuitable.source,
      sourceUrl: unsuitable.sourceUrl,
    });
  }

  const ingredients = [...byIngredient.keys()];
  for (let i = 0; i < ingredients.length; i++) {
    for (let j = i + 1; j < ingredients.length; j++) {
      const a = ingredients[i] as string;
      const b = ingredients[j] as string;
      for (const hit of facts.interactionsBetween(a, b)) {
        const names = [...new Set([...(byIngredient.get(a) ?? []), ...(byIngredient.get(b) ?? [])].map((m) => m.name))];
        // Two ingredients of one product interact by design (the maker combined them): only across entries.
        if (names.length < 2) continue;
        findings.push({
          kind: 'interaction',
          severity: hit.severity,
          title: `${a} with ${b}`,
          detail: hit.whatHappens,
          whatToDo: hit.whatToDo,
          medicines: names,
          source: hit.source,
          sourceUrl: hit.sourceUrl,
        });
      }
    }
  }

  findings.sort((x, y) => SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity]);
  return { personDescription: describePerson(person), medicines: [...medicines], findings, note: MEDICINE_CHECK_NOTE };
}

/**
 * Milligrams of each ingredient in one unit, read from a composition: "Paracetamol (650mg) + Caffeine (50mg)"
 * or "Paracetamol 500 mg tablets". Grams and micrograms are converted; an ingredient without a figure is left out.
 */
export function strengthsOf(
  composition: string,
  ingredients: readonly string[],
  normalise: (raw: string) => string,
): Record<string, number> {
  const out: Record<string, number> = {};
  const parts = composition.split(/\+|;|,(?![^(]*\))/);
  for (const part of parts) {
    const amount = /(\d+(?:\.\d+)?)\s*(mg|mcg|µg|g)\b/i.exec(part);
    if (!amount) continue;
    const name = normalise(part.replace(/\d.*$/s, ''));
    const ingredient =
      ingredients.find((i) => i === name) ??
      (ingredients.length === 1 && parts.length === 1 ? ingredients[0] : undefined);
    if (!ingredient || out[ingredient] !== undefined) continue;
    const value = Number(amount[1]);
    const unit = (amount[2] as string).toLowerCase();
    out[ingredient] = unit === 'g' ? value * 1000 : unit === 'mg' ? value : value / 1000;
  }
  return out;
}
