/**
 * Makes the PGlite project's template (run by test/setup/pglite-template.ts in a child process, so that
 * seeding does not hold up the main thread of Vitest, which schedules the files): migrates an in-memory
 * database, seeds the demo data, and writes its dump to the path given as the only argument.
 */
import fs from 'node:fs';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, wrapPglite } from '../../src/db/index.ts';
import { createPglite } from '../../src/db/pglite.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { testConfig } from '../helpers/config.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const [templatePath] = process.argv.slice(2);
if (!templatePath) throw new Error('usage: build-pglite-template.ts <template.tar>');
const client = await createPglite();
await migrate(drizzle(client), { migrationsFolder });
await seedDemo(wrapPglite(client).db, testConfig(), { today: suiteToday() });
const dump = await client.dumpDataDir('none');
await client.close();
fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
