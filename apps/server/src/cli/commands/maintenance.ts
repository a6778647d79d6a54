/** portal db migrate, portal demo seed */
import type { Command } from 'commander';
import { seedDemo } from '../../demo/seed.ts';
import { type CliIo, withDatabase } from '../context.ts';

export function registerMaintenanceCommands(program: Command, io: CliIo) {
  program
    .command('db')
    .description('Database maintenance')
    .command('migrate')
    .description('Apply pending migrations (every command also does this first)')
    .action(async () => {
      await withDatabase(async (handle) => io.out(`Database is up to date (${handle.kind}).`));
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
