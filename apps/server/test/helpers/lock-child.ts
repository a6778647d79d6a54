/**
 * A process that takes the data-directory lock at an agreed instant (argv: data dir, start time in ms) and
 * prints ACQUIRED (then holds it until stdin closes) or LOCKED: test/unit/data-dir-lock.test.ts starts many at once.
 */
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/data-dir-lock.ts';

const [dataDir = '', startAt = '0'] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {
  // Spin until the agreed instant, so that every process tries at once.
}
try {
  const release = acquireDataDirLock(dataDir);
  process.stdout.write('ACQUIRED\n');
  // Held until the test has every answer (it closes stdin), so that a late starter cannot take it after.
  process.stdin.resume();
  process.stdin.on('end', () => {
    release();
    process.exit(0);
  });
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  process.stdout.write('LOCKED\n');
}
