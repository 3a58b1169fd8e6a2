import { z } from 'zod';
import helplineData from './content/helplines.json';
import { HelplineUseSchema, type HelplineUse } from './red-flags';

/**
 * Who to call, by country: the emergency number, crisis lines and poison centres, each with the public page
 * that gives it (content/helplines.json, checked by the schema below when this module loads). The country comes
 * from the browser's language settings ("en-IN" → IN) or the user's choice; any other country gets the
 * 'default' entry, which names the local emergency number.
 */

const SourceSchema = z.object({ title: z.string().min(1), publisher: z.string().min(1), url: z.url() });

const PhoneSchema = z.object({
  name: z.string().min(1),
  /** As shown: "116 123". */
  number: z.string().min(1),
  /** What a tel: link dials: digits, with a leading + for an international number. */
  dial: z.string().regex(/^\+?\d{3,15}$/),
  source: SourceSchema,
});

export const HelplineSchema = PhoneSchema.extend({ use: HelplineUseSchema });
export type Helpline = z.infer<typeof HelplineSchema>;

export const CountryHelplinesSchema = z.object({
  name: z.string().min(1),
  emergency: PhoneSchema,
  lines: z.array(HelplineSchema),
  /** One sentence on whom to call for poisoning here. */
  poisonAdvice: z.string().min(1),
});
export type CountryHelplines = z.infer<typeof CountryHelplinesSchema> & { country: string };

export const HelplineDataSchema = z.object({
  about: z.string(),
  countries: z
    .record(z.string().regex(/^([A-Z]{2}|default)$/), CountryHelplinesSchema)
    .refine((c) => 'default' in c, 'must have a default entry'),
});

const data = HelplineDataSchema.parse(helplineData);

/** Countries with their own helplines, for a country picker: [code, name]. */
export const HELPLINE_COUNTRIES: [string, string][] = Object.entries(data.countries)
  .filter(([code]) => code !== 'default')
  .map(([code, c]) => [code, c.name]);

/** A country as the chat request carries it: two letters, ISO 3166 ("IN", "US", "GB"). */
export const CountryCodeSchema = z
  .string('must be text')
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as IN, US or GB')
  .transform((c) => c.toUpperCase());

/** The numbers for a country; the default entry for an unknown or missing one. */
export function helplinesFor(country?: string | null): CountryHelplines {
  const code = country?.toUpperCase() ?? 'default';
  const entry = data.countries[code];
  if (entry) return { ...entry, country: code };
  return { ...(data.countries.default as z.infer<typeof CountryHelplinesSchema>), country: 'default' };
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
