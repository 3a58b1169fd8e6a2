/**
 * Reference values the chat uses to read a number the user gives ("my hba1c is 7.2", "bp 185/125") and to say
 * what is normal. The values, bands and advice are data (reference-values.json), each band with its source;
 * nothing here is more certain than that source. Not reviewed by a clinician yet (`reviewedBy: null`).
 */
import { readFileSync } from 'node:fs';
import { analyteOf, fromCanonical, toCanonical } from '@medibuddy/contracts';
import { z } from 'zod';

export const ReferenceSourceSchema = z.strictObject({
  title: z.string().min(10),
  publisher: z.string().min(2),
  url: z.url(),
});
export type ReferenceSource = z.infer<typeof ReferenceSourceSchema>;

/** How soon to act on a band, as the result pages name it. */
export const ValueTimeframeSchema = z.enum(['now', 'today', 'days', 'routine']);
export type ValueTimeframe = z.infer<typeof ValueTimeframeSchema>;

/**
 * One band. A single value is in it when it is >= `from`, > `above` and < `below` (each where given); a blood
 * pressure is in it when any of its systolic/diastolic bounds holds (the ACC/AHA categories use "or"). A band
 * with no bound matches everything: it is the last one. Bands are listed most severe first; the first that
 * matches counts.
 */
const BandSchema = z.strictObject({
  id: z.string().min(1),
  sex: z.enum(['male', 'female']).optional(),
  /**
   * A band for an age only (a baby's fever): it counts when the question gives an age in months from
   * `ageMonthsFrom` and below `ageMonthsBelow`, and is skipped when no age is given.
   */
  ageMonthsFrom: z.number().int().nonnegative().optional(),
  ageMonthsBelow: z.number().int().positive().optional(),
  from: z.number().optional(),
  above: z.number().optional(),
  below: z.number().optional(),
  systolicFrom: z.number().optional(),
  systolicAbove: z.number().optional(),
  systolicBelow: z.number().optional(),
  diastolicFrom: z.number().optional(),
  diastolicAbove: z.number().optional(),
  diastolicBelow: z.number().optional(),
  label: z.string().min(5),
  advice: z.string().min(5),
  timeframe: ValueTimeframeSchema,
  source: z.string().min(1),
});
export type ValueBand = z.infer<typeof BandSchema>;

/**
 * Another unit people write the value in, and how to convert it: (v + offset) * scale, or, for a lab value whose
 * units are in contracts' lab-units.json, `analyte` names it and the factor comes from there (decision 030: the forms
 * and the chat read units through the same cited data). Used when the question names
 * the unit; otherwise when the number's size says so (`whenAbove`/`whenBelow`). Where sizes overlap (vitamin D in
 * nmol/L or ng/mL) a number below `bothBelow` is read in both units and the more urgent reading counts. With none
 * of these, the unit is used only when named.
 */
const AlternateUnitSchema = z.strictObject({
  unit: z.string().min(1),
  whenAbove: z.number().optional(),
  whenBelow: z.number().optional(),
  bothBelow: z.number().optional(),
  offset: z.number().default(0),
  scale: z.number().positive().optional(),
  analyte: z.string().optional(),
});

/** (v + offset) * scale from lab-units.json: a value in `unit` into the measure's unit, through the canonical unit. */
function conversionOf(analyteKey: string, unit: string, measureUnit: string): { offset: number; scale: number } {
  const analyte = analyteOf(analyteKey);
  if (!analyte) throw new Error(`reference-values.json: no analyte ${analyteKey} in lab-units.json`);
  const into = (v: number) => fromCanonical(analyte, toCanonical(analyte, v, unit), measureUnit);
  const scale = into(1) - into(0);
  return { offset: into(0) / scale, scale };
}

const MeasureSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9_]+$/),
    name: z.string().min(2),
    /** Lower-case phrases that name it in a question. */
    aliases: z.array(z.string().regex(/^[a-z0-9 .-]+$/, 'must be lower-case words')).min(1),
    kind: z.enum(['single', 'pair']),
    unit: z.string().min(1),
    /** Units that give the same number as `unit` (mEq/L for potassium's mmol/L). */
    sameUnits: z.array(z.string().min(1)).default([]),
    alternateUnits: z.array(AlternateUnitSchema).default([]),
    /** The values, in `unit`, a living person can have: a number outside is a unit mix-up or a typo, never read. */
    plausible: z.tuple([z.number(), z.number()]).optional(),
    /** A value that depends on when it was taken (blood sugar) is read as each of these measures. */
    readAs: z.array(z.string()).optional(),
    normal: z.string().min(20),
    source: z.string().min(1),
    bands: z.array(BandSchema),
  })
  .transform((m, ctx) => ({
    ...m,
    alternateUnits: m.alternateUnits.map((u) => {
      const { analyte, ...rest } = u;
      if (analyte !== undefined && u.scale === undefined && u.offset === 0) {
        return { ...rest, ...conversionOf(analyte, u.unit, m.unit) };
      }
      if (analyte === undefined && u.scale !== undefined) return { ...rest, scale: u.scale };
      ctx.addIssue({
        code: 'custom',
        path: ['alternateUnits'],
        message: `${u.unit}: needs a scale or an analyte, not both`,
      });
      return { ...rest, scale: 1 };
    }),
  }));
export type Measure = z.infer<typeof MeasureSchema>;

export const ReferenceValuesSchema = z
  .strictObject({
    version: z.string(),
    reviewedBy: z.string().nullable(),
    sources: z.record(z.string(), ReferenceSourceSchema),
    measures: z.array(MeasureSchema).min(1),
  })
  .superRefine((data, ctx) => {
    const ids = new Set(data.measures.map((m) => m.id));
    data.measures.forEach((m, i) => {
      const cited = [m.source, ...m.bands.map((b) => b.source)];
      for (const key of cited) {
        if (!(key in data.sources))
          ctx.addIssue({ code: 'custom', path: ['measures', i], message: `cites unknown source ${key}` });
      }
      for (const other of m.readAs ?? []) {
        if (!ids.has(other))
          ctx.addIssue({ code: 'custom', path: ['measures', i, 'readAs'], message: `names unknown measure ${other}` });
      }
      if (!m.readAs && m.bands.length === 0)
        ctx.addIssue({ code: 'custom', path: ['measures', i, 'bands'], message: 'needs bands or readAs' });
      // Without a catch-all band (per sex where bands are per sex) some value would fall through every band.
      for (const sex of m.bands.some((b) => b.sex) ? (['male', 'female'] as const) : [undefined]) {
        const last = m.bands.filter((b) => b.sex === sex).at(-1);
        const isOpen =
          last &&
          [
            last.from,
            last.above,
            last.below,
            last.systolicFrom,
            last.systolicAbove,
            last.systolicBelow,
            last.diastolicFrom,
            last.diastolicAbove,
            last.diastolicBelow,
          ].every((v) => v === undefined);
        if (m.bands.length > 0 && !isOpen)
          ctx.addIssue({ code: 'custom', path: ['measures', i, 'bands'], message: 'the last band must have no bound' });
      }
    });
  });
export type ReferenceValues = z.infer<typeof ReferenceValuesSchema>;

export function loadReferenceValues(file: URL = new URL('reference-values.json', import.meta.url)): ReferenceValues {
  return ReferenceValuesSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** How a value compares with each bound of a band: it is in the band when it is >= `from`, > `above`, < `below`. */
export const BOUND_OPS = {
  from: '>=',
  above: '>',
  below: '<',
  systolicFrom: '>=',
  systolicAbove: '>',
  systolicBelow: '<',
  diastolicFrom: '>=',
  diastolicAbove: '>',
  diastolicBelow: '<',
} as const;
export type BoundName = keyof typeof BOUND_OPS;

export type Threshold = { value: number; op: (typeof BOUND_OPS)[BoundName] };

/**
 * One cut-off of the table by name, 'measure.band.bound' ('glucose_2h.diabetes.from', 'blood_pressure.crisis.
 * diastolicAbove'): other rule sets read their numbers here, so each threshold is written once. Undefined when
 * the measure, band or bound does not exist.
 */
export function thresholdOf(values: ReferenceValues, ref: string): Threshold | undefined {
  const [measureId, bandId, bound, ...rest] = ref.split('.');
  if (rest.length > 0 || !bound || !(bound in BOUND_OPS)) return undefined;
  const band = values.measures.find((m) => m.id === measureId)?.bands.find((b) => b.id === bandId);
  const value = band?.[bound as BoundName];
  return value === undefined ? undefined : { value, op: BOUND_OPS[bound as BoundName] };
}

/** thresholdOf, for code that cannot run without the number: throws when the table lacks it. */
export function requireThreshold(values: ReferenceValues, ref: string): number {
  const threshold = thresholdOf(values, ref);
  if (!threshold) throw new Error(`reference-values.json has no threshold ${ref}`);
  return threshold.value;
}

const HindiSchema = z.strictObject({
  about: z.string(),
  measures: z.record(
    z.string(),
    z.strictObject({
      name: z.string().min(1),
      normal: z.string().min(1),
      bands: z.record(z.string(), z.strictObject({ label: z.string().min(1), advice: z.string().min(1) })),
    }),
  ),
});
export type ReferenceValuesHindi = z.infer<typeof HindiSchema>;

/**
 * The Hindi of the reference values (reference-values.hi.json), for a question asked in Hindi or Hinglish
 * (decision 025): translated from the English, which carries the sources. A measure or band without its Hindi
 * stops the server at start.
 */
export function loadReferenceValuesHindi(
  values: ReferenceValues,
  file: URL = new URL('reference-values.hi.json', import.meta.url),
): ReferenceValuesHindi {
  const hindi = HindiSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  for (const m of values.measures) {
    const hi = hindi.measures[m.id];
    if (!hi) throw new Error(`reference-values.hi.json: the measure ${m.id} has no Hindi`);
    for (const b of m.bands)
      if (!hi.bands[b.id]) throw new Error(`reference-values.hi.json: the band ${m.id}/${b.id} has no Hindi`);
  }
  return hindi;
}
