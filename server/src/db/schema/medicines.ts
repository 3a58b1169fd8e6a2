import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, uuidPk, tsvector } from './columns';
import { ownerId, ownerIdKey } from './users';

/** The medicine catalogue (and what each product is used for), and each user's "My medicines". */

/**
 * The medicine catalogue: our own starter catalogue (source_kind 'starter') and rows imported from a CSV
 * ('import'). `key` makes seeding and importing idempotent; `ingredient_key` (sorted active ingredients,
 * strengths removed) with `form` and the prescription status groups near-identical products.
 */
export const medicines = pgTable('medicines', {
  id: uuidPk(),
  key: text('key').notNull().unique(),
  sourceKind: text('source_kind').notNull(),
  name: text('name').notNull(),
  composition: text('composition').notNull(),
  ingredients: text('ingredients').array().notNull(),
  ingredientKey: text('ingredient_key').notNull(),
  /** oral | topical | inhaled | injection: a gel and a tablet of one ingredient are different products. */
  form: text('form').notNull(),
  uses: text('uses').notNull(),
  usesList: text('uses_list').array().notNull(),
  sideEffects: text('side_effects').notNull(),
  manufacturer: text('manufacturer'),
  /** A third-party product photo: kept as data, never loaded by our pages. */
  imageUrl: text('image_url'),
  prescriptionStatus: text('prescription_status').notNull(),
  prescriptionNote: text('prescription_note').notNull(),
  source: text('source').notNull(),
  sourceUrl: text('source_url'),
  reviewExcellent: integer('review_excellent'),
  reviewAverage: integer('review_average'),
  reviewPoor: integer('review_poor'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each distinct use a medicine is for ("Treatment of Dry cough"), with its English full-text vector. The
 * search runs here (about a thousand phrases for twelve thousand products), so a match names the use it
 * matched. See docs/decisions/008-medicines.md.
 */
export const medicineUses = pgTable(
  'medicine_uses',
  {
    id: serial('id').primaryKey(),
    text: text('text').notNull().unique(),
    search: tsvector('search').notNull(),
  },
  (t) => [index('medicine_uses_search_idx').using('gin', t.search)],
);

/**
 * Which medicine has which use, with the medicine's ordering fields copied in (kept in step by the
 * repository, in the same transaction) so a search reads this table alone until it has its ten results.
 */
export const medicineUseLinks = pgTable(
  'medicine_use_links',
  {
    useId: integer('use_id')
      .notNull()
      .references(() => medicineUses.id, { onDelete: 'cascade' }),
    medicineId: uuid('medicine_id')
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    /** The use's place in the medicine's list (0 first). */
    position: integer('position').notNull(),
    /** 0 over the counter, 1 unknown, 2 prescription only. */
    statusRank: integer('status_rank').notNull(),
    /** ingredient_key|form|status: products with one group key are shown once. */
    groupKey: text('group_key').notNull(),
    isStarter: boolean('is_starter').notNull(),
    /** The medicine's stable key (its id is made at import): products that tie are ordered by it, the same on every import. */
    medicineKey: text('medicine_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.useId, t.medicineId] }),
    index('medicine_use_links_medicine_id_idx').on(t.medicineId),
  ],
);

/**
 * "My medicines": what a user takes, checked together (duplicates, daily totals, interactions, age and
 * pregnancy). Stored only with the health-data consent; `ingredients` are the normalised active ingredients
 * resolved when the entry was added, so the check does not depend on the catalogue row staying the same.
 */
export const userMedicines = pgTable(
  'user_medicines',
  {
    id: uuidPk(),
    userId: ownerId(),
    name: text('name').notNull(),
    medicineId: uuid('medicine_id').references(() => medicines.id, { onDelete: 'set null' }),
    ingredients: jsonb('ingredients').$type<string[]>().notNull(),
    /** Milligrams of each ingredient in one dose, where known: { paracetamol: 500 }. */
    strengthsMg: jsonb('strengths_mg').$type<Record<string, number>>().notNull().default({}),
    dosesPerDay: integer('doses_per_day'),
    createdAt: createdAt(),
  },
  (t) => [index('user_medicines_user_id_idx').on(t.userId)],
);

/** Who the user's medicines are for (adult, child with age, pregnant, breastfeeding): one row per account. */
export const userMedicineProfiles = pgTable('user_medicine_profiles', {
  userId: ownerIdKey(),
  person: jsonb('person').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
