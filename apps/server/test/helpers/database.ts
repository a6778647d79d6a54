/**
 * A fresh, migrated database for one test file: a copy of the run's PGlite template, or a new PostgreSQL
 * database made from the run's template when the project runs on TEST_DATABASE_URL.
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, wrapPglite, wrapPostgres } from '../../src/db/index.ts';
import { databaseUrlFor } from './postgres-url.ts';

export type TestDatabaseInfo =
  | { kind: 'pglite'; templatePath: string }
  | { kind: 'postgres'; serverUrl: string; template: string; runId: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/** `url` is set on PostgreSQL, for tests that start another process on the same database. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const template = new Blob([fs.readFileSync(info.templatePath)]);
    const client = await PGlite.create({ loadDataDir: template });
    return wrapPglite(client);
  }
  const name = `portal_test_${info.runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${info.template}`);
  await admin.end();
  const url = databaseUrlFor(info.serverUrl, name);
  const handle = wrapPostgres(new pg.Pool({ connectionString: url, max: 4 }));
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: info.serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
