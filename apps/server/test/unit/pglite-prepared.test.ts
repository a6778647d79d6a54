/**
 * Statements prepared once on the embedded engine (decision 0055): what `EXECUTE` answers is what the usual
 * query answers, for every value a parameter can hold; a value that cannot be written as a literal, and a
 * statement the engine cannot prepare, go the usual way; the hot path really runs prepared.
 */
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import { createPglite } from '../../src/db/pglite.ts';
import { engineLiteral, enginePreparingClient, prepareOnEngine } from '../../src/db/pglite-prepared.ts';
import { preparedOn } from '../../src/db/prepared.ts';

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  owner: text('owner').notNull(),
  body: text('body'),
});

let engine: PGlite;
let client: PGlite;
const prepared = async () =>
  (await engine.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (row) => row.name,
  );

beforeAll(async () => {
  engine = await createPglite();
  await engine.exec(
    "create table notes (id integer primary key, owner text not null, body text); insert into notes values (1, 'o''brien', 'a\\b'), (2, 'x', null)",
  );
  client = enginePreparingClient(engine);
});
afterAll(async () => {
  await engine.close();
});

describe('a value as a literal of the simple protocol', () => {
  it('doubles quotes only, keeps backslashes, and refuses what a query cannot carry', () => {
    expect(engineLiteral("it's")).toBe("'it''s'");
    expect(engineLiteral('a\\b')).toBe("'a\\b'");
    expect(engineLiteral(null)).toBe('NULL');
    expect(engineLiteral(42)).toBe("'42'");
    expect(engineLiteral(12345678901234567890n)).toBe("'12345678901234567890'");
    expect(engineLiteral(false)).toBe('false');
    for (const unwritable of [
      'a\0b',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      new Date(0),
      undefined,
      [1],
      { a: 1 },
    ])
      expect(engineLiteral(unwritable)).toBeUndefined();
  });

  it('reaches the engine as the same text, whatever the text (quotes, backslashes, SQL, any Unicode)', async () => {
    (client as unknown as { [prepareOnEngine]: (text: string, name: string) => void })[prepareOnEngine](
      'select $1::text as value, $2::integer as number',
      'echo_text',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.constantFrom("'); drop table notes; --", "\\'", "''", '\\', "E'\\x00'", '$1', '$$'),
        ),
        fc.integer(),
        async (value, number) => {
          fc.pre(!value.includes('\0'));
          const { rows } = await client.query<{ value: string; number: number }>(
            'select $1::text as value, $2::integer as number',
            [value, number],
          );
          expect(rows).toEqual([{ value, number }]);
        },
      ),
      { numRuns: 300 },
    );
    expect(await prepared()).toContain('echo_text');
    expect((await engine.query<{ n: number }>('select count(*)::int as n from notes')).rows).toEqual([
      { n: 2 },
    ]);
  });
});

describe('a statement prepared through preparedOn', () => {
  it('answers as the usual query does, with its rows mapped by Drizzle, and runs prepared', async () => {
    const db = drizzle(client) as unknown as Database;
    const plain = drizzle(engine) as unknown as Database;
    const build = (on: Database) =>
      on
        .select({
          id: notes.id,
          owner: notes.owner,
          body: notes.body,
          upper: sql<string>`upper(${notes.owner})`,
        })
        .from(notes)
        .where(eq(notes.owner, sql.placeholder('owner')))
        .prepare('notes_by_owner');
    const statement = preparedOn(db, 'notes_by_owner', build);
    const usual = build(plain);
    for (const owner of ["o'brien", 'x', 'nobody'])
      expect(await statement.execute({ owner })).toEqual(await usual.execute({ owner }));
    expect(await prepared()).toContain('notes_by_owner');
  });

  it('fails as the usual query does, naming its own text and never the values written into the EXECUTE', async () => {
    const text = 'select 1 / $1::integer as share, $2::text as owner';
    (client as unknown as { [prepareOnEngine]: (text: string, name: string) => void })[prepareOnEngine](
      text,
      'share_of',
    );
    const failed = await client.query(text, [0, 'secret-account-id']).catch((caught: unknown) => caught);
    const usual = await engine.query(text, [0, 'secret-account-id']).catch((caught: unknown) => caught);
    expect(failed).toMatchObject({ code: '22012', query: text, params: [0, 'secret-account-id'] });
    expect((failed as Error).message).toBe((usual as Error).message);
    expect(JSON.stringify({ ...(failed as object), message: (failed as Error).message })).not.toMatch(
      /execute|'secret-account-id'/,
    );
    expect(await prepared()).toContain('share_of');
  });

  it('prepares once when the first uses come together', async () => {
    (client as unknown as { [prepareOnEngine]: (text: string, name: string) => void })[prepareOnEngine](
      'select id from notes where id = $1',
      'note_by_id',
    );
    const answers = await Promise.all(
      [1, 2, 1, 2, 3].map((id) => client.query<{ id: number }>('select id from notes where id = $1', [id])),
    );
    expect(answers.map((answer) => answer.rows.map((row) => row.id))).toEqual([[1], [2], [1], [2], []]);
    expect((await prepared()).filter((name) => name === 'note_by_id')).toHaveLength(1);
  });

  it('goes the usual way for a value with no literal and for a statement the engine cannot prepare', async () => {
    const register = (client as unknown as { [prepareOnEngine]: (text: string, name: string) => void })[
      prepareOnEngine
    ];
    register('select $1::text as value', 'echo_only');
    // NUL cannot be in a query: the usual way refuses it as PostgreSQL always has.
    await expect(client.query('select $1::text as value', ['a\0b'])).rejects.toThrow();
    // A name the engine already holds for another statement: PREPARE fails, the usual query answers.
    await engine.exec('prepare taken as select 1 as one');
    register('select $1::text as kept', 'taken');
    const { rows } = await client.query<{ kept: string }>('select $1::text as kept', ['kept']);
    expect(rows).toEqual([{ kept: 'kept' }]);
    const taken = await engine.query<{ statement: string }>(
      "select statement from pg_prepared_statements where name = 'taken'",
    );
    expect(taken.rows[0]?.statement).toContain('select 1 as one');
  });
});
