import type { Language } from '@medibuddy/contracts';

/**
 * Numbers in a sentence, the way each language writes them. English keeps exactly what the code always
 * wrote (`String(n)`, or `toFixed` where a field has decimals: results are stored in English and compared byte for
 * byte); Hindi uses the Indian grouping of hi-IN (1,00,000) with the same number of decimals, in Latin digits as
 * Indian reports print them.
 */

const hindiFormats = new Map<number | undefined, Intl.NumberFormat>();

function hindiFormat(digits: number | undefined): Intl.NumberFormat {
  let format = hindiFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(
      'hi-IN',
      digits === undefined
        ? { maximumFractionDigits: 20, useGrouping: true }
        : { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true },
    );
    hindiFormats.set(digits, format);
  }
  return format;
}

/** `value` as the language writes it: with `digits` decimals when given (as `toFixed`), else as it is. */
export function numberIn(language: Language, value: number, digits?: number): string {
  if (language === 'en') return digits === undefined ? String(value) : value.toFixed(digits);
  return hindiFormat(digits).format(value);
}

/**
 * A number already written in English digits ('4.50', '216', '1000') as the language writes it, keeping its
 * decimals: for values a form or a rule formats first (formatFieldValue, toFixed).
 */
export function numberTextIn(language: Language, text: string): string {
  if (language === 'en' || !/^-?\d+(\.\d+)?$/.test(text)) return text;
  const dot = text.indexOf('.');
  return numberIn(language, Number(text), dot === -1 ? 0 : text.length - dot - 1);
}
