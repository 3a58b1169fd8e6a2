import type { ChatSource } from '@medibuddy/contracts';
import type { Measure, ReferenceValues, ValueBand, ValueTimeframe } from '../../content/reference-values';

export type ValueReading = {
  measure: Measure;
  /** The value in the measure's unit (a blood pressure: [systolic, diastolic]). */
  value: number[];
  /** "7.8 mmol/L read as 140 mg/dL": said when the value was given in another unit. */
  unitNote: string | null;
  /** One reading per way the value can be read (fasting / 2-hour) and per sex where the bands differ. */
  readings: { context: string | null; band: ValueBand }[];
  timeframe: ValueTimeframe;
};

const RANK: Record<ValueTimeframe, number> = { routine: 0, days: 1, today: 2, now: 3 };
/** Whole numbers from 100 (a converted 224.3 mg/dL), one decimal below (37.8 °C, 7.2 %). */
const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 10) / 10);

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
    const bounded = [band.systolicFrom, band.systolicAbove, band.systolicBelow, band.diastolicFrom, band.diastolicAbove, band.diastolicBelow].some(
      (b) => b !== undefined,
    );
    return !bounded || tests.some(Boolean);
  }
  const v = value[0] as number;
  return (band.from === undefined || v >= band.from) && (band.above === undefined || v > band.above) && (band.below === undefined || v < band.below);
}

function bandOf(measure: Measure, value: number[], sex: 'male' | 'female'): ValueBand | undefined {
  return measure.bands.filter((b) => !b.sex || b.sex === sex).find((b) => inBand(b, value, sex, measure.kind));
}

/**
 * Reads a number against a measure's bands. Returns null when the numbers do not fit the measure (a blood pressure
 * needs two, a value far outside what a person can have is not read at all).
 */
export function readValue(
  values: ReferenceValues,
  measureId: string,
  numbers: readonly number[],
  sex: 'male' | 'female' | null,
): ValueReading | null {
  const measure = values.measures.find((m) => m.id === measureId);
  if (!measure) return null;
  if (measure.kind === 'pair') {
    const [s, d] = numbers;
    if (s === undefined || d === undefined || s < 40 || s > 300 || d < 20 || d > 200 || d >= s) return null;
    const readings = (['male'] as const).map((sx) => ({ context: null, band: bandOf(measure, [s, d], sx) as ValueBand }));
    return { measure, value: [s, d], unitNote: null, readings, timeframe: readings[0]?.band.timeframe ?? 'routine' };
  }
  const raw = numbers[0];
  if (raw === undefined || raw <= 0) return null;
  let value = raw;
  let unitNote: string | null = null;
  const alternate = measure.alternateUnits.find(
    (u) => (u.whenAbove === undefined || raw > u.whenAbove) && (u.whenBelow === undefined || raw < u.whenBelow),
  );
  if (alternate) {
    value = (raw + alternate.offset) * alternate.scale;
    unitNote = `I read ${raw} as ${alternate.unit} (${round(value)} ${measure.unit}).`;
  }
  const targets = measure.readAs ? measure.readAs.map((id) => values.measures.find((m) => m.id === id) as Measure) : [measure];
  const readings: ValueReading['readings'] = [];
  for (const target of targets) {
    let v = value;
    if (measure.readAs) {
      const alt = target.alternateUnits.find((u) => (u.whenAbove === undefined || raw > u.whenAbove) && (u.whenBelow === undefined || raw < u.whenBelow));
      v = alt ? (raw + alt.offset) * alt.scale : raw;
      if (alt) unitNote = `I read ${raw} as ${alt.unit} (${round(v)} ${target.unit}).`;
    }
    const context = measure.readAs ? `If this was ${target.id === 'fasting_glucose' ? 'a fasting reading' : 'taken 2 hours after a glucose drink or a meal'}` : null;
    const sexes = target.bands.some((b) => b.sex) ? (sex ? [sex] : (['male', 'female'] as const)) : (['male'] as const);
    for (const sx of sexes) {
      const band = bandOf(target, [v], sx);
      if (!band) continue;
      const sexContext = target.bands.some((b) => b.sex) && !sex ? `For a ${sx === 'male' ? 'man' : 'woman'}` : null;
      readings.push({ context: context ?? sexContext, band });
    }
  }
  if (readings.length === 0) return null;
  const timeframe = readings.map((r) => r.band.timeframe).reduce((a, b) => (RANK[b] > RANK[a] ? b : a));
  return { measure, value: [value], unitNote, readings, timeframe };
}

export function sourceOfReference(values: ReferenceValues, key: string): ChatSource {
  const s = values.sources[key];
  return { title: s?.title ?? key, url: s?.url ?? null, publisher: s?.publisher ?? '', credit: null };
}

const SEE_DOCTOR = 'This is general information, not a diagnosis: one reading is not enough to diagnose anything, so ask a doctor what it means for you.';

/** The answer to "my X is N": what band it is in, what to do, and the source of each band. */
export function valueAnswer(values: ReferenceValues, reading: ValueReading): { pieces: string[]; sources: ChatSource[] } {
  const { measure } = reading;
  const shown = measure.kind === 'pair' ? `${reading.value[0]}/${reading.value[1]} ${measure.unit}` : null;
  const pieces: string[] = [];
  if (reading.timeframe === 'now') pieces.push('**This needs attention now.**\n\n');
  if (reading.unitNote) pieces.push(`${reading.unitNote}\n\n`);
  if (reading.readings.length === 1) {
    const { band } = reading.readings[0] as { band: ValueBand };
    pieces.push(`A ${measure.name.toLowerCase()} of ${shown ?? `${round(reading.value[0] as number)} ${measure.unit}`} is **${band.label}**.\n\n`, `${band.advice}\n\n`);
  } else {
    pieces.push(`**${measure.name}:**\n`);
    for (const r of reading.readings) pieces.push(`- ${r.context}: **${r.band.label}**. ${r.band.advice}\n`);
    pieces.push('\n');
  }
  pieces.push(`What is normal: ${measure.normal}\n\n`, SEE_DOCTOR);
  const keys = [...new Set(reading.readings.map((r) => r.band.source))];
  return { pieces, sources: keys.map((k) => sourceOfReference(values, k)) };
}

/** The answer to "what is a normal X". */
export function normalValueAnswer(values: ReferenceValues, measure: Measure): { pieces: string[]; sources: ChatSource[] } {
  return {
    pieces: [`**${measure.name}:** ${measure.normal}\n\n`, 'If you tell me your own reading (for example "my ' + `${measure.aliases[0]} is …"), I can say which range it is in. Ask a doctor what your results mean for you.`],
    sources: [sourceOfReference(values, measure.source)],
  };
}
