import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A primary key PostgreSQL generates. */
const uuidPk = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
/** The user a row belongs to: it goes with the account. */
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** The same, as the key of a table with one row per user. */
const ownerIdKey = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable('users', {
  id: uuidPk(),
  name: text('name').notNull(),
  /** Stored normalised (trimmed, lower-case); the unique index is what answers 409 on a race. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  avatarPath: text('avatar_path'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions: the cookie holds a random token, the table only its keyed hash. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** One live recovery code per account: a new request replaces the old row. */
export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: ownerIdKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** What a verified code turns into: a short-lived, single-use right to set one account's password. */
export const passwordResetGrants = pgTable(
  'password_reset_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_reset_grants_user_id_idx').on(t.userId)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuidPk(),
    userId: ownerId(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_user_id_idx').on(t.userId)],
);

/**
 * One saved clinical-value assessment: the validated inputs, the result as shown, and which model (or rules)
 * version produced it, so an old result still says what made it after a model is retrained.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: uuidPk(),
    userId: ownerId(),
    test: text('test').notNull(),
    inputs: jsonb('inputs').notNull(),
    result: jsonb('result').notNull(),
    modelId: text('model_id').notNull(),
    modelVersion: text('model_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('assessments_user_id_created_at_idx').on(t.userId, t.createdAt.desc())],
);

/** Raw bytes; drizzle has no built-in column for it. PGlite hands back a Uint8Array, pg a Buffer: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The pictures kept with image assessments when uploads live in the database (UPLOAD_STORE=database, the default
 * on PostgreSQL), so every instance behind a proxy reads the same ones. `name` is what the assessment's
 * inputs.image.file holds. The row is written before its assessment and linked to it right after: deleting the
 * account or the assessment deletes the picture in the same statement; a row never linked is pruned.
 */
export const assessmentImages = pgTable(
  'assessment_images',
  {
    name: text('name').primaryKey(),
    userId: ownerId(),
    assessmentId: uuid('assessment_id').references(() => assessments.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('assessment_images_user_id_idx').on(t.userId),
    index('assessment_images_assessment_id_idx').on(t.assessmentId),
  ],
);

/**
 * Profile pictures when uploads live in the database (UPLOAD_STORE=database, the default on PostgreSQL): one row a
 * user, replaced whole by a new upload and deleted with the account by cascade. `name` is what users.avatar_path
 * holds and the URL shows (/uploads/avatars/<name>): a new picture gets a new name, so browsers may cache it for good.
 */
export const userAvatars = pgTable('user_avatars', {
  userId: ownerIdKey(),
  name: text('name').notNull().unique(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** PostgreSQL's full-text document type; drizzle has no built-in column for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
  },
  (t) => [
    primaryKey({ columns: [t.useId, t.medicineId] }),
    index('medicine_use_links_medicine_id_idx').on(t.medicineId),
  ],
);

/* ------------------------------------------------------------------------------------------------------------
 * Health record (decision 012): consent to store health data, and read-only share links to one report.
 * Every table that holds a user's data references users with `on delete cascade`, so deleting the user row
 * erases it all (the account-deletion test enumerates information_schema to prove it).
 * ---------------------------------------------------------------------------------------------------------- */

/** The user's consent to store health data: one row per account; withdrawn when withdrawn_at is set. */
export const healthDataConsents = pgTable('health_data_consents', {
  userId: ownerIdKey(),
  /** Which wording was agreed to (HEALTH_DATA_CONSENT_VERSION in contracts). */
  version: text('version').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
});

/** A read-only link to one assessment's report; the table keeps only a keyed hash of the link's token. */
export const reportShares = pgTable(
  'report_shares',
  {
    id: uuidPk(),
    userId: ownerId(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('report_shares_user_id_idx').on(t.userId), index('report_shares_assessment_id_idx').on(t.assessmentId)],
);

// ---------------------------------------------------------------------------------------------------------
// Newsletter (decision 011): the home page footer's e-mail box.
// ---------------------------------------------------------------------------------------------------------

/**
 * One row per subscribed address (stored normalised, like users.email). Only the address and when it was
 * given; nothing links it to an account or a health record.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuidPk(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------------------
// MediBuddy chat (decision 013): the knowledge the assistant answers from, and each user's conversations.
// ---------------------------------------------------------------------------------------------------------

/**
 * Passages the chat assistant retrieves by full-text search: our own disease and medicine content (seeded at
 * every start) and MedQuAD when imported. `head` (topic weight A, question weight B) is what names the topic;
 * `search` adds the body (weight D). Both are generated by the database, so every writer gets them right.
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: serial('id').primaryKey(),
    /** disease:<key>, medicine:<slug>, medquad:<id>: makes seeding and importing idempotent. */
    key: text('key').notNull().unique(),
    /** disease | medicine | medquad */
    sourceKind: text('source_kind').notNull(),
    /** What the passage is about ("Type 2 diabetes", MedQuAD's focus). */
    topic: text('topic').notNull(),
    question: text('question').notNull().default(''),
    /** What kind of question the passage answers (MedQuAD's qtype: information, symptoms, treatment, ...). */
    qtype: text('qtype').notNull().default(''),
    body: text('body').notNull(),
    /** The source as shown under a reply: its title, link and publisher. */
    sourceTitle: text('source_title').notNull(),
    sourceUrl: text('source_url'),
    publisher: text('publisher').notNull(),
    /** The credit a licence asks for (MedQuAD: CC BY 4.0). */
    credit: text('credit'),
    head: tsvector('head')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', topic), 'A') || setweight(to_tsvector('english', question), 'B')`,
      ),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', topic), 'A') || setweight(to_tsvector('english', question), 'B') || setweight(to_tsvector('english', left(body, 4000)), 'D')`,
      ),
  },
  (t) => [
    index('knowledge_passages_head_idx').using('gin', t.head),
    index('knowledge_passages_search_idx').using('gin', t.search),
    index('knowledge_passages_source_kind_idx').on(t.sourceKind),
  ],
);

/**
 * A user's conversation with the assistant. Deleting the user deletes them (account deletion relies on the cascade).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuidPk(),
    userId: ownerId(),
    /** The first prompt, as the sidebar's Recent list shows it (cut there, not here). */
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_user_id_updated_at_idx').on(t.userId, t.updatedAt.desc())],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuidPk(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** user | assistant */
    role: text('role').notNull(),
    text: text('text').notNull(),
    /** answer | emergency | no_source (assistant messages); the user's are 'prompt'. */
    kind: text('kind').notNull(),
    /** [{title, url, publisher}] the reply was grounded on. */
    sources: jsonb('sources')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The short notice shown when a model provider failed and the offline assistant answered. */
    notice: text('notice'),
    /** offline | gemini | openai: who wrote the reply. */
    provider: text('provider'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_messages_conversation_id_created_at_idx').on(t.conversationId, t.createdAt)],
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

/**
 * A symptom check the user chose to keep (only with the health-data consent): the session as answered and the
 * result the server computed from it, with the knowledge-base version that made it.
 */
export const triageAssessments = pgTable(
  'triage_assessments',
  {
    id: uuidPk(),
    userId: ownerId(),
    /** { age, sex, pregnant? } as given. */
    profile: jsonb('profile').notNull(),
    complaint: text('complaint').notNull(),
    /** [{ questionId, answer }] in the order asked. */
    answers: jsonb('answers').notNull(),
    /** emergency | urgent | soon | self_care */
    level: text('level').notNull(),
    /** The triage advice and the conditions shown, as the result had them. */
    result: jsonb('result').notNull(),
    knowledgeBaseVersion: text('knowledge_base_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('triage_assessments_user_id_created_at_idx').on(t.userId, t.createdAt.desc())],
);
