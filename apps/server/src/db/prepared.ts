/**
 * Statements of the hottest requests, built once per database handle and prepared on each connection by
 * name: building a query with Drizzle cost about a tenth of a cached usage answer's CPU (docs/benchmarks.md).
 * Only for the app's own handle (`app.db`), never a transaction's, which is a new object each time.
 */
import type { Database } from './index.ts';

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
  }
  return statement;
}
