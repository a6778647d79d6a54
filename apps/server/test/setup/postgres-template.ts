/**
 * Vitest global setup for the PostgreSQL project (TEST_DATABASE_URL): a migrated template database with the demo
 * data for this run; each test file copies it (CREATE DATABASE ... TEMPLATE) and drops its copy. Everything is
 * dropped after. The template is made in a child process beside the first test files
 * (test/helpers/background-build.ts); a file waits for it in `createPostgresTestDatabase`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { inTurn, markWhenBuilt, runNode } from '../helpers/background-build.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export default function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const runId = randomBytes(4).toString('hex');
  const template = `portal_test_${runId}_template`;
  // Where the build leaves its mark (ready, or failed with its error).
  const marks = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-postgres-template-'));
  const built = path.join(marks, 'template');
  const building = markWhenBuilt(
    built,
    inTurn(() =>
      runNode(
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, 'build-postgres-template.ts'),
          serverUrl,
          template,
        ],
        { cwd: repoRoot },
      ),
    ),
  );
  project.provide('testDatabase', { kind: 'postgres', serverUrl, template, runId, built });

  return async () => {
    await building;
    fs.rmSync(marks, { recursive: true, force: true });
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
