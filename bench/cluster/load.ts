/**
 * One load run with autocannon (in this process): closed loop (as fast as `connections` allow) or at a fixed
 * overall rate, each request built anew by `next` (a kind of the mix for a random account). Every answer is
 * counted by kind and status, and in 10-second windows, so that a failure can be placed in time (say, the
 * seconds after an instance was killed). A failure is a connection error, a timeout, a 5xx, or a status the
 * kind does not expect; expected non-2xx answers (a 409 for a slot change within 24 hours) are counted apart.
 */
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import type { DataSet } from './data-set.ts';
import { type BuiltRequest, kindNamed, type RequestKind } from './mix.ts';

export interface LoadOptions {
  base: string;
  next: () => { kind: RequestKind; request: BuiltRequest };
  connections: number;
  duration?: number;
  amount?: number;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  overallRate?: number;
  timeoutSeconds?: number;
}

export interface Window {
  /** Seconds since the start of the run. */
  at: number;
  answers: number;
  failures: number;
}

export interface LoadResult {
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Latency of 2xx answers (autocannon), ms. */
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  /** Answers by kind and status. */
  statuses: Record<string, Record<string, number>>;
  /** Answers that are correct but not 2xx, by kind and status. */
  expected: Record<string, Record<string, number>>;
  /** 5xx and statuses the kind does not expect, by kind and status. */
  unexpected: Record<string, Record<string, number>>;
  failures: number;
  windows: Window[];
}

interface Context {
  kind?: RequestKind;
}

const WINDOW_SECONDS = 10;

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const statuses: LoadResult['statuses'] = {};
  const expected: LoadResult['expected'] = {};
  const unexpected: LoadResult['unexpected'] = {};
  const windows: Window[] = [];
  let started = 0;
  const windowNow = () => {
    const index = Math.floor((performance.now() - started) / 1000 / WINDOW_SECONDS);
    for (let i = windows.length; i <= index; i++)
      windows.push({ at: i * WINDOW_SECONDS, answers: 0, failures: 0 });
    return windows[index] as Window;
  };
  const add = (table: Record<string, Record<string, number>>, kind: string, status: number) => {
    const row = table[kind] ?? {};
    row[status] = (row[status] ?? 0) + 1;
    table[kind] = row;
  };

  const instance = autocannon({
    url: options.base,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    timeout: options.timeoutSeconds ?? 30,
    requests: [
      {
        setupRequest: (request, context: Context) => {
          const { kind, request: built } = options.next();
          context.kind = kind;
          return {
            ...request,
            method: built.method,
            path: built.path,
            headers: built.headers,
            body: built.body ?? Buffer.alloc(0),
          };
        },
        onResponse: (status, _body, context: Context) => {
          const kind = context.kind as RequestKind;
          add(statuses, kind.name, status);
          const window = windowNow();
          window.answers++;
          if (status < 300) return;
          if (status < 500 && kind.expected.includes(status)) {
            add(expected, kind.name, status);
          } else {
            add(unexpected, kind.name, status);
            window.failures++;
          }
        },
      },
    ],
  });
  started = performance.now();
  (instance as unknown as EventEmitter).on('reqError', () => {
    windowNow().failures++;
  });
  const result = await instance;
  const answered = Object.values(statuses).reduce(
    (sum, row) => sum + Object.values(row).reduce((a, b) => a + b, 0),
    0,
  );
  const unexpectedCount = Object.values(unexpected).reduce(
    (sum, row) => sum + Object.values(row).reduce((a, b) => a + b, 0),
    0,
  );
  return {
    durationSeconds: result.duration,
    requests: answered,
    // A fixed amount ends within seconds: count over the whole run rather than per-second samples.
    requestsPerSecond: options.amount ? answered / result.duration : result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    expected,
    unexpected,
    failures: unexpectedCount + result.errors,
    windows,
  };
}

/** `{ kind: count }` tables as "kind: 409 x 12, 304 x 3; …". */
export function describeCounts(table: Record<string, Record<string, number>>): string {
  const parts = Object.entries(table).map(
    ([kind, row]) =>
      `${kind}: ${Object.entries(row)
        .map(([status, count]) => `${status} x ${count}`)
        .join(', ')}`,
  );
  return parts.length > 0 ? parts.join('; ') : 'none';
}

/**
 * Asks every account's usage once from one instance: this computes each account's quarterly forecast, which
 * the instance then keeps for 10 minutes, as customers clicking through weeks would find it (bench/usage does
 * the same "cold pass"). Each instance has its own cache, so each is warmed directly.
 */
export async function warmForecasts(base: string, data: DataSet, connections = 16): Promise<LoadResult> {
  const kind = kindNamed('usage another week');
  let i = 0;
  const result = await runLoad({
    base,
    connections,
    amount: data.accounts.length,
    next: () => {
      const account = data.accounts[i++ % data.accounts.length] as DataSet['accounts'][number];
      return { kind, request: kind.build({ ...data, accounts: [account] }, '') };
    },
  });
  if (result.failures > 0) throw new Error(`warming ${base} failed: ${describeCounts(result.unexpected)}`);
  return result;
}
