/**
 * Rows written with one parameter per column (db/rows-by-columns.ts): whatever the text (quotes, backslashes,
 * braces, commas, spaces, the word NULL, nothing at all), numbers, nulls inside and outside arrays and times, every
 * row reads back as written, on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsByColumns } from '../../src/db/rows-by-columns.ts';
import { testAppForFile } from '../helpers/app.ts';

const t = testAppForFile();

const written = pgTable('rows_by_columns_check', {
  id: integer('id').notNull(),
  label: text('label'),
  flag: boolean('flag').notNull(),
  day: date('day', { mode: 'string' }),
  at: timestamp('at', { withTimezone: true }),
  amount: numeric('amount', { mode: 'string' }),
  values: bigint('values', { mode: 'number' }).array(),
  amounts: numeric('amounts', { mode: 'string' }).array(),
  labels: text('labels').array(),
});

const someText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'NULL', 'null', ' ', '{', '}', ',', '"', '\\', '\\"', '{"a",b}', 'a b'),
);
const money = fc
  .tuple(fc.integer({ min: -999_999, max: 999_999 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([whole, part]) => `${whole}.${String(part).padStart(6, '0')}`);
const row = fc.record({
  label: fc.option(someText),
  flag: fc.boolean(),
  day: fc.option(
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  ),
  at: fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })),
  amount: fc.option(money),
  values: fc.option(fc.array(fc.option(fc.maxSafeInteger()), { maxLength: 6 })),
  amounts: fc.option(fc.array(fc.option(money), { maxLength: 4 })),
  labels: fc.option(fc.array(fc.option(someText), { maxLength: 4 })),
});

describe('rows written one parameter per column', () => {
  it('read back as written, whatever their text, numbers, nulls and arrays (property)', async () => {
    await t.db.execute(sql`create table if not exists rows_by_columns_check (id integer not null,
      label text, flag boolean not null, day date, at timestamptz, amount numeric, "values" bigint[],
      amounts numeric[], labels text[])`);
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 20 }), async (rows) => {
        await t.db.execute(sql`delete from rows_by_columns_check`);
        const numbered = rows.map((value, id) => ({ id, ...value }));
        await t.db.execute(sql`insert into ${written} ${rowsByColumns(written, numbered)}`);
        // Read back as PostgreSQL holds it (JSON of each row), not through Drizzle's decoders, which turn a null
        // element of a numeric array into text.
        const [read] = (
          (await t.db.execute(
            sql`select coalesce(jsonb_agg(to_jsonb(r) order by r.id), '[]'::jsonb) as rows from rows_by_columns_check r`,
          )) as unknown as { rows: { rows: unknown }[] }
        ).rows;
        const back = (typeof read?.rows === 'string' ? JSON.parse(read.rows) : read?.rows) as Record<
          string,
          unknown
        >[];
        const number = (value: unknown) => (value === null ? null : Number(value));
        const instant = (value: unknown) =>
          value === null ? null : new Date(value as string | Date).toISOString();
        const normal = (value: Record<string, unknown>) => ({
          ...value,
          at: instant(value.at),
          amount: number(value.amount),
          amounts: (value.amounts as unknown[] | null)?.map(number) ?? null,
        });
        expect(back.map(normal)).toEqual(numbered.map(normal));
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a key that is not a column', () => {
    expect(() => rowsByColumns(written, [{ id: 1, flag: true, colour: 'red' }])).toThrow(/colour/);
  });
});
