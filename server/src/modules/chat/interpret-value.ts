import type { ChatSource } from '@medibuddy/contracts';
import type { Measure, ReferenceValues, ValueBand, ValueTimeframe } from '../../content/reference-values';

export type ValueReading = {
  measure: Measure;
  /** The value in the measure's unit (a blood pressure: [systolic, diastolic]). */
  value: number[];
  /** "7.8 mmol/L read as 140 mg/dL": said when the value was given in another unit. */
  unitNote: string | null;
  /** One reading per way the value can be read (fasting / 2-hour) and per sex where the bands differ. */
  readings: {
    context: string | null;
    /** The parts of the context, for saying it in another language: which reading, which unit, which sex. */
    parts?: { timing: 'fasting' | 'after' | null; unit: string | null; sex: 'male' | 'female' | null };
    band: ValueBand;
  }[];
  /** The unit read when none was given, for saying the note in another language. */
  unitRead?: { raw: number; units: string[] } | null;
  timeframe: ValueTimeframe;
};

const RANK: Record<ValueTimeframe, number> = { routine: 0, days: 1, today: 2, now: 3 };
/** Whole numbers from 100 (a converted 224.3 mg/dL), one decimal below (37.8 °C, 7.2 %). */
export const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 10) / 10);

function inBand(band: ValueBand, value: number[], sex: 'male' | 'female' | null, kind: Measure['kind']): boolean {
  if (band.sex && sex && band.sex !== sex) return false;
  if (kind === 'pair') {
    const [s, d] = value as [number, number];
    const tests = [
      band.systolicFrom !== undefined && s >= band.systolicFrom,
      band.systolicAbove !== undefined && s > band.systolicAbove,
      band.systolicBelow !== undefined && s < band.systolicBelow,
      band.diastolicFrom !== undefined && d >= band.diastolicFrom,
      band.diastolicAbove !== undefined && d > band.diastolicAbove,
      band.diastolicBelow !== undefined && d < band.diastolicBelow,
    ];
    const bounded = [
      band.systolicFrom,
      band.systolicAbove,
      band.systolicBelow,
      band.diastolicFrom,
      band.diastolicAbove,
      band.diastolicBelow,
    ].some((b) => b !== undefined);
    return !bounded || tests.some(Boolean);
  }
  const v = value[0] as number;
  return (
    (band.from === undefined || v >= band.from) &&
    (band.above === undefined || v > band.above) &&
    (band.below === undefined || v < band.below)
  );
}

/** A unit in one spelling: lower case, no spaces, µ/μ/mc/micro as u ("µmol/L" and "umol/l" are the same). */
export function unitKey(unit: string): string {
  return unit
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[µμ]/g, 'u')
    .replace(/^micro(mol|g)/, 'u$1')
    .replace(/^mcg/, 'ug')
    .replace(/^percent$/, '%');
}

/** Whether a unit as typed is this unit; "mmol" names "mmol/L", "mg" names "mg/dL". */
function isUnit(typed: string, unit: string): boolean {
  const a = unitKey(typed);
  const b = unitKey(unit);
  return a === b || (!a.includes('/') && b.split('/')[0] === a);
}

type AlternateUnit = Measure['alternateUnits'][number];

/**
 * The units a number is read in: the unit typed (null when the measure is not reported in it), else by its size,
 * else both units where sizes overlap. `null` in the list is the measure's own unit.
 */
function unitsToRead(measure: Measure, raw: number, typed: string | null): (AlternateUnit | null)[] | null {
  if (typed) {
    if ([measure.unit, ...measure.sameUnits].some((u) => isUnit(typed, u))) return [null];
    const alternate = measure.alternateUnits.find((u) => isUnit(typed, u.unit));
    return alternate ? [alternate] : null;
  }
  const bySize = measure.alternateUnits.find(
    (u) =>
      (u.whenAbove !== undefined || u.whenBelow !== undefined) &&
      (u.whenAbove === undefined || raw > u.whenAbove) &&
      (u.whenBelow === undefined || raw < u.whenBelow),
  );
  if (bySize) return [bySize];
  return [null, ...measure.alternateUnits.filter((u) => u.bothBelow !== undefined && raw < u.bothBelow)];
}

const isPlausible = (measure: Measure, v: number) =>
  !measure.plausible || (v >= measure.plausible[0] && v <= measure.plausible[1]);

/** Whether a band is for the person's age: a band with no age bounds is for everyone. */
function forAge(band: ValueBand, ageMonths: number | null): boolean {
  if (band.ageMonthsFrom === undefined && band.ageMonthsBelow === undefined) return true;
  return (
    ageMonths !== null &&
    (band.ageMonthsFrom === undefined || ageMonths >= band.ageMonthsFrom) &&
    (band.ageMonthsBelow === undefined || ageMonths < band.ageMonthsBelow)
  );
}

function bandOf(
  measure: Measure,
  value: number[],
  sex: 'male' | 'female',
  ageMonths: number | null,
): ValueBand | undefined {
  return measure.bands
    .filter((b) => (!b.sex || b.sex === sex) && forAge(b, ageMonths))
    .find((b) => inBand(b, value, sex, measure.kind));
}

/**
 * Reads a number against a measure's bands, in the unit typed after it if any (`unit`), for the age the question
 * gives (`ageMonths`: a band for a baby counts only then). Returns null when the
 * numbers do not fit the measure: a blood pressure needs two; a unit the measure is not reported in, or a value
 * outside what a person can have (a unit mix-up: "blood sugar 5.5 mg/dl"), is not read at all.
 */
export function readValue(
  values: ReferenceValues,
  measureId: string,
  numbers: readonly number[],
  sex: 'male' | 'female' | null,
  unit: string | null = null,
  ageMonths: number | null = null,
): ValueReading | null {
  const measure = values.measures.find((m) => m.id === measureId);
  if (!measure) return null;
  if (measure.kind === 'pair') {
    const [s, d] = numbers;
    if (s === undefined || d === undefined || s < 40 || s > 300 || d < 20 || d > 200 || d >= s) return null;
    const readings = (['male'] as const).map((sx) => ({
      context: null,
      band: bandOf(measure, [s, d], sx, ageMonths) as ValueBand,
    }));
    return { measure, value: [s, d], unitNote: null, readings, timeframe: readings[0]?.band.timeframe ?? 'routine' };
  }
  const raw = numbers[0];
  if (raw === undefined || raw <= 0) return null;
  const targets = measure.readAs
    ? measure.readAs.map((id) => values.measures.find((m) => m.id === id) as Measure)
    : [measure];
  const readings: ValueReading['readings'] = [];
  let value: number | null = null;
  const notes = new Set<string>();
  let unitRead: ValueReading['unitRead'] = null;
  for (const target of targets) {
    const ways = unitsToRead(target, raw, unit);
    if (!ways) return null;
    const readable = ways
      .map((alt) => ({ alt, v: alt ? (raw + alt.offset) * alt.scale : raw }))
      .filter((w) => isPlausible(target, w.v));
    if (readable.length === 0) return null;
    for (const { alt, v } of readable) {
      value ??= v;
      if (readable.length > 1)
        notes.add(
          `You did not say the unit, so I read ${raw} both as ${readable.map((w) => w.alt?.unit ?? target.unit).join(' and as ')}: the unit printed on your report tells which applies.`,
        );
      else if (alt) notes.add(`I read ${raw} as ${alt.unit} (${round(v)} ${target.unit}).`);
      if (readable.length > 1 || alt) unitRead = { raw, units: readable.map((w) => w.alt?.unit ?? target.unit) };
      const timing = measure.readAs
        ? `If this was ${target.id === 'fasting_glucose' ? 'a fasting reading' : 'taken 2 hours after a glucose drink or a meal'}`
        : null;
      const inUnit = readable.length > 1 ? `If it is in ${alt?.unit ?? target.unit}` : null;
      const sexes = target.bands.some((b) => b.sex)
        ? sex
          ? [sex]
          : (['male', 'female'] as const)
        : (['male'] as const);
      for (const sx of sexes) {
        const band = bandOf(target, [v], sx, ageMonths);
        if (!band) continue;
        const sexContext = target.bands.some((b) => b.sex) && !sex ? `For a ${sx === 'male' ? 'man' : 'woman'}` : null;
        const context = [timing, inUnit, sexContext].filter((c) => c !== null);
        readings.push({
          context:
            context.length > 0
              ? context.map((c, i) => (i === 0 ? c : c.charAt(0).toLowerCase() + c.slice(1))).join(', ')
              : null,
          parts: {
            timing: measure.readAs ? (target.id === 'fasting_glucose' ? 'fasting' : 'after') : null,
            unit: inUnit ? (alt?.unit ?? target.unit) : null,
            sex: sexContext ? sx : null,
          },
          band,
        });
      }
    }
  }
  if (readings.length === 0) return null;
  const timeframe = readings.map((r) => r.band.timeframe).reduce((a, b) => (RANK[b] > RANK[a] ? b : a));
  return {
    measure,
    value: [value ?? raw],
    unitNote: notes.size > 0 ? [...notes].join(' ') : null,
    unitRead,
    readings,
    timeframe,
  };
}

export function sourceOfReference(values: ReferenceValues, key: string): ChatSource {
  const s = values.sources[key];
  return { title: s?.title ?? key, url: s?.url ?? null, publisher: s?.publisher ?? '', credit: null };
}

const SEE_DOCTOR =
  'This is general information, not a diagnosis: one reading is not enough to diagnose anything, so ask a doctor what it means for you.';

/** The answer to "my X is N": what band it is in, what to do, and the source of each band. */
export function valueAnswer(
  values: ReferenceValues,
  reading: ValueReading,
): { pieces: string[]; sources: ChatSource[] } {
  const { measure } = reading;
  const shown = measure.kind === 'pair' ? `${reading.value[0]}/${reading.value[1]} ${measure.unit}` : null;
  const pieces: string[] = [];
  if (reading.timeframe === 'now') pieces.push('**This needs attention now.**\n\n');
  if (reading.unitNote) pieces.push(`${reading.unitNote}\n\n`);
  if (reading.readings.length === 1) {
    const { band } = reading.readings[0] as { band: ValueBand };
    const name = measure.name.toLowerCase();
    const article = /^[aeio]/.test(name) ? 'An' : 'A';
    pieces.push(
      `${article} ${name} of ${shown ?? `${round(reading.value[0] as number)} ${measure.unit}`.trim()} is **${band.label}**.\n\n`,
      `${band.advice}\n\n`,
    );
  } else {
    pieces.push(`**${measure.name}:**\n`);
    for (const r of reading.readings) pieces.push(`- ${r.context}: **${r.band.label}**. ${r.band.advice}\n`);
    pieces.push('\n');
  }
  pieces.push(`What is normal: ${measure.normal}\n\n`, SEE_DOCTOR);
  const keys = [...new Set(reading.readings.map((r) => r.band.source))];
  return { pieces, sources: keys.map((k) => sourceOfReference(values, k)) };
}

/**
 * Why a number given for a measure was not read: a unit the measure is not reported in, or a value no person can
 * have in that unit. Said plainly, so that a unit mix-up never becomes a calm answer.
 */
export function unreadValueNote(
  values: ReferenceValues,
  measureId: string,
  numbers: readonly number[],
  unit: string | null,
): string {
  const measure = values.measures.find((m) => m.id === measureId);
  const target = measure?.readAs ? values.measures.find((m) => m.id === measure.readAs?.[0]) : measure;
  const raw = numbers[0];
  if (!measure || !target || raw === undefined || measure.kind === 'pair')
    return `I could not read that number as a ${measure?.name.toLowerCase() ?? 'measured'} reading.`;
  const units = [...new Set([target.unit, ...target.sameUnits, ...target.alternateUnits.map((u) => u.unit)])].filter(
    (u) => u !== '' && !u.startsWith('('),
  );
  const name = measure.name.toLowerCase();
  if (unit && !unitsToRead(target, raw, unit)) {
    return `You wrote ${raw} ${unit}, but ${name} is reported in ${units.join(' or ')}, so I will not guess what that number means. Check the unit printed on your report and ask me again with it; if you feel unwell, do not wait for the number.`;
  }
  return `${raw}${unit ? ` ${unit}` : ''} is outside what a ${name} can be${units.length > 0 ? ` in ${units.join(' or ')}` : ''}, so it may be in another unit or mistyped: check the number and the unit on your report, and ask me again. If you feel unwell, do not wait for the number.`;
}

/** The answer to "what is a normal X". */
export function normalValueAnswer(
  values: ReferenceValues,
  measure: Measure,
): { pieces: string[]; sources: ChatSource[] } {
  return {
    pieces: [
      `**${measure.name}:** ${measure.normal}\n\n`,
      'If you tell me your own reading (for example "my ' +
        `${measure.aliases[0]} is …"), I can say which range it is in. Ask a doctor what your results mean for you.`,
    ],
    sources: [sourceOfReference(values, measure.source)],
  };
}
