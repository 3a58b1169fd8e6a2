import { z } from 'zod';
import helplineData from './content/helplines.json';
import { HelplineUseSchema } from './red-flags';

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

export const CountryHelplinesSchema = z.object({
  name: z.string().min(1),
  emergency: PhoneSchema,
  lines: z.array(HelplineSchema),
  /** An ambulance number of its own, where the country has one beside the emergency number (India's 108). */
  ambulance: PhoneSchema.optional(),
  /** One sentence on whom to call for poisoning here. */
  poisonAdvice: z.string().min(1),
});

export const HelplineDataSchema = z.object({
  about: z.string(),
  countries: z
    .record(z.string().regex(/^([A-Z]{2}|default)$/), CountryHelplinesSchema)
    .refine((c) => 'default' in c, 'must have a default entry'),
});

// Checked here, where the server and the tests load it; the web reads the same file through helpline-lookup.ts.
HelplineDataSchema.parse(helplineData);

export {
  countryFromLocales,
  HELPLINE_COUNTRIES,
  helplinesFor,
  linesFor,
  type CountryHelplines,
  type Helpline,
} from './helpline-lookup';

/** A country as the chat request carries it: two letters, ISO 3166 ("IN", "US", "GB"). */
export const CountryCodeSchema = z
  .string('must be text')
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as IN, US or GB')
  .transform((c) => c.toUpperCase());
