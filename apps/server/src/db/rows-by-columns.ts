/**
 * Many rows written with one parameter per column, not one per value: `insert into t (a, b) select * from unnest($1,
 * $2)` with each parameter an array literal of the column's values as text, cast back to the column's type. Drizzle's
 * `insert().values(rows)` builds its statement value by value (and an array column element by element): in the
 * importer's profile that building was 43% of the CPU of a bulk import (docs/benchmarks.md, NEM12 import with
 * everything maintained).
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Types whose values (numbers, or numeric text) never need quoting in an array literal. */
const NUMBER_TYPE = /^(numeric|bigint|smallint|integer|real|double precision)\b/;

/** Text in double quotes, its quotes and backslashes escaped (only searched for, as most text has none). */
const quoted = (text: string) =>
  `"${text.includes('"') || text.includes('\\') ? text.replace(/["\\]/g, '\\$&') : text}"`;

const textOf = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/**
 * A column's values as one array literal of text, each cast back to the column's type in the statement: numbers
 * unquoted, other text quoted, an array value as its own literal (quoted as one element), null as NULL. Written for
 * speed: a day of meter data is 48 values, a batch 1,000 days.
 */
function columnLiteral(values: readonly unknown[], sqlType: string): string {
  const isArray = sqlType.endsWith('[]');
  const numbers = NUMBER_TYPE.test(sqlType);
  const element = (value: unknown) =>
    value === null || value === undefined ? 'NULL' : numbers ? String(value) : quoted(textOf(value));
  let literal = '{';
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (index > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    else if (isArray) {
      const inner = `{${(value as readonly unknown[]).map(element).join(',')}}`;
      literal += numbers ? `"${inner}"` : quoted(inner);
    } else literal += element(value);
  }
  return `${literal}}`;
}

/**
 * `(column, …) select … from unnest(…)` for `insert into ${table}`: the rows' columns (those of the first row; every
 * row must have the same keys, none a generated column), each value cast to its column's SQL type.
 */
export function rowsByColumns<T extends PgTable>(table: T, rows: readonly Record<string, unknown>[]): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = Object.keys(rows[0] ?? {});
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`rowsByColumns: ${key} is not a column`);
    return column;
  });
  const parameters = keys.map((key, index) =>
    columnLiteral(
      rows.map((row) => row[key]),
      (names[index] as { getSQLType(): string }).getSQLType(),
    ),
  );
  return sql`(${sql.join(
    names.map((column) => sql.identifier(column.name)),
    sql`, `,
  )}) select ${sql.join(
    names.map((column, index) => sql.raw(`c${index}::${column.getSQLType()}`)),
    sql`, `,
  )} from unnest(${sql.join(
    parameters.map((parameter) => sql`${parameter}::text[]`),
    sql`, `,
  )}) as r(${sql.raw(names.map((_, index) => `c${index}`).join(', '))})`;
}
