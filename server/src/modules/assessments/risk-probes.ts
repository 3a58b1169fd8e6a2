import {
  CLINICAL_FORMS,
  optionsOf,
  type ClinicalField,
  type RiskModelSlug,
  type RiskResult,
} from '@medibuddy/contracts';
import type { Inference, LoadedModel } from '../../plugins/models';

/**
 * Extra model runs around one result. The models are additive (the score is a sum of one contribution per field),
 * so one run with every field moved at once tells how each field's contribution changes on its own.
 */

type Values = Readonly<Record<string, number | null>>;

const isNumber = (f: ClinicalField) => f.type === 'integer' || f.type === 'decimal';

/** A step small against the field's range but large enough to move a float32 score. */
function stepOf(f: ClinicalField): number {
  const range = (f.max ?? 100) - (f.min ?? 0);
  return Math.max(f.step ?? 1, range / 100);
}

/** How a field's contribution changes one step above and one step below the value entered. */
export type Slope = { above: number; below: number };

/** Per numeric field entered, its slope on both sides (a piecewise-linear model can bend at the value). */
export async function slopesOf(
  model: Pick<LoadedModel, 'infer'>,
  order: readonly string[],
  fields: readonly ClinicalField[],
  inputs: Values,
  at: Inference,
): Promise<Record<string, Slope>> {
  const up: Record<string, number | null> = { ...inputs };
  const down: Record<string, number | null> = { ...inputs };
  const numeric = fields.filter((f) => isNumber(f) && inputs[f.key] !== null && inputs[f.key] !== undefined);
  // inside the form's range: below a lab value's minimum the model's log(1 + x) is not defined
  for (const f of numeric) {
    const v = inputs[f.key] as number;
    up[f.key] = Math.min(f.max ?? Infinity, v + stepOf(f));
    down[f.key] = Math.max(f.min ?? -Infinity, v - stepOf(f));
  }
  const [above, below] = await Promise.all([model.infer(up), model.infer(down)]);
  const out: Record<string, Slope> = {};
  for (const f of numeric) {
    const i = order.indexOf(f.key);
    const c = at.contributions[i] ?? 0;
    // at the edge of the range one side is not measured: it takes the other side's slope
    const a = up[f.key] === inputs[f.key] ? undefined : (above.contributions[i] ?? 0) - c;
    const b = down[f.key] === inputs[f.key] ? undefined : c - (below.contributions[i] ?? 0);
    out[f.key] = { above: a ?? b ?? 0, below: b ?? a ?? 0 };
  }
  return out;
}

/** The values a field could have had: every option, every whole number of a short range, or 5 points across it. */
export function possibleValuesOf(f: ClinicalField): number[] {
  if (!isNumber(f)) return optionsOf(f).map((o) => o.value);
  const min = f.min ?? 0;
  const max = f.max ?? min;
  if (f.type === 'integer' && max - min <= 10) return Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return Array.from({ length: 5 }, (_, i) => min + ((max - min) * i) / 4);
}

/**
 * For answers given as 'I don't know': the lowest and highest estimate over every value they could have had.
 * Undefined when every answer was given.
 */
export async function uncertaintyOf(
  slug: RiskModelSlug,
  model: Pick<LoadedModel, 'infer'>,
  order: readonly string[],
  inputs: Values,
): Promise<RiskResult['uncertainty']> {
  const fields = (CLINICAL_FORMS[slug] as readonly ClinicalField[]).filter((f) => inputs[f.key] === null);
  if (fields.length === 0) return undefined;
  const grids = fields.map(possibleValuesOf);
  const rows = Math.max(...grids.map((g) => g.length));
  const runs = await Promise.all(
    Array.from({ length: rows }, (_, k) => {
      const row: Record<string, number | null> = { ...inputs };
      fields.forEach((f, j) => (row[f.key] = grids[j]![Math.min(k, grids[j]!.length - 1)]!));
      return model.infer(row);
    }),
  );
  const low: Record<string, number | null> = { ...inputs };
  const high: Record<string, number | null> = { ...inputs };
  fields.forEach((f, j) => {
    const i = order.indexOf(f.key);
    const grid = grids[j]!;
    let lo = 0;
    let hi = 0;
    grid.forEach((_, k) => {
      if ((runs[k]!.contributions[i] ?? 0) < (runs[lo]!.contributions[i] ?? 0)) lo = k;
      if ((runs[k]!.contributions[i] ?? 0) > (runs[hi]!.contributions[i] ?? 0)) hi = k;
    });
    low[f.key] = grid[lo]!;
    high[f.key] = grid[hi]!;
  });
  const [atLow, atHigh] = await Promise.all([model.infer(low), model.infer(high)]);
  const round = (p: number) => Number(Math.min(1, Math.max(0, p)).toFixed(6));
  return { unknownFields: fields.map((f) => f.key), low: round(atLow.probability), high: round(atHigh.probability) };
}
