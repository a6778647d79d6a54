/**
 * A canonical fingerprint of a PostgreSQL database's contents, to show that two databases hold the same data
 * (a killed-then-rerun command against one run uninterrupted): for every table of every non-system schema, its
 * row count and the md5 of its rows as text in sorted order, so physical order and dead tuples do not matter.
 * Partitions are read through their parent; the list of tables (partitions included) is part of the result.
 */
import pg from 'pg';

/** Columns left out, per table ('schema.table'): values a run legitimately makes its own (times, sequence ids). */
export type FingerprintExclusions = Record<string, readonly string[]>;

export interface DatabaseFingerprint {
  tables: string[];
  /** 'schema.table' → 'rows:md5'. */
  contents: Record<string, string>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function fingerprintDatabase(
  url: string,
  exclude: FingerprintExclusions = {},
): Promise<DatabaseFingerprint> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string; partition: boolean }>(
      `select n.nspname as schema, c.relname as name, c.relispartition as partition
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg_toast%'
        order by 1, 2`,
    );
    const contents: Record<string, string> = {};
    for (const table of tables.filter((row) => !row.partition)) {
      const key = `${table.schema}.${table.name}`;
      const skipped = new Set(exclude[key] ?? []);
      const { rows: columns } = await client.query<{ name: string }>(
        `select attname as name from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
        [`${quote(table.schema)}.${quote(table.name)}`],
      );
      for (const name of skipped) {
        if (!columns.some((column) => column.name === name)) throw new Error(`${key} has no column ${name}`);
      }
      const kept = columns.filter((column) => !skipped.has(column.name)).map((column) => quote(column.name));
      const { rows } = await client.query<{ count: string; digest: string | null }>(
        `select count(*) as count, md5(string_agg(row, E'\\n' order by row)) as digest
           from (select row(${kept.join(', ')})::text as row from ${quote(table.schema)}.${quote(table.name)}) rows`,
      );
      contents[key] = `${rows[0]?.count}:${rows[0]?.digest ?? '-'}`;
    }
    return { tables: tables.map((row) => `${row.schema}.${row.name}`), contents };
  } finally {
    await client.end();
  }
}
