/**
 * The pieces of the rate limits (issue 16 item 1): the per-address bound on concurrent look-ups, the IPv6
 * network key, and the in-memory store of visit-record limits answering each request with its own count.
 */
import { describe, expect, it } from 'vitest';
import {
  clientKey,
  createCallLimit,
  createConcurrencyLimit,
  MemoryRateLimitStore,
} from '../../src/lib/rate-limiter.ts';

describe('createConcurrencyLimit', () => {
  it('runs at most `limit` tasks at once per key, the others in order, and every task to its end', async () => {
    const withSlot = createConcurrencyLimit(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      if (i % 7 === 0) throw new Error(`task ${i}`);
      return i;
    };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => withSlot('10.0.0.1', task(i))),
    );
    expect(most).toBe(3);
    expect(started).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(8);
    // A failed task gave its slot back: another key and the same key still run.
    expect(await withSlot('10.0.0.1', async () => 'again')).toBe('again');
  });

  it('does not make one key wait for another', async () => {
    const withSlot = createConcurrencyLimit(1);
    let release = () => {};
    const blocker = withSlot('a', () => new Promise<void>((resolve) => (release = resolve)));
    expect(await withSlot('b', async () => 'b ran')).toBe('b ran');
    release();
    await blocker;
  });
});

describe('createCallLimit (issue 25 item 3)', () => {
  const limit = () =>
    createCallLimit({ perAccount: 2, perAddress: 3, durationSeconds: 60, keyPrefix: 'test', redis: null });

  it("counts the address, then the account; the account's refusal gives the address its point back", async () => {
    const calls = limit();
    const a: string[] = [];
    for (let i = 0; i < 5; i++) a.push((await calls.reserve('account-a', '10.0.0.1'))?.by ?? 'served');
    expect(a).toEqual(['served', 'served', 'account', 'account', 'account']);
    // Only A's two served calls count at the address: another account there gets the third, then none.
    expect(await calls.reserve('account-b', '10.0.0.1')).toBeNull();
    const refused = await calls.reserve('account-b', '10.0.0.1');
    expect(refused?.by).toBe('address');
    expect(refused?.waitSeconds).toBeGreaterThan(0);
    expect(refused?.waitSeconds).toBeLessThanOrEqual(60);
    // A's count holds from another address; B's does not stop B elsewhere.
    expect((await calls.reserve('account-a', '10.0.0.2'))?.by).toBe('account');
    expect(await calls.reserve('account-b', '10.0.0.2')).toBeNull();
  });
});

describe('clientKey', () => {
  it('keys IPv6 by its network, IPv4 (and IPv4-mapped) by address', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6', 64)).toBe(clientKey('2001:db8:1:2:ffff::1', 64));
    expect(clientKey('2001:db8:1:2::1', 64)).not.toBe(clientKey('2001:db8:1:3::1', 64));
    expect(clientKey('2001:db8:1:2::1', 128)).not.toBe(clientKey('2001:db8:1:2::2', 128));
    expect(clientKey('2001:db8:1:2::1', 48)).toBe(clientKey('2001:db8:1:ffff::2', 48));
    expect(clientKey('10.1.2.3', 64)).toBe('10.1.2.3');
    expect(clientKey('::ffff:10.1.2.3', 64)).toBe('10.1.2.3');
  });
});

describe('MemoryRateLimitStore', () => {
  it('gives each of many requests at once its own count', async () => {
    const store = new MemoryRateLimitStore();
    const counts = await Promise.all(
      Array.from(
        { length: 300 },
        () =>
          new Promise<number>((resolve, reject) =>
            store.incr(
              'k',
              (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)),
              60_000,
            ),
          ),
      ),
    );
    expect(counts).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  });
});
