/**
 * PGlite is an embedded database: only one process may open a data directory at a time. This lock file
 * turns a second opener (say, `portal` while the server runs) into a clear message instead of corruption.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from '../lib/private-files.ts';
import { isAlive } from '../lib/process-alive.ts';

export class DataDirLockedError extends Error {}

/** Creates the file, 0600, only if it does not exist (atomic: O_EXCL); false when it does. */
function createExclusive(file: string, content: string): boolean {
  try {
    fs.writeFileSync(file, content, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock file's text and modification time, or null when there is none. */
function readLock(file: string): { text: string; mtimeMs: number } | null {
  try {
    const { mtimeMs } = fs.statSync(file);
    return { text: fs.readFileSync(file, 'utf8'), mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * How long this process has seen a file unchanged (the same text and modification time), on its own monotonic
 * clock. Not the file's age from its mtime: that compares the file system's clock with this process's, which
 * need not agree (a clock set back or forward, a network file system, a test's moved clock), and a lock being
 * written then looked older than it is, so two processes could take it.
 */
function unchangedFor(
  seen: Map<string, { version: string; since: number }>,
  file: string,
  found: { text: string; mtimeMs: number },
): number {
  const version = `${found.mtimeMs}:${found.text}`;
  const now = performance.now();
  const before = seen.get(file);
  if (before?.version === version) return now - before.since;
  seen.set(file, { version, since: now });
  return 0;
}

function removeIfPresent(file: string) {
  try {
    fs.unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * A lock just created may not hold its pid yet; a break lock seen unchanged this long was left by a killed
 * process.
 */
const WRITING_GRACE_MS = 2000;
const STALE_BREAK_MS = 10_000;
const GIVE_UP_MS = 15_000;

/**
 * Takes the lock (replacing a stale one) and returns its release function. The lock is created exclusively
 * (`wx`); a stale one (its process gone, after a kill -9) is removed only by the holder of a second,
 * exclusive break lock, and only if it still holds the stale pid, so that of many processes started at once
 * exactly one takes it (issue 16 item 6): before, two could both see it stale, and the second removed the
 * first one's new lock.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'portal.lock');
  const breakPath = `${lockPath}.break`;
  const giveUpAt = performance.now() + GIVE_UP_MS;
  const seen = new Map<string, { version: string; since: number }>();
  for (;;) {
    if (createExclusive(lockPath, String(process.pid))) return releaser(lockPath);
    const lock = readLock(lockPath);
    if (!lock) continue;
    const holder = Number.parseInt(lock.text, 10);
    const named = Number.isInteger(holder);
    if (named && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by process ${holder}: another portal command, or a ` +
          'portal server starting or stopping (a running one takes portal commands itself). Try again when it ' +
          'is done, or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
      );
    }
    if (performance.now() > giveUpAt) throw new DataDirLockedError(`Could not lock ${dataDir}`);
    if (!named && unchangedFor(seen, lockPath, lock) < WRITING_GRACE_MS) {
      // Created a moment ago by a process still writing its pid.
      pause(5);
      continue;
    }
    if (createExclusive(breakPath, String(process.pid))) {
      try {
        // Still the same stale lock (not one another process took meanwhile): remove it.
        if (readLock(lockPath)?.text === lock.text) removeIfPresent(lockPath);
      } finally {
        removeIfPresent(breakPath);
      }
      continue;
    }
    // Another process is replacing it; a break lock its killed owner left behind is cleared after a while.
    const breaking = readLock(breakPath);
    if (breaking && unchangedFor(seen, breakPath, breaking) > STALE_BREAK_MS) removeIfPresent(breakPath);
    pause(5);
  }
}

function releaser(lockPath: string): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return release;
}
