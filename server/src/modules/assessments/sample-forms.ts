import { CLINICAL_FORMS, type ClinicalField, type RiskModelSlug } from '@medibuddy/contracts';
import { possibleValuesOf } from './risk-probes';

/** A fixed spread of valid forms: each field takes one of its possible values, drawn by a seeded generator. */
export function formsOf(slug: RiskModelSlug, count: number, seed = 17): Record<string, number>[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, () =>
    Object.fromEntries(
      (CLINICAL_FORMS[slug] as readonly ClinicalField[]).map((f) => {
        const values = possibleValuesOf(f);
        return [f.key, values[Math.floor(next() * values.length)]!];
      }),
    ),
  );
}
