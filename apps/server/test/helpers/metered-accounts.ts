/**
 * Accounts with meter data on a bare PostgreSQL database (a private cluster's): the retailer, the demo tariffs,
 * each account on the flat tariff and weeks of generated reads up to yesterday, imported as one NEM12 file.
 * Enough for real usage answers, without the demo seed's 15 months. Also one statement on a connection of its
 * own, for tests that look at a node directly.
 */
import { addDays } from '@portal/contracts';
import pg from 'pg';
import { expect } from 'vitest';
import { wrapPostgres } from '../../src/db/index.ts';
import { benchmarkProfile, generateNem12 } from '../../src/demo/nem12-generator.ts';
import { ensureRetailer } from '../../src/domains/accounts/queries.ts';
import { createAccount } from '../../src/domains/accounts/service.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { assignTariff, FROM_THE_START, importTariffs } from '../../src/domains/billing/tariff-store.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { testConfig } from './config.ts';
import { suiteToday } from './suite-clock.ts';

/** Creates residential accounts `publicIds` (NMIs 600900000 1, 2, …) with `days` days of reads each. */
export async function createMeteredAccounts(url: string, publicIds: readonly string[], days: number) {
  const { db, close } = wrapPostgres(new pg.Pool({ connectionString: url, max: 2 }));
  try {
    const config = testConfig();
    await ensureRetailer(db, config.client.clientCode, config.client.retailer.name);
    await importTariffs(db, Object.values(demoTariffs));
    const meters: { nmi: string; profile: ReturnType<typeof benchmarkProfile> }[] = [];
    for (const [index, publicId] of publicIds.entries()) {
      const account = await createAccount(db, {
        nmi: `600900000${index + 1}`,
        publicId,
        marketSegment: 'residential',
        clientCode: config.client.clientCode,
      });
      await assignTariff(db, account.id, demoTariffs.flat.code, FROM_THE_START);
      meters.push({ nmi: account.nmi, profile: benchmarkProfile(index + 1) });
    }
    const today = suiteToday();
    const imported = await importNem12Source(
      db,
      textSource('accounts.csv', () => generateNem12(meters, addDays(today, -days), addDays(today, -1))),
    );
    expect(imported.status).toBe('imported');
  } finally {
    await close();
  }
}

/** One statement on a connection of its own; its rows. */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
