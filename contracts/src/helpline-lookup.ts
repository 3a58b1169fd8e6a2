import helplineData from './content/helplines.json';

/**
 * Who to call, by country, without zod: the web app's first load (the safety notice on every page) reads the
 * numbers through this module so that zod and the rest of the contracts stay out of its first chunks. The same
 * data is checked against its schema in helplines.ts, which every server start and the contracts tests load.
 */

export const HELPLINE_USES = ['crisis', 'poison'] as const;
export type HelplineUse = (typeof HELPLINE_USES)[number];

type Source = { title: string; publisher: string; url: string };
type Phone = { name: string; number: string; dial: string; source: Source };
export type Helpline = Phone & { use: HelplineUse };
type CountryEntry = { name: string; emergency: Phone; ambulance?: Phone; lines: Helpline[]; poisonAdvice: string };
export type CountryHelplines = CountryEntry & { country: string };

const countries = (helplineData as unknown as { countries: Record<string, CountryEntry> }).countries;

/** Countries with their own helplines, for a country picker: [code, name]. */
export const HELPLINE_COUNTRIES: [string, string][] = Object.entries(countries)
  .filter(([code]) => code !== 'default')
  .map(([code, c]) => [code, c.name]);

/** The numbers for a country; the default entry for an unknown or missing one. */
export function helplinesFor(country?: string | null): CountryHelplines {
  const code = country?.toUpperCase() ?? 'default';
  const entry = countries[code];
  if (entry) return { ...entry, country: code };
  return { ...(countries.default as CountryEntry), country: 'default' };
}

/** The lines of a country for some uses (crisis, poison), in the data's order. */
export function linesFor(helplines: CountryHelplines, uses: readonly HelplineUse[]): Helpline[] {
  return helplines.lines.filter((line) => uses.includes(line.use));
}

/** The country of the first locale that names one ("en-IN" → "IN", "en-gb" → "GB"); null when none does. */
export function countryFromLocales(locales: readonly string[]): string | null {
  for (const locale of locales) {
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})\b/i.exec(locale)?.[1];
    if (region) return region.toUpperCase();
  }
  return null;
}
