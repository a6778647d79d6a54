/**
 * Starts the portal: config, database (migrated; demo-seeded, or in production refused if it holds demo data
 * not asked for), app, listen; closes cleanly on SIGTERM.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type CommandServer, serveCommands } from './cli/command-server.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/index.ts';
import { checkNoDemoDataInProduction, DemoDataError } from './demo/production.ts';
import { seedDemo } from './demo/seed.ts';
import { flushErrorReports, initErrorReporting } from './lib/error-reporting.ts';
import { restrictNewFiles, tightenTree } from './lib/private-files.ts';

/** No request needs a statement this long; one stuck behind a lock is cancelled and answers 503. */
const STATEMENT_TIMEOUT_MS = 30_000;

async function main() {
  // Before anything is written: nothing this process creates is readable by another local user.
  restrictNewFiles();
  const config = loadConfig();
  // A DATA_DIR an older version left readable by all is tightened before the server opens it.
  tightenTree(config.dataDir);
  await initErrorReporting(config.env.SENTRY_DSN, config.env.SENTRY_ENVIRONMENT);
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.env.DATABASE_POOL_SIZE,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    readUrls: config.readUrls,
    readMaxLagMs: config.env.DATABASE_READ_MAX_LAG_MS,
    readCheckMs: config.env.DATABASE_READ_CHECK_MS,
  });
  if (config.env.DEMO_SEED) await seedDemo(database.db, config);
  else {
    try {
      await checkNoDemoDataInProduction(database.db, config);
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  const app = await buildApp({ config, database });
  // The embedded database is this process's alone: `portal` commands are handed to it (decision 0028).
  let commands: CommandServer | null = null;
  if (database.kind === 'pglite') {
    try {
      commands = await serveCommands({ dataDir: config.dataDir, database, config, log: app.log });
    } catch (err) {
      app.log.warn({ err }, 'portal commands cannot be handed to this server; they need it stopped');
    }
  }
  app.addHook('onClose', async () => {
    await commands?.close();
    await database.close();
  });

  // In-flight requests finish before the process exits (Fastify's close waits for them).
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    // The reports of the last errors leave before the process does.
    await flushErrorReports();
  });

  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  app.log.info(`portal ready at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DemoDataError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
