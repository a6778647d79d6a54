/** Builds the real app on a fresh test database holding the demo data, for `inject()` tests. */
import { buildApp } from '../../src/app.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { testConfig } from './config.ts';
import { createTestDatabase } from './database.ts';

export async function buildTestApp(env: Record<string, string> = {}) {
  const config = testConfig(env);
  const database = await createTestDatabase();
  // The template already holds the demo data; this only adds what a non-default configuration needs.
  await seedDemo(database.db, config);
  const app = await buildApp({ config, database, logger: false });
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
