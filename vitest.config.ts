/**
 * Every test of the repository, as Vitest projects: contracts, server unit, API integration on PGlite (on
 * PostgreSQL when TEST_DATABASE_URL is set, with the files PGlite does its own way on PGlite too: decision
 * 0059), web components, and end-to-end in Chromium.
 */
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { filesOnBothEngines } from './apps/server/test/setup/engine-files.ts';
import { apiFilesWithModuleMocks } from './apps/server/test/setup/module-mocks.ts';

// The run's clock, fixed once here for every worker and child process: the templates are seeded on its day and the
// tests date their data from it (apps/server/test/helpers/suite-clock.ts).
process.env.PORTAL_SUITE_NOW ||= new Date().toISOString();
const serverSetup = ['test/setup/console.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * What every API project shares. Each file builds its own app on its own copy of the template database, and the
 * files share their worker's modules (isolate: false): importing the whole server again for each of 44 files was
 * a third of the projects' CPU time (docs/testing.md, "The time budget"). The server keeps no state in a module
 * but in WeakMaps keyed by a file's own database. The files that mock a module run on their own (api:mocks).
 */
const apiFiles = {
  setupFiles: serverSetup,
  testTimeout: 30_000,
  // A file's app on its own copy of the template database: over 30 s when the two cores are shared.
  hookTimeout: 120_000,
  isolate: false,
  exclude: apiFilesWithModuleMocks,
};

export default defineConfig({
  test: {
    // Vitest runs one file fewer at a time than there are cores: on the 2-core CI machine, one file at a time,
    // and the cores sat idle while files waited on a child server, PostgreSQL or Chromium (docs/testing.md).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        root: 'packages/contracts',
        test: {
          name: 'contracts',
          include: ['test/**/*.test.ts'],
          // Pure functions and schemas, no state, mocks or timers: the files share a worker and its imports
          // instead of each starting one (docs/testing.md, "The time budget").
          isolate: false,
        },
      },
      {
        root: 'apps/server',
        test: {
          name: 'server',
          // process: the server as a child process on a private PostgreSQL cluster (fault tests).
          include: ['test/unit/**/*.test.ts', 'test/process/**/*.test.ts'],
          // A migrated DATA_DIR for the CLI tests to copy, made beside the first files (docs/testing.md).
          globalSetup: ['test/setup/migrated-data-dir.ts'],
          setupFiles: serverSetup,
          // The CLI tests seed 15 months of demo data: over 30 s when the 2 cores are shared.
          testTimeout: 90_000,
          // The files share their worker's modules, as the API files do (apiFiles below); none mocks a module
          // (test/unit/module-mocks.test.ts), and those that set the environment put it back.
          isolate: false,
        },
      },
      {
        root: 'apps/server',
        test: {
          ...apiFiles,
          name: 'api:pglite',
          // With PostgreSQL given, only the files whose subject PGlite does its own way (decision 0059); without
          // it, every API file. The HTTP fuzz (test/fuzz) runs on PGlite only: it checks the server's answers,
          // not the database.
          include: [
            ...(postgresUrl
              ? Object.keys(filesOnBothEngines).map((file) => `test/api/${file}.test.ts`)
              : ['test/api/**/*.test.ts']),
            'test/fuzz/**/*.test.ts',
          ],
          globalSetup: ['test/setup/pglite-template.ts'],
        },
      },
      ...(postgresUrl
        ? [
            {
              root: 'apps/server',
              test: {
                ...apiFiles,
                name: 'api:postgres',
                include: ['test/api/**/*.test.ts'],
                globalSetup: ['test/setup/postgres-template.ts'],
              },
            },
          ]
        : []),
      {
        root: 'apps/server',
        test: {
          ...apiFiles,
          // The API files that mock a module, each on its own, on PostgreSQL when the run has it.
          name: 'api:mocks',
          include: apiFilesWithModuleMocks,
          exclude: [],
          isolate: true,
          globalSetup: [postgresUrl ? 'test/setup/postgres-template.ts' : 'test/setup/pglite-template.ts'],
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.mocks.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
