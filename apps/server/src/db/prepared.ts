/**
 * Statements of the hottest requests, built once per database handle and prepared on each connection by
 * name: building a query with Drizzle cost about a tenth of a cached usage answer's CPU (docs/benchmarks.md).
 * On PostgreSQL Drizzle prepares them by name; on the embedded engine `enginePreparingClient` does (decision
 * 0055). Only for the app's own handle (`app.db`), never a transaction's, which is a new object each time.
 */
import type { Database } from './index.ts';
import { type EnginePreparing, prepareOnEngine } from './pglite-prepared.ts';

const prepared = new WeakMap<Database, Map<string, unknown>>();

export function preparedOn<T>(db: Database, name: string, build: (db: Database) => T): T {
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
    const client = (db as unknown as { $client?: Partial<EnginePreparing> }).$client;
    const queryText = (statement as { queryString?: unknown }).queryString;
    if (client?.[prepareOnEngine] && typeof queryText === 'string') client[prepareOnEngine](queryText, name);
  }
  return statement;
}
