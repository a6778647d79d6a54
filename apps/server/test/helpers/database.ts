/**
 * A fresh, migrated database for one test file: a copy of the run's PGlite template, or a new PostgreSQL
 * database made from the run's template when the project runs on TEST_DATABASE_URL.
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, wrapPglite, wrapPostgres } from '../../src/db/index.ts';
import { createPglite } from '../../src/db/pglite.ts';
import { waitUntilBuilt } from './background-build.ts';
import { databaseUrlFor } from './postgres-url.ts';

export type TestDatabaseInfo =
  | { kind: 'pglite'; templatePath: string }
  | {
      kind: 'postgres';
      serverUrl: string;
      template: string;
      runId: string;
      /** Marked once the template is made (test/helpers/background-build.ts). */
      built: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/**
 * A new PostgreSQL database copied from the run's template, or from `from` (a database of this run, which must
 * have no open connections), with a `drop` for afterwards. PostgreSQL projects only.
 */
export async function createPostgresTestDatabase(
  from?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const info = inject('testDatabase');
  if (info.kind !== 'postgres') throw new Error('a PostgreSQL test database needs TEST_DATABASE_URL');
  if (!from) await waitUntilBuilt(info.built);
  const name = `portal_test_${info.runId}_${randomBytes(4).toString('hex')}`;
  const template = from ? new URL(from).pathname.slice(1) : info.template;
  const admin = new pg.Client({ connectionString: info.serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  return {
    url: databaseUrlFor(info.serverUrl, name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: info.serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The PGlite template's dump (a tar), once the global set-up's child process has written it
 * (test/setup/pglite-template.ts). PGlite projects only.
 */
export async function pgliteTemplate(): Promise<Buffer> {
  const info = inject('testDatabase');
  if (info.kind !== 'pglite') throw new Error('the PGlite template exists in PGlite projects only');
  await waitUntilBuilt(info.templatePath);
  return fs.readFileSync(info.templatePath);
}

/** `url` is set on PostgreSQL, for tests that start another process on the same database. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const template = new Blob([await pgliteTemplate()]);
    const client = await createPglite(undefined, { loadDataDir: template });
    return wrapPglite(client);
  }
  const database = await createPostgresTestDatabase();
  const handle = wrapPostgres(new pg.Pool({ connectionString: database.url, max: 4 }));
  return {
    ...handle,
    url: database.url,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
