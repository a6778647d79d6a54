/** portal db migrate | backup | restore | fingerprint, portal demo seed */
import type { Command } from 'commander';
import { loadConfig } from '../../config.ts';
import {
  backupPglite,
  backupPostgres,
  restorePglite,
  restorePostgres,
  tableFingerprints,
} from '../../db/backup.ts';
import { seedDemo } from '../../demo/seed.ts';
import { type CliIo, withDatabase } from '../context.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function registerMaintenanceCommands(program: Command, io: CliIo) {
  const db = program.command('db').description('Database maintenance');
  db.command('migrate')
    .description('Apply pending migrations (every command also does this first)')
    .action(async () => {
      await withDatabase(async (handle) => io.out(`Database is up to date (${handle.kind}).`));
    });

  db.command('backup')
    .description(
      'Back up the whole database to a new file: pg_dump (custom format) with DATABASE_URL, else the embedded ' +
        'database of DATA_DIR (stop the server first)',
    )
    .argument('<file>', 'the backup file to create (must not exist)')
    .action(async (file: string) => {
      const config = loadConfig();
      const url = config.env.DATABASE_URL;
      const bytes = url ? await backupPostgres(url, file) : await backupPglite(config.dataDir, file);
      io.out(`Backed up the ${url ? 'PostgreSQL' : 'embedded'} database to ${file} (${megabytes(bytes)}).`);
    });

  db.command('restore')
    .description(
      'Restore a backup into an empty database: the one of DATABASE_URL, else a DATA_DIR without a database; ' +
        'then apply pending migrations',
    )
    .argument('<file>', 'a file made by "portal db backup"')
    .action(async (file: string) => {
      const config = loadConfig();
      const url = config.env.DATABASE_URL;
      if (url) await restorePostgres(url, file);
      else await restorePglite(config.dataDir, file);
      await withDatabase(async (handle) => {
        const tables = await tableFingerprints(handle.db);
        const rows = tables.reduce((sum, table) => sum + table.rows, 0);
        io.out(
          `Restored ${file}: ${tables.length} tables, ${rows.toLocaleString('en-AU')} rows (${handle.kind}). ` +
            'Compare with "portal db fingerprint" on the original.',
        );
      });
    });

  db.command('fingerprint')
    .description('Every table with its row count and the md5 of its rows: equal output, equal data')
    .action(async () => {
      await withDatabase(async (handle) => {
        for (const table of await tableFingerprints(handle.db)) {
          io.out(`${table.table}\t${table.rows}\t${table.md5}`);
        }
      });
    });

  program
    .command('demo')
    .description('Demo data')
    .command('seed')
    .description('Create the demo accounts, tariffs and meter data of the design (idempotent)')
    .action(async () => {
      await withDatabase(async (handle, config) => {
        const summary = await seedDemo(handle.db, config);
        io.out(
          `Demo accounts: ${summary.accountsCreated} created, ${summary.accountsPresent} already present.`,
        );
        const data = summary.meterData;
        io.out(
          data
            ? `Demo meter data: ${data.days.toLocaleString('en-AU')} days generated, ${data.written.toLocaleString('en-AU')} written.`
            : 'Demo meter data: up to date.',
        );
      });
    });
}
