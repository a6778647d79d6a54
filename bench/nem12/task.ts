/**
 * One measured task in its own process, so that its peak memory is its own: `parse <file>`,
 * `import-postgres <file> <databaseUrl>` or `import-pglite <file> <dataDir>`. Prints one JSON line.
 */
import fs from 'node:fs';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import { importNem12Source } from '../../apps/server/src/domains/meter-data/importer.ts';
import { linesOf, parseNem12 } from '../../apps/server/src/domains/meter-data/nem12/index.ts';

const [task, file, target] = process.argv.slice(2);
if (!task || !file) throw new Error('usage: task.ts parse|import-postgres|import-pglite <file> [target]');
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
    task === 'import-postgres' ? { databaseUrl: target, dataDir: '' } : { dataDir: target ?? '' },
  );
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
