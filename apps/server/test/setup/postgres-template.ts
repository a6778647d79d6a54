/**
 * Vitest global setup for the PostgreSQL project (TEST_DATABASE_URL): a migrated template database with the demo
 * data for this run; each test file copies it (CREATE DATABASE ... TEMPLATE) and drops its copy. Everything is dropped after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres, wrapPostgres } from '../../src/db/index.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { testConfig } from '../helpers/config.ts';
import { databaseUrlFor } from '../helpers/postgres-url.ts';

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const runId = randomBytes(4).toString('hex');
  const template = `portal_test_${runId}_template`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  await migratePostgres(databaseUrlFor(serverUrl, template));
  const seeding = wrapPostgres(
    new pg.Pool({ connectionString: databaseUrlFor(serverUrl, template), max: 2 }),
  );
  await seedDemo(seeding.db, testConfig());
  await seeding.close();
  project.provide('testDatabase', { kind: 'postgres', serverUrl, template, runId });

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`portal_test_${runId}_%`],
    );
    for (const { datname } of rows) await cleanup.query(`drop database if exists ${datname} with (force)`);
    await cleanup.end();
  };
}
