/**
 * The Tracker's answer kept in the database (issue 31, decision 0036): what a reader sends is always what a
 * build from scratch gives, whatever changed before it, and another account's changes cost a reader nothing.
 */
import { endpointPath, endpoints, serverPrefixes } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usageVersions } from '../../src/db/schema.ts';
import { findAccountByPublicId } from '../../src/domains/accounts/queries.ts';
import { testAppForFile } from '../helpers/app.ts';

const t = testAppForFile();

const usageUrl = (publicId: string, from?: string) =>
  `${serverPrefixes.api}${endpointPath(endpoints.usage)}?account_id=${publicId}${from ? `&from=${from}` : ''}`;

async function versionOf(publicId: string) {
  const account = await findAccountByPublicId(t.db, publicId);
  const [row] = await t.db
    .select({ version: usageVersions.version })
    .from(usageVersions)
    .where(eq(usageVersions.accountId, account?.id as string));
  return row?.version ?? 0;
}

describe('another account waiting to be priced', () => {
  it("neither reprices an account's days nor raises its version when it is read", async () => {
    const other = await findAccountByPublicId(t.db, 'demo-solar');
    // Days of demo-solar left stale behind the portal's back (a person with psql): its own next reader prices them.
    await t.db.execute(sql`insert into priced_days_stale (account_id) values (${other?.id})`);
    const before = await versionOf('demo-home');
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: usageUrl('demo-home') })).statusCode).toBe(200);
    }
    expect(await versionOf('demo-home')).toBe(before);
    const stale = await t.db.execute(
      sql`select count(*)::int as n from priced_days_stale where account_id = ${other?.id}`,
    );
    expect((stale as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
