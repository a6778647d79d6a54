/**
 * What prepare.ts writes and the cluster benchmarks read: the copy's URL, its accounts with their data range,
 * which of them are in which offer, and the Reduce & Reward events.
 */
import pg from 'pg';

export const EVENT_REFERENCE_PREFIX = 'cluster-bench-';

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface BenchAccount {
  publicId: string;
  first: string;
  last: string;
  segment: 'residential' | 'sme';
  happyHours: boolean;
  hereForYou: boolean;
  /** Addresses are per customer, so the per-address limits apply as in production (198.18/15: for benchmarks). */
  address: string;
}

export interface DataSet {
  accounts: BenchAccount[];
  happyHours: BenchAccount[];
  hereForYou: BenchAccount[];
  eventIds: number[];
  clientCode: string;
}

export async function loadDataSet(url: string): Promise<DataSet> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((error: Error) => {
    throw new Error(`${url}: ${error.message}; run bench/cluster/prepare.ts first`);
  });
  try {
    const { rows } = await client.query<Omit<BenchAccount, 'address'>>(
      `select a.public_id as "publicId", r.first::text, r.last::text, a.market_segment as segment,
              exists (select 1 from happy_hours_participants h where h.account_id = a.id) as "happyHours",
              exists (select 1 from here_for_you_participants h where h.account_id = a.id) as "hereForYou"
         from accounts a
         join lateral (select min(read_date) as first, max(read_date) as last
                         from meter_reads m where m.nmi = a.nmi and m.suffix = 'E1') r on true
        where a.public_id like 'bench-%' and r.first is not null
        order by a.public_id`,
    );
    const events = await client.query<{ id: number; client_code: string }>(
      `select id, client_code from dr_events where reference like $1 order by id`,
      [`${EVENT_REFERENCE_PREFIX}%`],
    );
    const accounts = rows.map((row, i) => ({
      ...row,
      address: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    }));
    if (accounts.length === 0 || events.rows.length === 0) {
      throw new Error(`${url} has no bench accounts or no events: run bench/cluster/prepare.ts first`);
    }
    return {
      accounts,
      happyHours: accounts.filter((a) => a.happyHours),
      hereForYou: accounts.filter((a) => a.hereForYou),
      eventIds: events.rows.map((row) => row.id),
      clientCode: events.rows[0]?.client_code as string,
    };
  } finally {
    await client.end();
  }
}
