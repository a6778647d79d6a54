/**
 * Vitest global setup for the PGlite project: migrates one in-memory database once, seeds the demo data, and dumps it, so that each
 * test file starts from a fresh copy in milliseconds instead of migrating again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, wrapPglite } from '../../src/db/index.ts';
import { createPglite } from '../../src/db/pglite.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { testConfig } from '../helpers/config.ts';

export default async function setup(project: TestProject) {
  const client = await createPglite();
  await migrate(drizzle(client), { migrationsFolder });
  await seedDemo(wrapPglite(client).db, testConfig());
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-'));
  const templatePath = path.join(dir, 'template.tar');
  fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', templatePath });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
