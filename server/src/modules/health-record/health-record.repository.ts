import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportShares } from '../../db/schema';

export type ShareRow = typeof reportShares.$inferSelect;

/** Quotes an identifier read from the catalogue (table and column names are never user input). */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function createHealthRecordRepository(db: Db) {
  return {
    async insertShare(values: {
      userId: string;
      assessmentId: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<ShareRow> {
      const rows = await db.insert(reportShares).values(values).returning();
      return rows[0] as ShareRow;
    },

    async listShares(userId: string): Promise<ShareRow[]> {
      return db
        .select()
        .from(reportShares)
        .where(eq(reportShares.userId, userId))
        .orderBy(desc(reportShares.createdAt));
    },

    async findShareByTokenHash(tokenHash: string): Promise<ShareRow | undefined> {
      const rows = await db.select().from(reportShares).where(eq(reportShares.tokenHash, tokenHash)).limit(1);
      return rows[0];
    },

    /** Revokes the user's own share; undefined when there is no such share of theirs. */
    async revokeShare(userId: string, id: string): Promise<ShareRow | undefined> {
      const rows = await db
        .update(reportShares)
        .set({ revokedAt: sql`coalesce(${reportShares.revokedAt}, now())` })
        .where(and(eq(reportShares.id, id), eq(reportShares.userId, userId)))
        .returning();
      return rows[0];
    },

    /**
     * Every table with a foreign key to users, and its column: read from the catalogue, so a table added
     * later (chat, images, …) is exported without a change here.
     */
    async tablesReferencingUsers(): Promise<{ table: string; column: string }[]> {
      const result = (await db.execute(sql`
        select cl.relname as "table", att.attname as "column"
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid
        join pg_namespace ns on ns.oid = cl.relnamespace
        join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
        where con.contype = 'f' and con.confrelid = 'public.users'::regclass and ns.nspname = 'public'
          and array_length(con.conkey, 1) = 1
        order by cl.relname`)) as unknown as { rows: { table: string; column: string }[] };
      return result.rows;
    },

    /**
     * Tables that hang under one of the user's tables (a foreign key to it, none to users): chat messages under
     * their conversation. Read from the catalogue like the tables above.
     */
    async tablesReferencing(table: string): Promise<{ table: string; column: string; refColumn: string }[]> {
      const result = (await db.execute(sql`
        select cl.relname as "table", att.attname as "column", ref.attname as "refColumn"
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid
        join pg_namespace ns on ns.oid = cl.relnamespace
        join pg_class parent on parent.oid = con.confrelid
        join pg_namespace pns on pns.oid = parent.relnamespace
        join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
        join pg_attribute ref on ref.attrelid = con.confrelid and ref.attnum = con.confkey[1]
        where con.contype = 'f' and parent.relname = ${table} and pns.nspname = 'public' and ns.nspname = 'public'
          and array_length(con.conkey, 1) = 1
          and not exists (
            select 1 from pg_constraint u
            where u.conrelid = con.conrelid and u.contype = 'f' and u.confrelid = 'public.users'::regclass)
        order by cl.relname, att.attname`)) as unknown as {
        rows: { table: string; column: string; refColumn: string }[];
      };
      return result.rows;
    },

    /** The rows of `child` whose `column` points at a row of `parent` that belongs to the user, oldest first where dated. */
    async childRowsOf(
      child: { table: string; column: string; refColumn: string },
      parent: { table: string; column: string },
      userId: string,
    ): Promise<Record<string, unknown>[]> {
      const result = (await db.execute(sql`
        select c.* from ${sql.raw(ident(child.table))} c
        where c.${sql.raw(ident(child.column))} in (
          select p.${sql.raw(ident(child.refColumn))} from ${sql.raw(ident(parent.table))} p
          where p.${sql.raw(ident(parent.column))} = ${userId})`)) as unknown as { rows: Record<string, unknown>[] };
      const time = (row: Record<string, unknown>) => {
        const at = row.created_at;
        return at instanceof Date || typeof at === 'string' ? new Date(at).getTime() : 0;
      };
      return result.rows.sort((a, b) => time(a) - time(b));
    },

    async rowsOf(table: string, column: string, userId: string): Promise<Record<string, unknown>[]> {
      const result = (await db.execute(
        sql`select * from ${sql.raw(ident(table))} where ${sql.raw(ident(column))} = ${userId}`,
      )) as unknown as { rows: Record<string, unknown>[] };
      return result.rows;
    },
  };
}
export type HealthRecordRepository = ReturnType<typeof createHealthRecordRepository>;
