import { z } from 'zod';
import { TEST_SLUGS, type CatalogueEntry } from './catalogue-data';

/**
 * The diagnosis catalogue (docs/product.md, Diagnosis catalogue): the one list of the ten tests lives in catalogue-data.ts, without zod,
 * so the pages that only list tests stay light; this module adds its schemas and is what everything else imports.
 */
export * from './catalogue-data';

export const TestSlugSchema = z.enum(TEST_SLUGS);

export const TestIdSchema = z.number().int().min(1).max(10);

/** clinical: typed-in values; image: an uploaded picture. */
export const TestKindSchema = z.enum(['clinical', 'image']);

/** model: a trained model answers; rules: published criteria and scores, no model (see docs/rules.md). */
export const TestMethodSchema = z.enum(['model', 'rules']);

export const CatalogueEntrySchema = z.object({
  id: TestIdSchema,
  slug: TestSlugSchema,
  name: z.string(),
  /** The form page's path (docs/product.md#routes-and-pages). */
  path: z.string(),
  /** The result page with a router-style `:id` placeholder; `resultPath` fills it in. */
  resultRoute: z.string(),
  kind: TestKindSchema,
  method: TestMethodSchema,
  description: z.string(),
});

/** Compiles only while the plain types and the schema describe the same entry. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CATALOGUE_SCHEMA_MATCHES_TYPES: Same<CatalogueEntry, z.infer<typeof CatalogueEntrySchema>> = true;
