/**
 * Reads a message compiled by Lingui's compiler (@lingui/message-utils, at build time: build/catalogues.ts) with its
 * values, in a locale (decision 032). What the compiler writes: a list of parts, each a string, `[name]` (a value),
 * or `[name, 'plural' | 'selectordinal' | 'select', cases]`, where a case is a list of parts again, `#` in a plural
 * case is the number (in the locale's grouping), and an exact case `=0` is the key `0`. Catalogues do not format
 * numbers or dates themselves (`{n, number}`): the caller passes them formatted (lib/intl-format.ts).
 * This is all the browser needs of a message library: the ICU parser stays in the build.
 */
export type CompiledPart = string | [string] | [string, string] | [string, string, unknown];
export type CompiledMessage = string | CompiledPart[];

type Values = Record<string, unknown>;

/** A plain value; numbers and dates are formatted by the caller (lib/intl-format.ts) before they are put in. */
const formatValue = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

function formatParts(parts: CompiledPart[], values: Values, locale: string, pluralValue?: string): string {
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      text += part === '#' && pluralValue !== undefined ? pluralValue : part;
      continue;
    }
    const [name, type, style] = part;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      const cases = style as Record<string, CompiledPart[] | number>;
      let chosen: CompiledPart[] | number | undefined;
      let shown: string | undefined;
      if (type === 'select') {
        chosen = cases[String(value)];
      } else {
        const number = Number(value);
        const offset = typeof cases.offset === 'number' ? cases.offset : 0;
        const rules = new Intl.PluralRules(locale, { type: type === 'plural' ? 'cardinal' : 'ordinal' });
        chosen = cases[String(number)] ?? cases[rules.select(number - offset)];
        shown = new Intl.NumberFormat(locale).format(number - offset);
      }
      if (!Array.isArray(chosen)) chosen = cases.other;
      if (Array.isArray(chosen)) text += formatParts(chosen, values, locale, shown);
      continue;
    }
    text += formatValue(value);
  }
  return text;
}

export function formatMessage(message: CompiledMessage, values: Values = {}, locale = 'en-IN'): string {
  return typeof message === 'string' ? message : formatParts(message, values, locale);
}
