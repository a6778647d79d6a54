/**
 * Monday morning, part one (issue 14): a new week of meter data arrives for every account of the usage
 * benchmark's data set. The last `--days` days of every bench meter are taken out (in the transaction that
 * takes them out, their priced days go too), then imported again through the real importer, chunk by chunk
 * as a meter data provider's files would come: the import rate with priced days maintained. Then, as
 * `portal import nem12` does after its files, the recent weeks of every account the import priced are built and
 * stored (decision 0036), timed on their own: the rate with everything maintained counts both. Part two is
 * run.ts on a server started afterwards: `--scenarios health,usage-each-current --cold-pass false --warmup 0`.
 *   node --import tsx bench/usage/new-week.ts [--accounts 1000] [--days 7] [--chunk 100] [--postgres postgres://…/postgres]
 */
import { parseArgs } from 'node:util';
import { addDays, marketToday } from '@portal/contracts';
import { and, between, inArray } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import { meterReads } from '../../apps/server/src/db/schema.ts';
import { benchmarkNmi, benchmarkProfile, generateNem12 } from '../../apps/server/src/demo/nem12-generator.ts';
import { withPricing } from '../../apps/server/src/domains/billing/pricing.ts';
import { importNem12Source, textSource } from '../../apps/server/src/domains/meter-imports/importer.ts';
import { refreshUsageAnswers } from '../../apps/server/src/domains/tracker/usage-answers.ts';
import { DEFAULT_ADMIN_URL, databaseUrl } from './data-set.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    days: { type: 'string', default: '7' },
    chunk: { type: 'string', default: '100' },
    postgres: { type: 'string', default: DEFAULT_ADMIN_URL },
  },
});
const accountCount = Number(args.accounts);
const chunkSize = Number(args.chunk);
const lastDay = addDays(marketToday(), -1);
const firstDay = addDays(lastDay, -(Number(args.days) - 1));
const handle = await openDatabase({
  databaseUrl: databaseUrl(args.postgres, accountCount),
  dataDir: '',
  poolSize: 2,
});
const meters = Array.from({ length: accountCount }, (_, index) => ({
  nmi: benchmarkNmi(index),
  profile: benchmarkProfile(index),
}));
const chunks = Array.from({ length: Math.ceil(accountCount / chunkSize) }, (_, c) =>
  meters.slice(c * chunkSize, (c + 1) * chunkSize),
);

let removed = 0;
const removing = performance.now();
for (const chunk of chunks) {
  await withPricing(handle.db, async (tx) => {
    const rows = await tx
      .delete(meterReads)
      .where(
        and(
          inArray(
            meterReads.nmi,
            chunk.map((meter) => meter.nmi),
          ),
          between(meterReads.readDate, firstDay, lastDay),
        ),
      )
      .returning({ nmi: meterReads.nmi });
    removed += rows.length;
  });
}
console.info(
  `${firstDay} to ${lastDay} taken out of ${accountCount.toLocaleString('en-AU')} meters: ` +
    `${removed.toLocaleString('en-AU')} day rows in ${((performance.now() - removing) / 1000).toFixed(1)} s`,
);

let values = 0;
let written = 0;
let pricedDays = 0;
const pricedAccounts = new Set<string>();
const importing = performance.now();
for (const [c, chunk] of chunks.entries()) {
  const result = await importNem12Source(
    handle.db,
    textSource(`new-week-${c + 1}-${firstDay}-to-${lastDay}.csv`, () =>
      generateNem12(chunk, firstDay, lastDay),
    ),
    {
      batchSize: 1000,
      afterCommit: async (accountIds) => {
        for (const id of accountIds) pricedAccounts.add(id);
      },
    },
  );
  if (result.status !== 'imported')
    throw new Error(`rejected: ${result.error?.line}: ${result.error?.reason}`);
  values += result.values;
  written += result.written;
  pricedDays += result.pricedDays;
}
const seconds = (performance.now() - importing) / 1000;
const refreshing = performance.now();
const weeks = await refreshUsageAnswers(handle.db, [...pricedAccounts]);
const refreshSeconds = (performance.now() - refreshing) / 1000;
await handle.close();
console.info(
  `new week imported: ${written.toLocaleString('en-AU')} day rows, ${values.toLocaleString('en-AU')} values and ` +
    `${pricedDays.toLocaleString('en-AU')} priced days in ${seconds.toFixed(1)} s: ` +
    `${Math.round(values / seconds).toLocaleString('en-AU')} values/s with priced days maintained`,
);
console.info(
  `recent weeks of ${weeks.accounts.toLocaleString('en-AU')} accounts: ${weeks.built.toLocaleString('en-AU')} built and stored, ` +
    `${weeks.current.toLocaleString('en-AU')} already current, in ${refreshSeconds.toFixed(1)} s ` +
    `(${((refreshSeconds * 1000) / Math.max(weeks.built, 1)).toFixed(1)} ms a week); with them ` +
    `${Math.round(values / (seconds + refreshSeconds)).toLocaleString('en-AU')} values/s with everything maintained; ` +
    `peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
);
