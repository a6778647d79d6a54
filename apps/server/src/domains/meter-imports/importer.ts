/**
 * The NEM12 importer (docs/meter-data.md): files, zip archives and folders of them. Each file is one transaction:
 * a structural error rolls the whole file back and is reported as file:line: reason. Reads are written in
 * batches while the file streams, one row per NMI, channel and day; a stored read is replaced only by one
 * with a newer update time (or, within one file, by a later record with the same update time), so
 * re-importing a file changes nothing. The import's `meter_imports` record is part of the file's transaction,
 * and so are the priced days of the accounts whose reads it changed (decision 0021). A file is checked whole
 * before anything is created for it, so a rejected file leaves nothing behind, not even a partition.
 * Used by `portal import nem12`, the demo seed and the tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import type { Database } from '../../db/index.ts';
import { rowsByColumns } from '../../db/rows-by-columns.ts';
import { meterImports, meterReads, type NewMeterReadRow } from '../../db/schema.ts';
import { libraryMessage } from '../../lib/errors.ts';
import { repriceOwnChanges } from '../billing/pricing.ts';
import {
  linesOf,
  type Nem12DayRead,
  Nem12Error,
  type Nem12Warning,
  parseNem12Batches,
} from '../meter-data/nem12/index.ts';
import { ensureMonthPartitions } from '../meter-data/partitions.ts';

/** One file to import: a path on disk, an entry of a zip archive, or generated text. */
export interface ImportSource {
  name: string;
  /** Bytes, when known, for progress. */
  size?: number;
  /** Opens the bytes afresh (the importer reads a file twice: months first, then the reads). */
  open(): Promise<AsyncIterable<Uint8Array | string>>;
}

export interface FileImportResult {
  file: string;
  status: 'imported' | 'rejected';
  nmis: number;
  channels: number;
  days: number;
  values: number;
  /** Day rows inserted or replaced. */
  written: number;
  /** Day rows left as they were: already stored with the same or a newer update time. */
  unchanged: number;
  /** Accounts' days priced again because their reads changed. */
  pricedDays: number;
  warnings: Nem12Warning[];
  error?: { line: number | null; reason: string };
}

export interface ImportOptions {
  /** Called with bytes read, for a progress bar. */
  onBytes?: (bytes: number) => void;
  batchSize?: number;
  /**
   * Called once the file's transaction has committed, with the accounts whose days it priced: the CLI keeps
   * their Tracker answers ready (decision 0036).
   */
  afterCommit?: (pricedAccountIds: readonly string[]) => Promise<void>;
  /** The parser's lenient option (portal import nem12 --lenient, docs/meter-data.md). */
  lenient?: boolean;
}

const key = (read: Nem12DayRead) => `${read.nmi}|${read.date}|${read.suffix}`;
const timeOf = (read: Nem12DayRead) => read.updateTime?.getTime() ?? Number.NEGATIVE_INFINITY;

/** Within a batch the same day may appear twice; keep the later record unless it is older. */
function latestPerDay(batch: Nem12DayRead[]): Nem12DayRead[] {
  const kept = new Map<string, Nem12DayRead>();
  for (const read of batch) {
    const previous = kept.get(key(read));
    if (!previous || timeOf(read) >= timeOf(previous)) kept.set(key(read), read);
  }
  return [...kept.values()];
}

function toRow(read: Nem12DayRead, importId: number): NewMeterReadRow {
  return {
    nmi: read.nmi,
    readDate: read.date,
    suffix: read.suffix,
    kind: read.kind,
    unit: read.unit,
    intervalMinutes: read.intervalMinutes,
    intervalValues: read.values,
    quality: read.quality,
    qualityMethod: read.qualityMethod || null,
    reasonCode: read.reasonCode,
    reasonDescription: read.reasonDescription,
    updateTime: read.updateTime,
    msatsLoadTime: read.msatsLoadTime,
    importId,
  };
}

const replaceable = sql`coalesce(excluded.update_time, '-infinity'::timestamptz) > coalesce(${meterReads.updateTime}, '-infinity'::timestamptz)
  or (${meterReads.importId} = excluded.import_id
      and coalesce(excluded.update_time, '-infinity'::timestamptz) >= coalesce(${meterReads.updateTime}, '-infinity'::timestamptz))`;

/** Writes a batch; returns how many day rows were inserted or replaced. */
async function writeBatch(db: Database, rows: NewMeterReadRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const replaced = [
    'kind',
    'unit',
    'interval_minutes',
    'interval_values',
    'quality',
    'quality_method',
    'reason_code',
    'reason_description',
    'update_time',
    'msats_load_time',
    'import_id',
  ].map((column) => sql.raw(`${column} = excluded.${column}`));
  // One parameter per column (rowsByColumns), not per value: the batch's 48,000 values are one array literal.
  const written = (
    (await db.execute(sql`insert into ${meterReads} ${rowsByColumns(meterReads, rows)}
      on conflict (nmi, read_date, suffix) do update set ${sql.join(replaced, sql`, `)}
      where ${replaceable}
      returning nmi`)) as unknown as { rows: unknown[] }
  ).rows;
  return written.length;
}

function counting(stream: AsyncIterable<Uint8Array | string>, onBytes?: (bytes: number) => void) {
  if (!onBytes) return stream;
  return (async function* () {
    for await (const chunk of stream) {
      onBytes(chunk.length);
      yield chunk;
    }
  })();
}

/** The result of a file rejected whole: nothing of it is stored. */
export function rejectedFile(file: string, line: number | null, reason: string): FileImportResult {
  return { ...fileResult(file, 'rejected'), error: { line, reason } };
}

/** A file's result before anything of it is counted. */
function fileResult(file: string, status: FileImportResult['status']): FileImportResult {
  return {
    file,
    status,
    nmis: 0,
    channels: 0,
    days: 0,
    values: 0,
    written: 0,
    unchanged: 0,
    pricedDays: 0,
    warnings: [],
  };
}

/** Imports one file in one transaction. Never throws for bad content: a rejection is in the result. */
export async function importNem12Source(
  db: Database,
  source: ImportSource,
  options: ImportOptions = {},
): Promise<FileImportResult> {
  let pricedAccountIds: string[] = [];
  const result = fileResult(source.name, 'imported');
  const reject = (line: number | null, reason: string) => rejectedFile(source.name, line, reason);

  const batchSize = options.batchSize ?? 500;
  // First pass: the whole file is parsed, nothing written, for the months it covers: their partitions must
  // exist before the import transaction, and a file that will be rejected must not create any (a tenth of
  // the import's time: parsing is 20-30 times faster than storing).
  const months = new Set<string>();
  try {
    const check = parseNem12Batches(linesOf(await source.open()), {
      fileName: source.name,
      batchSize,
      lenient: options.lenient,
    });
    for (let next = await check.next(); !next.done; next = await check.next()) {
      for (const read of next.value) months.add(read.date.slice(0, 7));
    }
  } catch (error) {
    if (error instanceof Nem12Error) return reject(error.line, error.reason);
    return reject(null, `cannot read: ${libraryMessage(error)}`);
  }
  await ensureMonthPartitions(db, months);

  // The import's record is written in the file's transaction: a process killed mid-file leaves neither reads
  // nor a record stuck at 'running', so its rerun gives the database of one uninterrupted run.
  const nmis = new Set<string>();
  const channels = new Set<string>();
  let outcome: FileImportResult;
  try {
    outcome = await db.transaction(async (tx) => {
      const [record] = await tx
        .insert(meterImports)
        .values({ fileName: source.name, status: 'running' })
        .returning({ id: meterImports.id });
      const importId = record?.id ?? 0;
      const batches = parseNem12Batches(linesOf(counting(await source.open(), options.onBytes)), {
        fileName: source.name,
        batchSize,
        lenient: options.lenient,
      });
      let next = await batches.next();
      while (!next.done) {
        const batch = latestPerDay(next.value);
        for (const read of next.value) {
          nmis.add(read.nmi);
          channels.add(`${read.nmi}|${read.suffix}`);
          result.days++;
          result.values += read.values.length;
        }
        const written = await writeBatch(
          tx,
          batch.map((read) => toRow(read, importId)),
        );
        result.written += written;
        result.unchanged += batch.length - written;
        next = await batches.next();
      }
      result.warnings = next.value.warnings;
      const priced = await repriceOwnChanges(tx);
      result.pricedDays = priced.days;
      pricedAccountIds = priced.accountIds;
      const imported = { ...result, nmis: nmis.size, channels: channels.size };
      await tx.update(meterImports).set(importRecord(imported)).where(eq(meterImports.id, importId));
      return imported;
    });
  } catch (error) {
    // The transaction rolled back, its record with it: the rejection is recorded on its own, and the next
    // file is imported all the same (if the database itself has gone, recording this fails and says so).
    const failed =
      error instanceof Nem12Error
        ? reject(error.line, error.reason)
        : reject(null, `failed: ${libraryMessage(error)}`);
    await db.insert(meterImports).values({ fileName: source.name, ...importRecord(failed) });
    outcome = failed;
  }
  if (outcome.status === 'imported' && pricedAccountIds.length > 0)
    await options.afterCommit?.(pricedAccountIds);
  return outcome;
}

/** The columns of `meter_imports` that say how an import ended. */
function importRecord(outcome: FileImportResult) {
  return {
    status: outcome.status,
    finishedAt: sql`now()`,
    summary: {
      nmis: outcome.nmis,
      channels: outcome.channels,
      days: outcome.days,
      values: outcome.values,
      written: outcome.written,
      pricedDays: outcome.pricedDays,
      warnings: outcome.warnings.length,
    },
    error: outcome.error ? `${outcome.error.line ?? '-'}: ${outcome.error.reason}` : null,
  };
}

/** A source for text in memory (tests, generated demo data). */
export function textSource(name: string, text: string | (() => Iterable<string>)): ImportSource {
  return {
    name,
    size: typeof text === 'string' ? Buffer.byteLength(text) : undefined,
    open: async () => Readable.from(typeof text === 'string' ? [text] : text()),
  };
}

function fileSource(filePath: string, size: number): ImportSource {
  return { name: filePath, size, open: async () => fs.createReadStream(filePath) };
}

const importable = (name: string) => /\.(csv|zip)$/i.test(name);

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: yauzl.Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/** What an argument names that cannot be imported: reported as a rejected file. */
export interface UnreadableSource {
  name: string;
  reason: string;
}

/**
 * The files named by the arguments: files as they are (any name), zip archives entry by entry, folders by
 * their .csv and .zip files (not recursing), each in name order.
 */
export async function* sourcesOf(paths: readonly string[]): AsyncGenerator<ImportSource | UnreadableSource> {
  for (const given of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(given);
    } catch {
      yield { name: given, reason: 'no such file or folder' };
      continue;
    }
    if (stat.isDirectory()) {
      const names = fs
        .readdirSync(given)
        .filter(importable)
        .sort()
        .map((name) => path.join(given, name));
      for (const name of names) if (fs.statSync(name).isFile()) yield* sourcesOf([name]);
      continue;
    }
    if (!/\.zip$/i.test(given)) {
      yield fileSource(given, stat.size);
      continue;
    }
    let zip: yauzl.ZipFile;
    try {
      zip = await openZip(given);
    } catch (error) {
      yield { name: given, reason: `not a readable zip archive (${libraryMessage(error)})` };
      continue;
    }
    try {
      for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
        if (entry.fileName.endsWith('/')) continue;
        const current = entry;
        yield {
          name: `${given}:${current.fileName}`,
          size: current.uncompressedSize,
          open: () =>
            new Promise((resolve, reject) =>
              zip.openReadStream(current, (error, stream) => (error ? reject(error) : resolve(stream))),
            ),
        };
      }
    } catch (error) {
      yield { name: given, reason: `corrupt zip archive (${libraryMessage(error)})` };
    } finally {
      zip.close();
    }
  }
}

export const isUnreadable = (source: ImportSource | UnreadableSource): source is UnreadableSource =>
  'reason' in source;

/** The size in bytes of everything the arguments name (for one progress bar across all files). */
export async function totalBytes(paths: readonly string[]): Promise<number> {
  let total = 0;
  for await (const source of sourcesOf(paths)) if (!isUnreadable(source)) total += source.size ?? 0;
  return total;
}
