/**
 * What setup.ts writes and run.ts reads: the database's name, the accounts' public ids and the admin URL.
 * No server modules here, so that the load generator's process stays small.
 */

export const DEFAULT_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Public id of the n-th benchmark account (0-based): `bench-000001` upwards, valid per PUBLIC_ID_PATTERN. */
export const benchPublicId = (index: number) => `bench-${String(index + 1).padStart(6, '0')}`;

export const databaseName = (accounts: number) => `portal_bench_usage_${accounts}`;

/** The benchmark database's URL on the server of `adminUrl`: by its number of accounts, or by name. */
export function databaseUrl(adminUrl: string, accountsOrName: number | string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${typeof accountsOrName === 'number' ? databaseName(accountsOrName) : accountsOrName}`;
  return url.toString();
}
