/**
 * Independent reads at once on a pool, one after another in a transaction: a transaction is one connection,
 * which answers one query at a time. pg 8 queues a query sent to a busy client with a deprecation warning, and
 * pg 9 refuses it (the email sender composes a snapshot inside the transaction that holds its lock).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './index.ts';

type Results<Reads extends readonly (() => Promise<unknown>)[]> = {
  -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>>;
};

export async function readTogether<const Reads extends readonly (() => Promise<unknown>)[]>(
  db: Database,
  reads: Reads,
): Promise<Results<Reads>> {
  if (!((db as unknown) instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as Results<Reads>;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<Reads>;
}
