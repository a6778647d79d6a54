/**
 * Every CLI command that reads a file, given files it must refuse (docs/reliability.md, "Bad input"): empty,
 * binary, truncated, one 50 MB line, another format (NEM13, a CSV of something else, NEM12 for a tariff
 * file), a zip of garbage. Each must exit non-zero with a short, clear message naming the file, and store
 * nothing: the tables are counted afterwards.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { drEvents } from '../../src/db/schema/reduce-and-reward.ts';
import { meterReads, solarCurtailments, tariffs } from '../../src/db/schema.ts';
import { runPortal, withTemporaryDataDir } from '../helpers/cli.ts';
import { NEM12_SAMPLES } from '../helpers/samples.ts';

const dataDir = withTemporaryDataDir('portal-cli-bad-', {
  migrated: true,
  prepare: async () => {
    expect((await runPortal('db', 'migrate')).code).toBe(0);
  },
  // The run's migrated DATA_DIR is made beside the first files: a file may wait for it.
  timeoutMs: 120_000,
});

/** Rows of every table a file command writes to. */
async function stored() {
  const handle = await openDatabase({ dataDir: dataDir(), migrate: false });
  try {
    const rows = async (
      table: typeof meterReads | typeof tariffs | typeof drEvents | typeof solarCurtailments,
    ) => (await handle.db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      reads: await rows(meterReads),
      tariffs: await rows(tariffs),
      events: await rows(drEvents),
      curtailment: await rows(solarCurtailments),
    };
  } finally {
    await handle.close();
  }
}

const files: Record<string, string> = {};
beforeAll(() => {
  const write = (name: string, content: string | Buffer) => {
    files[name] = path.join(dataDir(), name);
    fs.writeFileSync(files[name], content);
  };
  const sample = fs.readFileSync(path.join(NEM12_SAMPLES, 'Example_NEM12_actual_interval.csv'), 'utf8');
  write('empty.csv', '');
  write('binary.csv', randomBytes(64 * 1024));
  write('truncated.csv', sample.slice(0, Math.floor(sample.length * 0.6)));
  write('huge-line.csv', Buffer.alloc(50 * 1024 * 1024, 'x'));
  write('commas.csv', Buffer.alloc(20 * 1024 * 1024, ','));
  // A parser's message may quote the field it stopped at: here a field of 1,000 characters.
  write('long-field.csv', `${'x'.repeat(1000)}"\n`);
  write(
    'nem13.csv',
    '100,NEM13,200505251200,MDA1,Ret1\n250,1234567890,11,E1,N1,01009,KWH,1,300,A,,,20050125,A,200505311200\n900\n',
  );
  write('people.csv', 'name,age,town\nAlice,31,Perth\nBob,44,Hobart\n');
  write('garbage.zip', Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(4096)]));
  // Well-formed account ids that no account has: 2,000 of them.
  write('unknown-ids.csv', Array.from({ length: 2000 }, (_, i) => `nobody-${i}`).join('\n'));
  write('wrong-tariff.json', JSON.stringify([{ code: 'X', name: 'no prices' }, { foo: 1 }]));
  write('nem12.json', sample);
});

/** Each file command with its file last. */
const fileCommands = {
  'import nem12': ['import', 'nem12'],
  'tariffs import': ['tariffs', 'import'],
  'curtailment import': ['curtailment', 'import'],
  'events create --accounts': [
    'events',
    'create',
    '--start',
    '2026-10-01T18:00',
    '--end',
    '2026-10-01T19:00',
    '--factor',
    '-0.3',
    '--accounts',
  ],
} satisfies Record<string, string[]>;
const commandOf = (name: keyof typeof fileCommands): string[] => fileCommands[name];

/** The run failed with one short error line naming the file, and no stack trace. */
function expectClearRefusal(result: Awaited<ReturnType<typeof runPortal>>, file: string) {
  expect(result.code).not.toBe(0);
  const text = [...result.out, ...result.err].join('\n');
  expect(text).toContain(path.basename(file));
  expect(text).not.toMatch(/\n\s+at /);
  for (const line of result.err) expect(line.length).toBeLessThan(600);
}

describe('file commands refuse bad files clearly and store nothing', () => {
  it('portal import nem12', async () => {
    const names = ['empty.csv', 'binary.csv', 'truncated.csv', 'huge-line.csv', 'nem13.csv', 'people.csv'];
    for (const name of [...names, 'garbage.zip', 'long-field.csv']) {
      const file = files[name] as string;
      const result = await runPortal(...commandOf('import nem12'), file);
      expectClearRefusal(result, file);
      expect(
        result.out.find((line) => line.startsWith('rejected: ')),
        name,
      ).toBeDefined();
      expect(result.out.join('\n').length, name).toBeLessThan(2000);
    }
    // All of them at once: each rejected on its own.
    const all = await runPortal('import', 'nem12', ...names.map((name) => files[name] as string));
    expect(all.out[0]).toBe('6 files: 0 imported, 6 rejected.');
    expect((await stored()).reads).toBe(0);
  }, 120_000);

  it('portal tariffs import', async () => {
    for (const name of [
      'empty.csv',
      'binary.csv',
      'huge-line.csv',
      'wrong-tariff.json',
      'nem12.json',
      'long-field.csv',
    ]) {
      const file = files[name] as string;
      expectClearRefusal(await runPortal(...commandOf('tariffs import'), file), file);
    }
    expect((await stored()).tariffs).toBe(0);
  }, 120_000);

  it('portal curtailment import', async () => {
    const names = [
      'empty.csv',
      'binary.csv',
      'huge-line.csv',
      'commas.csv',
      'people.csv',
      'nem13.csv',
      'long-field.csv',
    ];
    for (const name of names) {
      const file = files[name] as string;
      expectClearRefusal(await runPortal(...commandOf('curtailment import'), file), file);
    }
    expect((await stored()).curtailment).toBe(0);
  }, 120_000);

  it('portal events create --accounts', async () => {
    const names = [
      'empty.csv',
      'binary.csv',
      'huge-line.csv',
      'people.csv',
      'garbage.zip',
      'long-field.csv',
      'unknown-ids.csv',
    ];
    for (const name of names) {
      const file = files[name] as string;
      expectClearRefusal(await runPortal(...commandOf('events create --accounts'), file), file);
    }
    const unknown = await runPortal(
      ...commandOf('events create --accounts'),
      files['unknown-ids.csv'] as string,
    );
    expect(unknown.err).toEqual([
      `error: ${files['unknown-ids.csv']}: unknown account ids: ${Array.from({ length: 10 }, (_, i) => `nobody-${i}`).join(', ')} and 1,990 more`,
    ]);
    expect((await stored()).events).toBe(0);
  }, 120_000);
});

/** Files that look partly like the formats the commands read: quotes, separators, record starts, noise. */
const badFile = fc
  .array(
    fc.oneof(
      fc.constantFrom('"', ',', '\n', '\r\n', '{', '[', 'nmi,date,hours_curtailed,kwh_curtailed,benefit\n'),
      fc.constantFrom(
        '100,NEM12,200505251200,MDA1,Ret1\n',
        '200,6001000001,E1,E1,E1,N1,01009,KWH,30,\n',
        '300,',
      ),
      fc.string({ maxLength: 1500 }),
      fc.uint8Array({ maxLength: 1500 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('whatever a bad file holds, the refusal stays one short line', () => {
  it.each(Object.keys(fileCommands) as (keyof typeof fileCommands)[])(
    'portal %s',
    async (command) => {
      const file = path.join(dataDir(), `property-${command.replaceAll(' ', '-')}.csv`);
      await fc.assert(
        fc.asyncProperty(badFile, async (content) => {
          fs.writeFileSync(file, content);
          const result = await runPortal(...commandOf(command), file);
          if (result.code === 0) return;
          expectClearRefusal(result, file);
        }),
        { numRuns: 15 },
      );
    },
    120_000,
  );
});
