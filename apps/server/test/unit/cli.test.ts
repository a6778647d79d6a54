/** The operator CLI on a fresh embedded database in a temporary DATA_DIR, as an operator would run it. */
import fs from 'node:fs';
import path from 'node:path';
import { addDays, marketToday } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../../src/demo/seed.ts';
import { runPortal, withTemporaryDataDir } from '../helpers/cli.ts';
import { NEM12_SAMPLES } from '../helpers/samples.ts';

const dataDir = withTemporaryDataDir('portal-cli-');
const run = runPortal;
/** The demo's accounts: the eight of docs/contracts.md and the similar homes of issue 28. */
const DEMO = demoAccounts.length;

describe('portal CLI', () => {
  it('prints help', async () => {
    const result = await run('--help');
    expect(result.code).toBe(0);
    expect(result.out.join('\n')).toContain('accounts');
  });

  // Seeding loads 457 days of meter data for seven accounts (and 5 weeks for 22 more) through the importer,
  // settles the demo events and compares similar homes.
  it('seeds the demo accounts once', { timeout: 120_000 }, async () => {
    expect((await run('demo', 'seed')).out[0]).toBe(`Demo accounts: ${DEMO} created, 0 already present.`);
    expect((await run('demo', 'seed')).out).toEqual([
      `Demo accounts: 0 created, ${DEMO} already present.`,
      'Demo meter data: up to date.',
    ]);
  });

  it('reprices every account, or some from a date, and says how much', async () => {
    const all = await run('billing', 'reprice');
    expect(all.code).toBe(0);
    // 15 months of days for each of the seven demo accounts with meter data, 4 to 5 weeks for 22 more.
    expect(all.out[0]).toMatch(
      new RegExp(
        `^Repriced \\d,\\d{3} days of ${DEMO} accounts in \\d+\\.\\d s; ${DEMO * 6} Tracker weeks built\\.$`,
      ),
    );
    const from = addDays(marketToday(), -7);
    const some = await run('billing', 'reprice', '--account', 'demo-home', 'demo-solar', '--from', from);
    expect(some.out[0]).toMatch(
      new RegExp(
        `^Repriced 1[24] days of 2 accounts from ${from} in \\d+\\.\\d s; 12 Tracker weeks built\\.$`,
      ),
    );
    // The recent weeks and forecasts those built are current: a roll-over of today finds nothing to do for them.
    const refresh = await run('tracker', 'refresh', '--json');
    expect(refresh.code).toBe(0);
    const accountsCount = Number(JSON.parse(refresh.out[0] as string).accounts);
    expect(JSON.parse(refresh.out[0] as string)).toEqual({
      accounts: accountsCount,
      built: (accountsCount - DEMO) * 6,
      current: DEMO * 6,
      forecasts: accountsCount - DEMO,
    });
    const again = await run('tracker', 'refresh');
    expect(again.out[0]).toMatch(
      new RegExp(
        `^Tracker: 0 weeks built and stored, ${accountsCount * 6} weeks already current, 0 forecasts computed, of ${accountsCount} accounts in \\d+\\.\\d s\\.$`,
      ),
    );
    const unknown = await run('billing', 'reprice', '--account', 'nobody-here');
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toContain('No account has the id nobody-here');
  });

  it('compares the accounts with similar homes, the same when run again (issue 28 item 3)', async () => {
    const first = await run('insights', 'similar-homes', '--json');
    expect(first.code).toBe(0);
    const summary = JSON.parse(first.out[0] as string);
    const statuses = ['compared', 'small_group', 'no_group', 'not_enough_data', 'no_profile'];
    expect(statuses.reduce((sum, status) => sum + summary[status], 0)).toBe(summary.accounts);
    const again = await run('insights', 'similar-homes');
    expect(again.code).toBe(0);
    expect(again.out[0]).toMatch(
      new RegExp(
        `^Similar homes, ${summary.period_from} to ${summary.period_to}: ${summary.accounts} accounts in \\d+\\.\\d s; ${summary.compared} compared, `,
      ),
    );
    const bad = await run('insights', 'similar-homes', '--now', '2026-13-01');
    expect(bad.code).toBe(1);
  });

  it('puts the demo accounts back with demo reset', async () => {
    const reset = await run('demo', 'reset');
    expect(reset).toMatchObject({ code: 0, err: [] });
    expect(reset.out).toEqual([
      `Demo accounts: ${DEMO} put back as a first start makes them, 0 created.`,
      'Demo meter data: up to date.',
    ]);
  });

  it('creates an account with an unguessable id and prints its Tracker link', async () => {
    const result = await run('accounts', 'create', '--nmi', '6001000099', '--email', 'someone@example.com');
    expect(result.code).toBe(0);
    const [id, link] = result.out;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link).toBe(`http://localhost:3000/new/usage/${id}`);
    const list = await run('accounts', 'list');
    expect(
      list.out.some((line) =>
        line.startsWith(`${id}\tBRIGHTSIDE\t6001000099\tresidential\tsomeone@example.com`),
      ),
    ).toBe(true);
    expect(list.out.at(-1)).toBe(`${DEMO + 1} accounts`);
  });

  it('creates an account with a chosen id and segment', async () => {
    const result = await run(
      'accounts',
      'create',
      '--nmi',
      'QB00000001',
      '--id',
      'shop-42',
      '--segment',
      'sme',
    );
    expect(result.code).toBe(0);
    expect(result.out[0]).toBe('shop-42');
  });

  it.each([
    [['accounts', 'create', '--nmi', '123'], 'NMI'],
    [['accounts', 'create'], "required option '--nmi <NMI>'"],
    [['accounts', 'create', '--nmi', '6001000098', '--segment', 'industrial'], 'industrial'],
    [['accounts', 'create', '--nmi', '6001000098', '--id', 'demo-home'], 'already exists'],
    [['accounts', 'create', '--nmi', '6001000098', '--id', 'a b'], 'not a valid public id'],
    [['accounts', 'create', '--nmi', '6001000098', '--email', 'nope'], 'email'],
    [['accounts', 'list', '--limit', '-1'], 'whole number'],
    [['nonsense'], "unknown command 'nonsense'"],
  ])('rejects %j with a clear message and exit code 1', async (argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain(message);
  });
});

describe('portal tariffs, import nem12 and export', () => {
  const samples = NEM12_SAMPLES;

  it('imports a tariff file once, refuses changed prices without --replace, and lists the tariffs', async () => {
    const file = path.join(dataDir(), 'tariff.json');
    const tariff = {
      code: 'TEST-FLAT',
      name: 'Test flat',
      supply_cents_per_day: '100.00',
      usage: { type: 'flat', cents_per_kwh: '30.00' },
    };
    fs.writeFileSync(file, JSON.stringify(tariff));
    expect((await run('tariffs', 'import', file)).out[0]).toBe(
      'Tariffs: 1 created (TEST-FLAT), 0 unchanged, 0 replaced.',
    );
    expect((await run('tariffs', 'import', file)).out[0]).toBe(
      'Tariffs: 0 created, 1 unchanged (TEST-FLAT), 0 replaced.',
    );
    fs.writeFileSync(file, JSON.stringify({ ...tariff, supply_cents_per_day: '101.00' }));
    const refused = await run('tariffs', 'import', file);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toContain('--replace');
    expect((await run('tariffs', 'import', file, '--replace')).out[0]).toContain('1 replaced (TEST-FLAT)');
    const list = await run('tariffs', 'list');
    expect(list.out).toContain('TEST-FLAT\tTest flat\tflat\t101.00\t0\t0\t-');
  });

  it('rejects a tariff file with a clear message', async () => {
    const file = path.join(dataDir(), 'bad-tariff.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ code: 'BAD', name: 'x', supply_cents_per_day: 'lots', usage: {} }),
    );
    const result = await run('tariffs', 'import', file);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toMatch(/not a valid tariff file: supply_cents_per_day: /);
    fs.writeFileSync(file, '{ not json');
    expect((await run('tariffs', 'import', file)).err.join('\n')).toContain('not valid JSON');
  });

  it('puts an account on a tariff from a date', async () => {
    expect(
      (
        await run(
          'tariffs',
          'assign',
          '--account',
          'demo-new',
          '--tariff',
          'TEST-FLAT',
          '--from',
          '2026-01-01',
        )
      ).out,
    ).toEqual(['Account demo-new is on TEST-FLAT from 2026-01-01.']);
    expect(
      (await run('tariffs', 'assign', '--account', 'demo-new', '--tariff', 'NOPE')).err.join('\n'),
    ).toContain('No tariff has the code NOPE');
  });

  it('imports NEM12 files with a summary, exits 1 when a file is rejected, and exports the data', async () => {
    const good = await run('import', 'nem12', path.join(samples, 'Example_NEM12_actual_interval.csv'));
    expect(good.code).toBe(0);
    expect(good.out[0]).toBe('1 file: 1 imported, 0 rejected.');
    expect(good.out[1]).toBe(
      'Stored: 1 NMI, 2 channels, 2 days, 96 interval values (2 days written, 0 unchanged).',
    );

    // Not a terminal: progress as plain lines on standard error, the last at 100%.
    expect(good.err.at(-1)).toMatch(
      /^Importing: 100% \(\d+ of \d+ kB\) .*Example_NEM12_actual_interval\.csv$/,
    );

    const bad = await run(
      'import',
      'nem12',
      path.join(samples, 'invalid', 'Example_NEM12_15min_200_30min_300.csv'),
    );
    expect(bad.code).toBe(1);
    expect(bad.out.join('\n')).toMatch(
      /rejected: .*Example_NEM12_15min_200_30min_300\.csv:3: 300 record has 48/,
    );

    // --json: one object on standard output, the same exit code.
    const both = await run(
      'import',
      'nem12',
      '--json',
      path.join(samples, 'Example_NEM12_actual_interval.csv'),
      path.join(samples, 'invalid', 'Example_NEM12_15min_200_30min_300.csv'),
    );
    expect(both.code).toBe(1);
    expect(both.out).toHaveLength(1);
    expect(JSON.parse(both.out[0] as string)).toMatchObject({
      imported: 1,
      rejected: 1,
      days: 2,
      written: 0,
      unchanged: 2,
      files: [
        { status: 'imported', nmis: 1, channels: 2, warnings: [] },
        { status: 'rejected', error: { line: 3 } },
      ],
    });

    const exported = await run('export', '--nmi', 'VABD000163', '--from', '2004-02-01', '--to', '2004-02-01');
    expect(exported.code).toBe(0);
    expect(exported.out[0]).toBe('interval_start,interval_minutes,import_kwh,export_kwh,quality');
    expect(exported.out[1]).toBe('2004-02-01T00:00,30,1.111,0,A');
    expect(exported.out).toHaveLength(49);
    expect((await run('export', '--from', '2004-02-01', '--to', '2004-02-01')).err.join('\n')).toContain(
      '--nmi',
    );
  });
});

describe('portal accounts: supply periods (decision 0034)', () => {
  it('moves a new occupant in, closes the one before, exports each its own days, and replaces a link', async () => {
    const file = path.join(NEM12_SAMPLES, 'Example_NEM12_month_solar.csv');
    expect((await run('import', 'nem12', file)).code).toBe(0);
    // The sample's meter NMI1234567 has every day of March 2023.
    const before = await run('accounts', 'create', '--nmi', 'NMI1234567', '--id', 'leaving-home');
    expect(before.code).toBe(0);
    const refused = await run('accounts', 'create', '--nmi', 'NMI1234567', '--id', 'too-early');
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toContain('NMI NMI1234567 is held by account leaving-home');
    const moved = await run(
      'accounts',
      'move-in',
      '--nmi',
      'NMI1234567',
      '--from',
      '2023-03-16',
      '--id',
      'new-home',
    );
    expect(moved.code).toBe(0);
    expect(moved.out).toEqual([
      'new-home',
      'http://localhost:3000/new/usage/new-home',
      'Closed leaving-home: its last day is 2023-03-15.',
    ]);
    // No --tariff: the operator is told the Tracker will show no spend, and how to put it right.
    expect(moved.err.join('\n')).toContain(
      'warning: new-home has no tariff, so its Tracker shows no spend: portal tariffs assign --account new-home --tariff <code> --from 2023-03-16',
    );
    const days = async (account: string) =>
      (await run('export', '--account', account, '--from', '2023-03-14', '--to', '2023-03-17')).out
        .slice(1)
        .map((line) => line.slice(0, 10));
    expect(new Set(await days('leaving-home'))).toEqual(new Set(['2023-03-14', '2023-03-15']));
    expect(new Set(await days('new-home'))).toEqual(new Set(['2023-03-16', '2023-03-17']));
    const list = await run('accounts', 'list');
    expect(
      list.out
        .find((line) => line.startsWith('leaving-home\t'))
        ?.split('\t')
        .slice(-2),
    ).toEqual(['', '2023-03-15']);
    expect(
      list.out
        .find((line) => line.startsWith('new-home\t'))
        ?.split('\t')
        .slice(-2),
    ).toEqual(['2023-03-16', '']);

    const closed = await run('accounts', 'close', '--account', 'new-home', '--to', '2023-03-15');
    expect(closed.code).toBe(1);
    expect(closed.err.join('\n')).toContain('cannot close before');

    const rotated = await run('accounts', 'rotate-link', '--account', 'new-home');
    expect(rotated.code).toBe(0);
    const [id, link] = rotated.out;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link).toBe(`http://localhost:3000/new/usage/${id}`);
    expect(
      (await run('export', '--account', 'new-home', '--from', '2023-03-14', '--to', '2023-03-17')).code,
    ).toBe(1);
    expect(new Set(await days(id as string))).toEqual(new Set(['2023-03-16', '2023-03-17']));
  });
});

describe('portal curtailment import', () => {
  it('loads curtailed days, enrols the account, and refuses a bad row naming its line', async () => {
    const file = path.join(dataDir(), 'curtailment.csv');
    fs.writeFileSync(
      file,
      'nmi,date,hours_curtailed,kwh_curtailed,benefit\n6001000005,2026-10-01,2.5,4.125,1.86\n6001000005,2026-10-02,1,1.5,0.68\n',
    );
    const loaded = await run('curtailment', 'import', file);
    expect(loaded.out).toEqual(['Curtailment: 2 days for 1 NMI; 1 account newly in the trial.']);
    expect((await run('curtailment', 'import', file)).out).toEqual([
      'Curtailment: 2 days for 1 NMI; 0 accounts newly in the trial.',
    ]);
    fs.writeFileSync(
      file,
      'nmi,date,hours_curtailed,kwh_curtailed,benefit\n6001000005,2026-10-01,2.5,4.125,1.86\n6001000005,2026-13-02,1,1.5,0.68\n',
    );
    const bad = await run('curtailment', 'import', file);
    expect(bad.code).toBe(1);
    expect(bad.err.join('\n')).toMatch(/curtailment\.csv:3: date: /);
  });
});

describe('portal events', () => {
  const eventsCount = async () => (await run('events', 'list')).out.at(-1);

  it('lists the demo events and settles them again without changing anything', async () => {
    const list = await run('events', 'list');
    expect(list.code).toBe(0);
    expect(list.out[0]).toBe('id\treference\tdate\tstart\tend\tfactor\tstatus\tinvited\tsettled\tcredits');
    expect(list.out.at(-1)).toBe('7 events');
    expect(list.out.filter((line) => line.includes('\tcomplete\t'))).toHaveLength(6);
    // The demo's event still to come (issue 29): scheduled, nothing settled.
    expect(list.out.filter((line) => line.includes('\tdemo-event-upcoming\t'))).toEqual([
      expect.stringMatching(/\tscheduled\t2\t0\t\$0\.00$/),
    ]);

    const settle = await run('events', 'settle');
    expect(settle.code).toBe(0);
    expect(settle.out).toContain('  still missing data: demo-home (no event data)');
    expect(settle.out.at(-1)).toBe('Settled 1 event; 2 accounts still missing data.');
    expect(settle.err).toEqual(['Settling: 100% (1 of 1 event)']);
    const first = list.out.find((line) => line.includes('\tdemo-event-1\t'))?.split('\t')[0];
    const again = await run('events', 'settle', String(first));
    expect(again.out[0]).toBe(`Event ${first} (demo-event-1): 2 of 2 accounts settled, 0 results changed.`);
  });

  it('creates an event for the accounts of a file, settles it once, and exports its credits', async () => {
    const day = addDays(marketToday(), -2);
    const file = path.join(dataDir(), 'invited.txt');
    fs.writeFileSync(file, '# invited to the test event\ndemo-home\n\ndemo-business\r\ndemo-happy\n');
    const created = await run(
      'events',
      'create',
      '--start',
      `${day}T07:00`,
      '--end',
      `${day} 08:30`,
      '--factor',
      '-0.25',
      '--accounts',
      file,
      '--reference',
      'cli-test',
    );
    expect(created.code).toBe(0);
    const id = created.out[0];
    expect(created.out[1]).toBe(
      `Event ${id}: ${day}T07:00:00+10:00 to ${day}T08:30:00+10:00, factor -0.25, 3 accounts invited.`,
    );
    const listed = (await run('events', 'list')).out.find((line) => line.startsWith(`${id}\t`));
    expect(listed).toBe(`${id}\tcli-test\t${day}\t07:00\t08:30\t-0.25\tscheduled\t3\t0\t$0.00`);

    expect((await run('events', 'settle', String(id))).out[0]).toBe(
      `Event ${id} (cli-test): 3 of 3 accounts settled, 3 results changed.`,
    );
    expect((await run('events', 'settle', String(id))).out[0]).toBe(
      `Event ${id} (cli-test): 3 of 3 accounts settled, 0 results changed.`,
    );
    const credits = await run('events', 'credits', String(id));
    expect(credits.out[0]).toBe(
      'event_id,event_date,account_id,nmi,result,rank,baseline_kwh,event_kwh,reduced_kwh,credit_cents,credit_dollars',
    );
    expect(credits.out.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      `${id},${day},demo-business`,
      `${id},${day},demo-happy`,
      `${id},${day},demo-home`,
    ]);
    for (const line of credits.out.slice(1)) {
      expect(line).toMatch(
        /,(gold|silver|bronze),\d*,-?\d+\.\d{3},-?\d+\.\d{3},-?\d+\.\d{3},(0|500|10000),\d+\.\d{2}$/,
      );
    }
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = await eventsCount();
    const file = path.join(dataDir(), 'unknown.txt');
    fs.writeFileSync(file, 'demo-home\nnobody-here\n');
    const base = ['events', 'create', '--start', '2026-10-01T18:00', '--end', '2026-10-01T19:00'];
    const cases: [string[], RegExp][] = [
      [[...base, '--factor', '-0.3'], /give --accounts <file> or --all/],
      [[...base, '--factor', '0.3', '--all'], /negative factor/],
      [[...base, '--factor', '-0.3', '--all', '--accounts', file], /cannot be used with/],
      [[...base, '--factor', '-0.3', '--accounts', file], /unknown account ids: nobody-here/],
      [
        [
          'events',
          'create',
          '--start',
          '2026-10-01T18:10',
          '--end',
          '2026-10-01T19:00',
          '--factor',
          '-0.3',
          '--all',
        ],
        /30-minute boundary/,
      ],
      [
        [
          'events',
          'create',
          '--start',
          '2026-10-01T18:00',
          '--end',
          '2026-10-01T17:00',
          '--factor',
          '-0.3',
          '--all',
        ],
        /end must be after the start/,
      ],
      [
        ['events', 'create', '--start', 'tomorrow', '--end', '2026-10-01T19:00', '--factor', '-0.3', '--all'],
        /expected a time/,
      ],
      [['events', 'settle', '999'], /no event 999/],
      [['events', 'credits', 'abc'], /error/],
    ];
    for (const [argv, message] of cases) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).not.toBe(0);
      expect(result.err.join('\n'), argv.join(' ')).toMatch(message);
    }
    expect(await eventsCount()).toBe(before);
  });
});
