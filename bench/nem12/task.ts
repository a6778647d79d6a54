/**
 * One measured task in its own process, so that its peak memory is its own: `parse <file>`,
 * `import-postgres <file> <databaseUrl>`, `import-postgres-priced <file> <databaseUrl>` (an account on a tariff
 * for every NMI of the file first, so that the import prices their days too: decision 0021) or
 * `import-pglite <file> <dataDir>`. Prints one JSON line.
 */
import fs from 'node:fs';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import { ensureRetailer, insertAccount } from '../../apps/server/src/domains/accounts/queries.ts';
import { demoTariffs } from '../../apps/server/src/domains/billing/demo-tariffs.ts';
import {
  assignTariff,
  FROM_THE_START,
  importTariffs,
} from '../../apps/server/src/domains/billing/tariff-store.ts';
import { linesOf, parseNem12 } from '../../apps/server/src/domains/meter-data/nem12/index.ts';
import { importNem12Source } from '../../apps/server/src/domains/meter-imports/importer.ts';

const [task, file, target] = process.argv.slice(2);
if (!task || !file) {
  throw new Error(
    'usage: task.ts parse|import-postgres|import-postgres-priced|import-pglite <file> [target]',
  );
}
const bytes = fs.statSync(file).size;
const started = performance.now();
let values = 0;
let days = 0;

if (task === 'parse') {
  for await (const read of parseNem12(linesOf(fs.createReadStream(file)))) {
    values += read.values.length;
    days++;
  }
} else {
  const handle = await openDatabase(
    task.startsWith('import-postgres') ? { databaseUrl: target, dataDir: '' } : { dataDir: target ?? '' },
  );
  if (task === 'import-postgres-priced') {
    const { clientCode, retailer } = loadConfig().client;
    await ensureRetailer(handle.db, clientCode, retailer.name);
    await importTariffs(handle.db, Object.values(demoTariffs));
    const nmis = new Set<string>();
    for await (const line of linesOf(fs.createReadStream(file))) {
      if (line.startsWith('200,')) nmis.add(line.split(',')[1] as string);
    }
    for (const nmi of nmis) {
      const account = await insertAccount(handle.db, { publicId: `bench-${nmi}`, clientCode, nmi });
      await assignTariff(handle.db, account.id, demoTariffs.timeOfUse.code, FROM_THE_START);
    }
  }
  const migrated = performance.now();
  const result = await importNem12Source(handle.db, {
    name: file,
    size: bytes,
    open: async () => fs.createReadStream(file),
  });
  await handle.close();
  if (result.status !== 'imported')
    throw new Error(`rejected: ${result.error?.line}: ${result.error?.reason}`);
  values = result.values;
  days = result.days;
  // Leave the migration out of the import's time.
  const seconds = (performance.now() - migrated) / 1000;
  console.info(
    JSON.stringify({ task, bytes, values, days, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 }),
  );
  process.exit(0);
}
const seconds = (performance.now() - started) / 1000;
console.info(
  JSON.stringify({ task, bytes, values, days, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 }),
);
