import { currentLanguage, t } from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/intl-format';

/** A share (0.23) as a percentage in the page's language: '23%'. */
function percentOf(share: number): string {
  return formatNumber(share, { style: 'percent' });
}

/** 0.2345 -> '23%'; the ends say 'less than 1%' / 'more than 99%' rather than a false 0% or 100%. */
export function formatPercent(probability: number): string {
  const percent = probability * 100;
  if (percent > 0 && percent < 1) return t('results.lessThan', { percent: percentOf(0.01) });
  if (percent > 99 && percent < 100) return t('results.moreThan', { percent: percentOf(0.99) });
  return percentOf(Math.round(percent) / 100);
}

/** A metric on a 0-1 scale as a whole percentage: 0.853 -> '85%'. */
export function formatRate(value: number): string {
  return percentOf(Math.round(value * 100) / 100);
}

export function formatAuc(value: number): string {
  return formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export type Band = 'low' | 'moderate' | 'high';

/** 'Low', 'Moderate', 'High', in the page's language. */
export function bandLabel(band: Band): string {
  return t(`results.band.${band}`);
}

/** 'low', 'moderate', 'high', inside a sentence. */
export function bandWord(band: Band): string {
  return t(`results.bandWord.${band}`);
}

/**
 * 'Heart disease' -> 'heart disease' inside an English sentence, but 'HDL cholesterol' stays as it is; other languages
 * keep a name as it is sent.
 */
export function lowerFirst(text: string): string {
  if (currentLanguage() !== 'en') return text;
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** When a result was made, in the page's language: '23 November 2026 at 3:45 pm'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
