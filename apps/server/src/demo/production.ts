/**
 * Demo data only where asked (issue 25 item 3). With NODE_ENV=production the demo accounts (readable ids, our
 * demo addresses, the real client code) are written only when DEMO_SEED=true is given explicitly, a demo
 * deployment; a production start on a database that holds them otherwise is refused, and so are `portal demo
 * seed` and `reset`. `portal demo remove` (remove.ts) is the way out.
 */
import { demoPublicIds } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { accounts } from '../db/schema.ts';

/** Demo data where the configuration does not allow it: printed as one line, exit code 1. */
export class DemoDataError extends Error {}

/** The demo accounts this database holds, in the order of `demoPublicIds`. */
export async function demoAccountsPresent(db: Database): Promise<string[]> {
  const rows = await db
    .select({ publicId: accounts.publicId })
    .from(accounts)
    .where(inArray(accounts.publicId, [...demoPublicIds]));
  const present = new Set(rows.map((row) => row.publicId));
  return demoPublicIds.filter((id) => present.has(id));
}

/** A production deployment that has not asked for the demo (DEMO_SEED=true). */
const refusesDemo = (config: Config) => config.env.NODE_ENV === 'production' && !config.env.DEMO_SEED;

/** The first few ids and how many more: the demo's similar homes would make a line of 32 ids. */
const namesOf = (ids: readonly string[], shown = 6) =>
  ids.length <= shown ? ids.join(', ') : `${ids.slice(0, shown).join(', ')} and ${ids.length - shown} more`;

/** At start: refuses a production database holding demo accounts unless this is a demo deployment. */
export async function checkNoDemoDataInProduction(db: Database, config: Config): Promise<void> {
  if (!refusesDemo(config)) return;
  const present = await demoAccountsPresent(db);
  if (present.length === 0) return;
  throw new DemoDataError(
    `NODE_ENV=production, but the database holds the demo accounts (${namesOf(present)}): remove them ` +
      'with "portal demo remove", or set DEMO_SEED=true to run a demo deployment.',
  );
}

/** Before `portal demo seed` or `reset`: demo accounts are written in production only when asked. */
export function checkDemoAllowed(config: Config, command: string): void {
  if (!refusesDemo(config)) return;
  throw new DemoDataError(
    `NODE_ENV=production: "portal demo ${command}" writes the demo accounts only in a demo deployment; ` +
      'set DEMO_SEED=true to ask for one.',
  );
}
