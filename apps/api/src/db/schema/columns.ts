// Column helpers shared by the tables of every capability.
import { sql } from 'drizzle-orm';
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tz('created_at').notNull().defaultNow();
export const cents = (name: string) => bigint(name, { mode: 'number' });
/** The quoted values of a CHECK, taken from the shared constant the API and the web validate with. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(','));
/** Binary column; PGlite answers a Uint8Array and node-postgres a Buffer, both read as a Buffer. */
export const byteaColumn = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
