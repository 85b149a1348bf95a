import { bigint, customType, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** timestamptz column, returned as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at`, set by the database on insert. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

export const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
};

/** The surrogate key `id`: an integer identity. */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** The surrogate key `id` of an append-only log: a bigint identity read as a number. */
export const bigIdentityId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

type Referenced = () => AnyPgColumn;

/** A required reference to a row whose deletion takes this row with it (ON DELETE CASCADE). */
export const ownedBy = (name: string, referenced: Referenced) =>
  integer(name).notNull().references(referenced, { onDelete: 'cascade' });

/** A required reference to a row that cannot be deleted while this one points at it (ON DELETE NO ACTION). */
export const requiredRef = (name: string, referenced: Referenced) => integer(name).notNull().references(referenced);

/** An optional reference, cleared when its row is deleted (ON DELETE SET NULL): who made or changed a row. */
export const setNullRef = (name: string, referenced: Referenced) =>
  integer(name).references(referenced, { onDelete: 'set null' });

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
