/** 0.2345 -> '23%'; the ends say 'less than 1%' / 'more than 99%' rather than a false 0% or 100%. */
export function formatPercent(probability: number): string {
  const percent = probability * 100;
  if (percent > 0 && percent < 1) return 'less than 1%';
  if (percent > 99 && percent < 100) return 'more than 99%';
  return `${Math.round(percent)}%`;
}

/** A metric on a 0-1 scale as a percentage with one decimal where it matters: 0.853 -> '85%'. */
export function formatRate(value: number): string {
  return `${Math.round(value * 100)}%`;
}

export function formatAuc(value: number): string {
  return value.toFixed(2);
}

const BAND_LABEL = { low: 'Low', moderate: 'Moderate', high: 'High' } as const;
export type Band = keyof typeof BAND_LABEL;

export function bandLabel(band: Band): string {
  return BAND_LABEL[band];
}

/** 'Heart disease' -> 'heart disease', but 'HDL cholesterol' stays as it is. */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString([], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
