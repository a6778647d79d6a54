/**
 * A process that takes the data-directory lock at an agreed instant and prints ACQUIRED (then holds it until
 * stdin closes) or LOCKED: test/unit/data-dir-lock.test.ts starts many at once. It prints READY once loaded;
 * the test, once every process is ready, sends the instant (ms since the epoch) as a line on stdin.
 */
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/data-dir-lock.ts';

const [dataDir = ''] = process.argv.slice(2);

/** The first line on stdin. */
function firstLine(): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end === -1) return;
      process.stdin.off('data', onData);
      process.stdin.pause();
      resolve(text.slice(0, end));
    };
    process.stdin.on('data', onData);
  });
}

process.stdout.write('READY\n');
const startAt = Number(await firstLine());
while (Date.now() < startAt) {
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
  process.exit(0);
}
