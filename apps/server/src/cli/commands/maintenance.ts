/** portal db migrate | backup | restore | fingerprint | status, portal demo seed | reset | remove */
import type { Command } from 'commander';
import {
  BackupError,
  backupPglite,
  backupPgliteClient,
  backupPostgres,
  restorePglite,
  restorePostgres,
  tableFingerprints,
} from '../../db/backup.ts';
import { checkNodes, type NodeStatus } from '../../db/replicas.ts';
import { checkDemoAllowed } from '../../demo/production.ts';
import { removeDemo } from '../../demo/remove.ts';
import { resetDemo } from '../../demo/reset.ts';
import { type SeedSummary, seedDemo } from '../../demo/seed.ts';
import { type Cli, CliError, plural, snakeCase } from '../context.ts';
import type { Progress } from '../progress.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Progress of the demo meter data, shown once there is any to load. */
function meterDataProgress(cli: Cli) {
  let progress: Progress | undefined;
  return {
    onMeterData: (done: number, total: number) => {
      progress ??= cli.progress({ label: 'Demo meter data', total, unit: 'bytes' });
      progress.setTotal(total);
      progress.update(done);
    },
    stop: () => progress?.stop(),
  };
}

function describeSeed(cli: Cli, summary: SeedSummary) {
  const data = summary.meterData;
  cli.out(
    data
      ? `Demo meter data: ${data.days.toLocaleString('en-AU')} days generated, ${data.written.toLocaleString('en-AU')} written.`
      : 'Demo meter data: up to date.',
  );
}

export function registerMaintenanceCommands(program: Command, cli: Cli) {
  const db = program.command('db').description('Database maintenance');
  db.command('migrate')
    .description('Apply pending migrations (every command also does this first)')
    .action(async () => {
      await cli.withDatabase(async (handle) => cli.out(`Database is up to date (${handle.kind}).`));
    });

  db.command('backup')
    .description(
      'Back up the whole database to a new file: pg_dump (custom format) with DATABASE_URL, else the embedded ' +
        'database of DATA_DIR (taken by the running server if there is one)',
    )
    .argument('<file>', 'the backup file to create (must not exist)')
    .action(async (file: string) => {
      const config = cli.config();
      const url = config.env.DATABASE_URL;
      const target = cli.path(file);
      let bytes: number;
      if (url) bytes = await backupPostgres(url, target);
      else if (cli.runtime.inServer) {
        bytes = await cli.withDatabase(async (handle) => {
          if (!handle.pglite) throw new BackupError('the running server has no embedded database');
          return backupPgliteClient(handle.pglite, target);
        });
      } else bytes = await backupPglite(config.dataDir, target);
      cli.out(`Backed up the ${url ? 'PostgreSQL' : 'embedded'} database to ${file} (${megabytes(bytes)}).`);
    });

  db.command('restore')
    .description(
      'Restore a backup into an empty database: the one of DATABASE_URL, else a DATA_DIR without a database; ' +
        'then apply pending migrations',
    )
    .argument('<file>', 'a file made by "portal db backup"')
    .action(async (file: string) => {
      const config = cli.config();
      const url = config.env.DATABASE_URL;
      if (url) await restorePostgres(url, cli.path(file));
      else await restorePglite(config.dataDir, cli.path(file));
      await cli.withDatabase(async (handle) => {
        const tables = await tableFingerprints(handle.db);
        const rows = tables.reduce((sum, table) => sum + table.rows, 0);
        cli.out(
          `Restored ${file}: ${tables.length} tables, ${rows.toLocaleString('en-AU')} rows (${handle.kind}). ` +
            'Compare with "portal db fingerprint" on the original.',
        );
      });
    });

  db.command('fingerprint')
    .description(
      'Every table with its row count and the md5 of its rows, in one snapshot (also on a standby): equal output, equal data',
    )
    .action(async () => {
      await cli.withDatabase(async (handle) => {
        for (const table of await tableFingerprints(handle.db)) {
          cli.out(`${table.table}\t${table.rows}\t${table.md5}`);
        }
      });
    });

  db.command('status')
    .description(
      "Each configured node's role and replication lag: DATABASE_URL's, then each standby of DATABASE_READ_URL",
    )
    .option('--json', 'print one JSON object: { "nodes": [...] }')
    .action(async (options: { json?: boolean }) => {
      const config = cli.config();
      const url = config.env.DATABASE_URL;
      const nodes: NodeStatus[] = url
        ? await checkNodes(url, config.readUrls, config.env.DATABASE_READ_MAX_LAG_MS)
        : [
            await cli.withDatabase(async (handle) => ({
              name: 'primary',
              address: `embedded (${config.dataDir})`,
              role: await handle.role(),
              position: null,
              lagBytes: 0,
              lagMs: 0,
              state: null,
              error: null,
            })),
          ];
      if (options.json) cli.json({ nodes: snakeCase(nodes) });
      else {
        cli.out(['node', 'address', 'role', 'position', 'lag_ms', 'lag_bytes', 'reads'].join('\t'));
        for (const node of nodes) {
          cli.out(
            [
              node.name,
              node.address,
              node.role,
              node.position ?? '-',
              node.lagMs ?? '-',
              node.lagBytes ?? '-',
              node.state ?? '-',
            ].join('\t'),
          );
          if (node.error) cli.out(`  ${node.name}: ${node.error}`);
        }
      }
      // Exit 1 when DATABASE_URL's node does not answer or is not a primary: a check a script can rely on.
      const first = nodes[0];
      if (first && first.role !== 'primary') {
        throw new CliError(
          first.role === 'unreachable'
            ? 'The primary (DATABASE_URL) does not answer.'
            : 'DATABASE_URL reaches a standby, not a primary.',
        );
      }
    });

  const demo = program.command('demo').description('Demo data');
  demo
    .command('seed')
    .description('Create the demo accounts, tariffs and meter data of the design (idempotent)')
    .action(async () => {
      checkDemoAllowed(cli.config(), 'seed');
      await cli.withDatabase(async (handle, config) => {
        const progress = meterDataProgress(cli);
        let summary: SeedSummary;
        try {
          summary = await seedDemo(handle.db, config, { onMeterData: progress.onMeterData });
        } finally {
          progress.stop();
        }
        cli.out(
          `Demo accounts: ${summary.accountsCreated} created, ${summary.accountsPresent} already present.`,
        );
        describeSeed(cli, summary);
      });
    });
  demo
    .command('reset')
    .description(
      'Put the demo accounts back as a first start makes them (offers, survey, budget, email settings, visits, ' +
        'tariffs); their meter data and the demo events stay',
    )
    .action(async () => {
      checkDemoAllowed(cli.config(), 'reset');
      await cli.withDatabase(async (handle, config) => {
        const progress = meterDataProgress(cli);
        let summary: Awaited<ReturnType<typeof resetDemo>>;
        try {
          summary = await resetDemo(handle.db, config, { onMeterData: progress.onMeterData });
        } finally {
          progress.stop();
        }
        cli.out(
          `Demo accounts: ${summary.accountsReset} put back as a first start makes them, ${summary.accountsCreated} created.`,
        );
        describeSeed(cli, summary);
      });
    });
  demo
    .command('remove')
    .description(
      'Take the demo accounts out, with their meter data, events, tariffs and plans, before serving real ' +
        'customers (a production start refuses a database that holds them); what real accounts use stays',
    )
    .action(async () => {
      await cli.withDatabase(async (handle) => {
        const removed = await removeDemo(handle.db);
        cli.out(
          `Demo data removed: ${plural(removed.accounts, 'account')}, ${plural(removed.meterReadRows, 'row')} of ` +
            `meter data, ${plural(removed.events, 'event')}, ${plural(removed.tariffs, 'tariff')}.`,
        );
      });
    });
}
