/**
 * Makes the PostgreSQL project's template (run by test/setup/postgres-template.ts in a child process, so that
 * seeding does not hold up the main thread of Vitest, which schedules the files): creates the database named
 * by the second argument on the server of the first, migrates it and seeds the demo data.
 */
import pg from 'pg';
import { migratePostgres, wrapPostgres } from '../../src/db/index.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { testConfig } from '../helpers/config.ts';
import { databaseUrlFor } from '../helpers/postgres-url.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const [serverUrl, template] = process.argv.slice(2);
if (!serverUrl || !template) throw new Error('usage: build-postgres-template.ts <server url> <database>');
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${template}`);
await admin.end();
await migratePostgres(databaseUrlFor(serverUrl, template));
const seeding = wrapPostgres(new pg.Pool({ connectionString: databaseUrlFor(serverUrl, template), max: 2 }));
await seedDemo(seeding.db, testConfig(), { today: suiteToday() });
await seeding.close();
