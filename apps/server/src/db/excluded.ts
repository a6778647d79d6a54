/**
 * An upsert's `set` that gives each named column the value the insert proposed for it (PostgreSQL's `excluded`
 * row): `onConflictDoUpdate({ target, set: excludedValues(table, ['status', 'homes']) })`.
 */
import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

export function excludedValues<Table extends PgTable, Key extends keyof Table['_']['columns'] & string>(
  table: Table,
  keys: readonly Key[],
): Record<Key, SQL> {
  const columns = getTableColumns(table) as Record<Key, Column>;
  const set = Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded.${columns[key].name}`)]));
  return set as Record<Key, SQL>;
}
