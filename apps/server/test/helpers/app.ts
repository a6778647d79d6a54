/** Builds the real app on a fresh test database holding the demo data, for `inject()` tests. */
import { afterAll, beforeAll } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { testConfig } from './config.ts';
import { createTestDatabase } from './database.ts';
import { suiteToday } from './suite-clock.ts';

export interface TestAppOptions {
  /** Where the app's log goes, as the server writes it (its own logger options); by default nowhere. */
  logStream?: NodeJS.WritableStream;
}

export async function buildTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const config = testConfig(env);
  const database = await createTestDatabase();
  // The template already holds the demo data; this only adds what a non-default configuration needs.
  await seedDemo(database.db, config, { today: suiteToday() });
  const logger = options.logStream ? { ...loggerOptions(config), stream: options.logStream } : false;
  const app = await buildApp({ config, database, logger });
  await app.ready();
  return {
    app,
    config,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The file's app on its own database: built before the file's tests, closed after them. Returns the holder at
 * once (its fields are there from the first test on), so a file sets up with one line. Called in a `describe`,
 * the app is that block's. `env` may be a function, read when the app is built: for settings that exist only
 * once an earlier `beforeAll` has run (a local SMTP server's address); its after-hook runs before theirs.
 */
export function testAppForFile(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestAppOptions = {},
): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await buildTestApp(typeof env === 'function' ? env() : env, options));
  });
  afterAll(async () => holder.close?.());
  return holder;
}
