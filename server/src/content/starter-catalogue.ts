/**
 * MediBuddy's own starter catalogue of common generic medicines. The entries are data, in
 * server/src/content/starter-catalogue.json (how they were written and from what: its `about`, and
 * docs/decisions/008-medicines.md); this module holds their schema and the rules across entries, and reads the
 * file once when the server starts: a file that breaks a rule stops the server with a message naming the entry
 * and the rule.
 */
import path from 'node:path';
import { z } from 'zod';
import { entryLabel, parseContent, plainText, readContentJson, type EntryNames } from './content-file';

export const STARTER_CATALOGUE_FILE = path.join(import.meta.dirname, 'starter-catalogue.json');

/** The source kind of the rows seeded from this catalogue (their key is `starter:<slug>`). */
export const STARTER_SOURCE_KIND = 'starter';

export const StarterMedicineSchema = z.strictObject({
  /** Stable id: the key that makes seeding idempotent. Never reuse one for another medicine. */
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lower-case slug (letters and digits joined by single hyphens)'),
  name: plainText,
  composition: plainText,
  /** Active ingredients by generic (INN) name. */
  ingredients: z
    .array(
      z
        .string()
        .regex(/^[a-z0-9-]+(?: [a-z0-9-]+)*$/, 'must be a lower-case generic name (words joined by single spaces)'),
    )
    .min(1, 'must list at least one active ingredient'),
  uses: z.array(plainText).min(1, 'must list at least one use'),
  sideEffects: plainText,
  prescription: z.enum(['otc', 'prescription']),
  /** Overrides the default sentence for the status (statusNotes), where countries differ. */
  note: plainText.optional(),
  /** The page the entry was checked against, and the index page where it is found by its title. */
  source: plainText,
  sourceUrl: z.url(),
});
export type StarterMedicine = z.infer<typeof StarterMedicineSchema>;

export const StarterCatalogueFileSchema = z.strictObject({
  /** What the file is, for whoever edits it. */
  about: z.array(z.string()),
  /** The manufacturer every starter row shows. */
  manufacturer: plainText,
  /** The default sentence for each prescription status. */
  statusNotes: z.strictObject({ otc: plainText, prescription: plainText }),
  medicines: z.array(StarterMedicineSchema).min(1, 'must list at least one medicine'),
});
export type StarterCatalogueFile = z.infer<typeof StarterCatalogueFileSchema>;

const NAMES: EntryNames = { medicines: { noun: 'medicine', idField: 'slug' } };

/** The rules across entries: a slug and a name belong to one medicine only. */
function problemsOf(data: StarterCatalogueFile): string[] {
  const problems: string[] = [];
  const slugs = new Map<string, number>();
  const names = new Map<string, number>();
  data.medicines.forEach((m, i) => {
    const where = entryLabel(NAMES, 'medicines', i, m);
    const sameSlug = slugs.get(m.slug);
    if (sameSlug !== undefined) problems.push(`${where}: slug already used by medicines[${sameSlug}]`);
    else slugs.set(m.slug, i);
    const sameName = names.get(m.name.toLowerCase());
    if (sameName !== undefined) problems.push(`${where}: name "${m.name}" already used by medicines[${sameName}]`);
    else names.set(m.name.toLowerCase(), i);
  });
  return problems;
}

/** The file's data, checked; throws naming each broken entry and rule. */
export function parseStarterCatalogue(
  raw: unknown,
  file = path.basename(STARTER_CATALOGUE_FILE),
): StarterCatalogueFile {
  return parseContent(file, raw, StarterCatalogueFileSchema, NAMES, problemsOf);
}

const catalogue = parseStarterCatalogue(readContentJson(STARTER_CATALOGUE_FILE));

export const STARTER_CATALOGUE: StarterMedicine[] = catalogue.medicines;
export const STARTER_MANUFACTURER = catalogue.manufacturer;
export const OTC_NOTE = catalogue.statusNotes.otc;
export const PRESCRIPTION_NOTE = catalogue.statusNotes.prescription;
