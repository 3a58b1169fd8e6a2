import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PrescriptionStatus } from '@medibuddy/contracts';
import type { Db } from '../../db/client';
import { medicines, medicineUseLinks, medicineUses } from '../../db/schema';
import type { ProductForm } from './ingredients';

/** One catalogue row as written by the seed and the importer. */
export type MedicineRow = {
  key: string;
  sourceKind: 'starter' | 'import';
  name: string;
  composition: string;
  ingredients: string[];
  ingredientKey: string;
  form: ProductForm;
  uses: string;
  usesList: string[];
  sideEffects: string;
  manufacturer: string | null;
  imageUrl: string | null;
  prescriptionStatus: PrescriptionStatus;
  prescriptionNote: string;
  source: string;
  sourceUrl: string | null;
  reviewExcellent: number | null;
  reviewAverage: number | null;
  reviewPoor: number | null;
};

export type WriteCounts = { inserted: number; updated: number; unchanged: number };

/**
 * A symptom's full-text queries, built by the service (to_tsquery(...) or phraseto_tsquery(...)): `all` finds
 * the uses; `core` (the symptom's own words, no related conditions) ranks those that name it above those
 * that only name a related condition ("runny nose" above "common cold").
 */
export type SymptomQuery = { all: SQL; core: SQL };

/** A use phrase that matched symptom query number `query`. */
export type UseHit = { useId: number; text: string; query: number; rank: number };

export type UseLink = {
  useId: number;
  medicineId: string;
  /** The product's stable key (its id is made at import), so products that tie are ranked the same way every run. */
  medicineKey: string;
  position: number;
  statusRank: number;
  groupKey: string;
  isStarter: boolean;
};

/** A product as its page shows it: the row's content by the product's id. */
export type MedicineDetails = { id: string } & Pick<
  MedicineRow,
  | 'name'
  | 'composition'
  | 'ingredients'
  | 'uses'
  | 'usesList'
  | 'sideEffects'
  | 'manufacturer'
  | 'imageUrl'
  | 'prescriptionStatus'
  | 'prescriptionNote'
  | 'source'
  | 'sourceUrl'
>;

export const STATUS_RANK: Record<PrescriptionStatus, number> = { otc: 0, unknown: 1, prescription: 2 };

export const groupKeyOf = (row: Pick<MedicineRow, 'ingredientKey' | 'form' | 'prescriptionStatus'>) =>
  `${row.ingredientKey}|${row.form}|${row.prescriptionStatus}`;

const CONTENT_COLUMNS = [
  'source_kind',
  'name',
  'composition',
  'ingredients',
  'ingredient_key',
  'form',
  'uses',
  'uses_list',
  'side_effects',
  'manufacturer',
  'image_url',
  'prescription_status',
  'prescription_note',
  'source',
  'source_url',
  'review_excellent',
  'review_average',
  'review_poor',
];

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The only code that touches the medicine tables. Takes a db or a transaction. */
export function createMedicinesRepository(db: Db) {
  /** Links written rows to their uses (creating use phrases as needed), replacing their old links. */
  async function relink(
    rows: readonly MedicineRow[],
    written: readonly { id: string; key: string; isInserted: boolean }[],
  ) {
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const changed = written.map((w) => ({ id: w.id, row: byKey.get(w.key) as MedicineRow }));
    const texts = [...new Set(changed.flatMap((c) => c.row.usesList))];
    if (texts.length > 0) {
      await db
        .insert(medicineUses)
        .values(texts.map((text) => ({ text, search: sql`to_tsvector('english', ${text})` })))
        .onConflictDoNothing({ target: medicineUses.text });
    }
    const ids = new Map(
      texts.length === 0
        ? []
        : (
            await db
              .select({ id: medicineUses.id, text: medicineUses.text })
              .from(medicineUses)
              .where(inArray(medicineUses.text, texts))
          ).map((u) => [u.text, u.id] as const),
    );
    const updatedIds = written.filter((w) => !w.isInserted).map((w) => w.id);
    if (updatedIds.length > 0)
      await db.delete(medicineUseLinks).where(inArray(medicineUseLinks.medicineId, updatedIds));
    const links = changed.flatMap(({ id, row }) => {
      const seen = new Set<number>();
      return row.usesList.flatMap((text, position) => {
        const useId = ids.get(text) as number;
        if (seen.has(useId)) return [];
        seen.add(useId);
        return [
          {
            useId,
            medicineId: id,
            position,
            statusRank: STATUS_RANK[row.prescriptionStatus],
            groupKey: groupKeyOf(row),
            isStarter: row.sourceKind === 'starter',
            medicineKey: row.key,
          },
        ];
      });
    });
    for (let start = 0; start < links.length; start += 2000) {
      await db.insert(medicineUseLinks).values(links.slice(start, start + 2000));
    }
    if (updatedIds.length > 0) {
      // A use no medicine has any more would only ever match nothing.
      await db.execute(
        sql`delete from medicine_uses u where not exists (select 1 from medicine_use_links l where l.use_id = u.id)`,
      );
    }
  }

  return {
    /**
     * Inserts new rows and updates changed ones by `key`, and rewrites the use links of those rows; rows
     * whose content is the same are left alone, so running the same seed or import twice changes nothing.
     * Call it inside a transaction when several batches must land together.
     */
    async upsert(rows: readonly MedicineRow[]): Promise<WriteCounts> {
      if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
      const excluded = Object.fromEntries(
        CONTENT_COLUMNS.map((c) => [
          c.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase()),
          sql.raw(`excluded.${c}`),
        ]),
      );
      const columnsOf = (table: string) => CONTENT_COLUMNS.map((c) => `${table}.${c}`).join(', ');
      const written = await db
        .insert(medicines)
        .values([...rows])
        .onConflictDoUpdate({
          target: medicines.key,
          set: { ...excluded, updatedAt: sql`now()` },
          setWhere: sql.raw(`(${columnsOf('medicines')}) is distinct from (${columnsOf('excluded')})`),
        })
        // xmax is 0 for a row this statement inserted, and set for one it updated.
        .returning({ id: medicines.id, key: medicines.key, isInserted: sql<boolean>`(xmax = 0)` });
      if (written.length > 0) await relink(rows, written);
      const inserted = written.filter((w) => w.isInserted).length;
      return { inserted, updated: written.length - inserted, unchanged: rows.length - written.length };
    },

    async countBySource(): Promise<Record<string, number>> {
      const rows = rowsOf<{ source_kind: string; count: string | number }>(
        await db.execute(sql`select source_kind, count(*) as count from medicines group by source_kind`),
      );
      return Object.fromEntries(rows.map((r) => [r.source_kind, Number(r.count)]));
    },

    /**
     * The use phrases that match each symptom query (GIN index on medicine_uses.search), ranked by cover
     * density normalised by length (so "Treatment of Fever" outranks a long list that mentions fever in passing),
     * and the links of those uses to medicines. One round trip; rows come back as JSON text, because the
     * embedded database converts result rows to objects slowly and a common symptom links to a thousand
     * products.
     */
    async findMatches(queries: readonly SymptomQuery[]): Promise<{ hits: UseHit[]; links: UseLink[] }> {
      if (queries.length === 0) return { hits: [], links: [] };
      const values = sql.join(
        queries.map((q, i) => sql`(${sql.raw(String(i))}, ${q.all}, ${q.core})`),
        sql`, `,
      );
      // ts_rank_cd (cover density) credits a whole phrase found together; normalised by length (1).
      const result = await db.execute(sql`
        with s(i, query, core) as (values ${values}),
        h as materialized (
          select u.id, u.text, s.i, ts_rank_cd(u.search, s.query, 1) + ts_rank_cd(u.search, s.core, 1) as rank
          from medicine_uses u join s on u.search @@ s.query
        )
        select
          (select coalesce(json_agg(json_build_array(id, text, i, rank)), '[]') from h)::text as hits,
          (select coalesce(json_agg(json_build_array(use_id, medicine_id, position, status_rank, group_key, is_starter, medicine_key)), '[]')
             from medicine_use_links where use_id in (select id from h))::text as links
      `);
      const row = rowsOf<{ hits: string; links: string }>(result)[0];
      const hits = JSON.parse(row?.hits ?? '[]') as [number, string, number, number][];
      const links = JSON.parse(row?.links ?? '[]') as [number, string, number, number, string, boolean, string][];
      return {
        hits: hits.map(([useId, text, query, rank]) => ({ useId, text, query, rank })),
        links: links.map(([useId, medicineId, position, statusRank, groupKey, isStarter, medicineKey]) => ({
          useId,
          medicineId,
          medicineKey,
          position,
          statusRank,
          groupKey,
          isStarter,
        })),
      };
    },

    /** Our own (starter) products made of exactly these ingredients (ingredient keys), with their status and uses. */
    async findStarterByIngredientKeys(keys: readonly string[]): Promise<
      {
        id: string;
        key: string;
        ingredientKey: string;
        form: string;
        prescriptionStatus: PrescriptionStatus;
        usesList: string[];
      }[]
    > {
      if (keys.length === 0) return [];
      const result = await db.execute(sql`
        select id, key, ingredient_key as "ingredientKey", form, prescription_status as "prescriptionStatus", uses_list as "usesList"
        from medicines where source_kind = 'starter' and ingredient_key in (${list(keys)})
      `);
      return rowsOf(result);
    },

    /** Catalogue products named exactly so (case and spacing aside), our own entries first. */
    async findByName(
      name: string,
    ): Promise<{ id: string; name: string; composition: string; ingredients: string[] } | undefined> {
      const result = await db.execute(sql`
        select id, name, composition, ingredients from medicines
        where lower(regexp_replace(name, '\s+', ' ', 'g')) = lower(regexp_replace(${name.trim()}, '\s+', ' ', 'g'))
        order by (source_kind = 'starter') desc, name limit 1
      `);
      return rowsOf<{ id: string; name: string; composition: string; ingredients: string[] }>(result)[0];
    },

    async findDetails(ids: readonly string[]): Promise<MedicineDetails[]> {
      if (ids.length === 0) return [];
      const result = await db.execute(sql`
        select coalesce(json_agg(json_build_object(
          'id', id, 'name', name, 'composition', composition, 'ingredients', ingredients, 'uses', uses,
          'usesList', uses_list, 'sideEffects', side_effects, 'manufacturer', manufacturer, 'imageUrl', image_url,
          'prescriptionStatus', prescription_status, 'prescriptionNote', prescription_note, 'source', source,
          'sourceUrl', source_url
        )), '[]')::text as details
        from medicines where id in (${list(ids)})
      `);
      return JSON.parse(rowsOf<{ details: string }>(result)[0]?.details ?? '[]') as MedicineDetails[];
    },
  };
}
export type MedicinesRepository = ReturnType<typeof createMedicinesRepository>;
