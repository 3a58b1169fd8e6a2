import { currentLanguage, INTL_LOCALE } from './i18n';

// Numbers and dates in the page's language's conventions (decision 032); a module of their own, so that only the
// pages that show them load them.

/** A number in the page's language's conventions (en-IN: 1,00,000; hi-IN the same, Latin digits). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(INTL_LOCALE[currentLanguage()], options).format(value);
}

/** A date, day-month-year, in the page's language (en-IN 27 Nov 2026, hi-IN 27 नव॰ 2026). */
export function formatDate(
  value: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[currentLanguage()], options).format(new Date(value));
}
