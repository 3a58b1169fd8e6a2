import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns several tables share, and column types drizzle has no built-in column for. */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A primary key PostgreSQL generates. */
export const uuidPk = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** Raw bytes; drizzle has no built-in column for it. PGlite hands back a Uint8Array, pg a Buffer: both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** PostgreSQL's full-text document type; drizzle has no built-in column for it. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
