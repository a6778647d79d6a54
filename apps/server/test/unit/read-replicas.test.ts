/**
 * The parts of reading from standbys (decision 0044) that need no server: WAL positions, the lag measured on
 * the primary's clock, the choice of a standby for a read-your-writes position, and the cookie's signature.
 * The whole, on a real primary and standby: test/process/read-replicas.test.ts.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { formatLsn, lagOf, nodeAddress, parseLsn, ReadReplicas } from '../../src/db/replicas.ts';
import { cookieValue, signReadAfter, verifyReadAfter } from '../../src/plugins/reads.ts';

const KEY = 'k'.repeat(40);
const OTHER_KEY = 'o'.repeat(40);

describe('WAL positions', () => {
  it('reads and writes them as PostgreSQL does, comparable across the 32-bit halves', () => {
    expect(parseLsn('0/3001178')).toBe(0x3001178n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(formatLsn(parseLsn('16/B374D848'))).toBe('16/B374D848');
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('16-B374D848')).toThrow('not a WAL position');
  });

  it('shows a node to operators without its credentials', () => {
    expect(nodeAddress('postgres://portal:secret@db-standby-1:5433/portal')).toBe('db-standby-1:5433/portal');
    expect(nodeAddress('postgres://db-standby-2/portal')).toBe('db-standby-2:5432/portal');
  });
});

describe('lag', () => {
  const samples = [
    { at: 1_000, lsn: 100n },
    { at: 2_000, lsn: 200n },
    { at: 3_000, lsn: 300n },
  ];
  it('is the time since the oldest primary position the standby has not replayed', () => {
    expect(lagOf(samples, 150n, 3_500)).toBe(1_500);
    expect(lagOf(samples, 99n, 3_500)).toBe(2_500);
    expect(lagOf(samples, 299n, 3_500)).toBe(500);
  });
  it('is 0 for a standby that has replayed all the primary was seen at, however long ago (an idle primary)', () => {
    expect(lagOf(samples, 300n, 1_000_000)).toBe(0);
    expect(lagOf(samples, 400n, 3_500)).toBe(0);
    expect(lagOf([], 0n, 3_500)).toBe(0);
  });
});

describe('the choice of a standby', () => {
  let replicas: ReadReplicas | undefined;
  afterEach(async () => replicas?.close());

  function twoStandbys() {
    const primary = new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none' });
    replicas = new ReadReplicas(primary, ['postgres://127.0.0.1:2/a', 'postgres://127.0.0.1:3/b'], {
      maxLagMs: 1_000,
      checkMs: 1_000,
      poolSize: 1,
    });
    const [first, second] = replicas.standbys;
    if (!first || !second) throw new Error('two standbys');
    return { replicas, first, second };
  }

  it('takes the standbys in use in turn, and none before a check found them well', () => {
    const { replicas, first, second } = twoStandbys();
    expect(replicas.pick(null)).toBeNull();
    expect(replicas.status().map((standby) => standby.state)).toEqual(['unchecked', 'unchecked']);
    Object.assign(first, { inUse: true, replay: 500n });
    Object.assign(second, { inUse: true, replay: 700n });
    expect([replicas.pick(null), replicas.pick(null), replicas.pick(null)]).toEqual([first, second, first]);
    second.inUse = false;
    expect([replicas.pick(null), replicas.pick(null)]).toEqual([first, first]);
  });

  it('gives a read-your-writes position only to a standby that has replayed past it, else the primary', () => {
    const { replicas, first, second } = twoStandbys();
    Object.assign(first, { inUse: true, replay: 500n });
    Object.assign(second, { inUse: true, replay: 700n });
    expect(replicas.pick(600n)).toBe(second);
    expect(replicas.pick(600n)).toBe(second);
    expect(replicas.pick(700n)).toBe(second);
    expect(replicas.pick(701n)).toBeNull();
  });

  it('leaves out a standby that did not answer, with the reason, until a check finds it well', () => {
    const { replicas, first } = twoStandbys();
    Object.assign(first, { inUse: true, state: 'in_use', replay: 500n });
    replicas.leaveOut(first, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(replicas.pick(null)).toBeNull();
    expect(replicas.status()[0]).toMatchObject({
      inUse: false,
      state: 'unreachable',
      reason: 'does not answer (ECONNREFUSED): connect ECONNREFUSED',
    });
  });
});

describe('the read-your-writes cookie', () => {
  const now = 1_800_000_000;

  it('names its position while unexpired and signed with an accepted key', () => {
    const token = signReadAfter(KEY, 0x16b374d848n, now + 30);
    expect(verifyReadAfter([KEY], token, now)).toBe(0x16b374d848n);
    expect(verifyReadAfter([OTHER_KEY, KEY], token, now + 30)).toBe(0x16b374d848n);
  });

  it('names nothing when expired, altered, signed with another key, or malformed', () => {
    const token = signReadAfter(KEY, 0x3001178n, now + 30);
    expect(verifyReadAfter([KEY], token, now + 31)).toBeNull();
    expect(verifyReadAfter([OTHER_KEY], token, now)).toBeNull();
    expect(verifyReadAfter([KEY], token.replace(/^3001178/, 'ffffffffffffffff'), now)).toBeNull();
    expect(verifyReadAfter([KEY], token.replace(/\.(\d+)\./, `.${now + 9_999}.`), now)).toBeNull();
    for (const junk of ['', 'x', '3001178..', `${token}.x`, token.replace(/.$/, '')]) {
      expect(verifyReadAfter([KEY], junk, now)).toBeNull();
    }
    expect(verifyReadAfter([KEY], null, now)).toBeNull();
  });

  it('is found among the request cookies', () => {
    expect(cookieValue('a=1; portal_read_after=abc.1.x; tracker__viewedHint=true', 'portal_read_after')).toBe(
      'abc.1.x',
    );
    expect(cookieValue('portal_read_afterx=1', 'portal_read_after')).toBeNull();
    expect(cookieValue(undefined, 'portal_read_after')).toBeNull();
  });
});
