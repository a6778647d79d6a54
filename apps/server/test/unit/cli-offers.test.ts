import { addDays, marketToday, weekStart } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { parseSignupEnd } from '../../src/cli/commands/offers.ts';
import { runPortal, withTemporaryDataDir } from '../helpers/cli.ts';

const run = runPortal;
// A copy of the run's migrated database, which `db migrate` finds current.
withTemporaryDataDir('portal-cli-offers-', {
  migrated: true,
  prepare: async () => {
    expect((await run('db', 'migrate')).code).toBe(0);
  },
  // The run's migrated DATA_DIR is made beside the first files: a file may wait for it.
  timeoutMs: 120_000,
});

describe('parseSignupEnd', () => {
  it('reads dates and times as AEST unless an offset is given, and none as no end', () => {
    expect(parseSignupEnd('2026-12-31')?.toISOString()).toBe('2026-12-31T13:59:59.000Z');
    expect(parseSignupEnd('2026-12-31T17:00')?.toISOString()).toBe('2026-12-31T07:00:00.000Z');
    expect(parseSignupEnd('2026-12-31T17:00:00Z')?.toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(parseSignupEnd('none')).toBeNull();
    expect(() => parseSignupEnd('next week')).toThrow(/expected YYYY-MM-DD/);
    expect(() => parseSignupEnd('2026-02-30')).toThrow(/expected YYYY-MM-DD/);
  });
});

describe('portal offers', () => {
  it('prints help for both programs', async () => {
    const result = await run('offers', '--help');
    expect(result.code).toBe(0);
    expect(result.out.join('\n')).toMatch(/happy-hours[\s\S]*here-for-you/);
  });

  it('invites accounts, all or nothing, and lists them', async () => {
    expect((await run('accounts', 'create', '--nmi', '6009100001', '--id', 'cli-one')).code).toBe(0);
    expect((await run('accounts', 'create', '--nmi', '6009100002', '--id', 'cli-two')).code).toBe(0);

    const unknown = await run('offers', 'happy-hours', 'invite', 'cli-one', 'nobody-here');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toEqual(['error: No account has the id nobody-here; nothing was invited.']);
    expect((await run('offers', 'happy-hours', 'list')).out).toEqual([
      'account_id\tsigned_up\ttime_slot\teffective_date\tinvited_at',
      '0 participants',
    ]);

    const invited = await run('offers', 'happy-hours', 'invite', 'cli-one', 'cli-two');
    expect(invited.out).toEqual(['Happy Hours: 2 accounts invited, 0 already invited.']);
    expect((await run('offers', 'happy-hours', 'invite', 'cli-one')).out).toEqual([
      'Happy Hours: 0 accounts invited, 1 already invited.',
    ]);
    const list = await run('offers', 'happy-hours', 'list');
    expect(list.out.slice(1, 3).map((line) => line.split('\t').slice(0, 4))).toEqual([
      ['cli-one', 'no', '-', '-'],
      ['cli-two', 'no', '-', '-'],
    ]);
    expect((await run('offers', 'here-for-you', 'invite', 'cli-one')).out).toEqual([
      'Reduce & Be Rewarded: 1 account invited, 0 already invited.',
    ]);
    const hfy = await run('offers', 'here-for-you', 'list');
    expect(hfy.out[1]?.split('\t').slice(0, 2)).toEqual(['cli-one', 'yes']);
    expect(hfy.out.at(-1)).toBe('1 participant');
  });

  it('shows, sets and clears the sign-up end, refusing a bad time', async () => {
    expect((await run('offers', 'happy-hours', 'signup-end')).out).toEqual([
      'Happy Hours sign-up for BRIGHTSIDE is open (no end set).',
    ]);
    expect((await run('offers', 'happy-hours', 'signup-end', '2026-12-31')).out).toEqual([
      'Happy Hours sign-up for BRIGHTSIDE ends at 2026-12-31T13:59:59.000Z.',
    ]);
    const bad = await run('offers', 'happy-hours', 'signup-end', 'tomorrow');
    expect(bad.code).toBe(1);
    expect(bad.err.join('\n')).toContain('expected YYYY-MM-DD');
    expect((await run('offers', 'happy-hours', 'signup-end')).out[0]).toContain('2026-12-31T13:59:59.000Z');
    const unknown = await run('offers', 'happy-hours', 'signup-end', 'none', '--client-code', 'NOBODY');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toEqual(['error: No retailer has the client code NOBODY.']);
    expect((await run('offers', 'happy-hours', 'signup-end', 'none')).out).toEqual([
      'Happy Hours sign-up for BRIGHTSIDE is open (no end set).',
    ]);
  });

  it('settles a finished week, refuses one not over, and writes the credits as CSV', async () => {
    const notOver = await run('offers', 'here-for-you', 'settle', '--week', marketToday());
    expect(notOver.code).toBe(1);
    expect(notOver.err[0]).toMatch(/^error: The week of .* is not over yet/);
    expect((await run('offers', 'here-for-you', 'settle', '--week', '2026-13-01')).code).toBe(1);

    const week = addDays(weekStart(marketToday()), -7);
    const settled = await run('offers', 'here-for-you', 'settle', '--week', week);
    expect(settled.code).toBe(0);
    expect(settled.out).toEqual([
      // cli-one was invited today: not in for the whole week.
      `Reduce & Be Rewarded, week ${week} to ${addDays(week, 6)}: 1 participant; 0 credited ($20), 0 not credited, 0 already settled, 1 not opted in all week, 0 awaiting meter data, 0 without 4 weeks of history.`,
    ]);
    expect(settled.err).toEqual(['Settling: 100% (1 of 1 participant)']);
    const credits = await run('offers', 'here-for-you', 'credits', '--week', week);
    expect(credits.out).toEqual([
      'account_id,nmi,week_start,week_end,week_kwh,average_kwh,reduction_percent,credit_cents',
    ]);
  });
});
