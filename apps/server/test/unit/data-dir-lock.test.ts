/**
 * The PGlite data-directory lock under a race (issue 16 item 6): after a kill -9 leaves a stale lock, many
 * processes started together must leave exactly one holding it. Replacing a stale lock was check, unlink,
 * create: two processes could both see it stale, and the second unlinked the first one's new lock.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const child = path.join(import.meta.dirname, '../helpers/lock-child.ts');
const TRIALS = 6;
const PROCESSES = 8;

/** The child's first line (ACQUIRED or LOCKED, or an error's text when it ends without one). */
function firstLine(process: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    process.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
    });
    process.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    process.on('error', reject);
    process.on('close', () => resolve(text.trim()));
  });
}

/** The pid of a process that has ended: what a kill -9 leaves in the lock file. */
async function deadPid(): Promise<number> {
  const gone = spawn(process.execPath, ['-e', '']);
  await firstLine(gone);
  return gone.pid as number;
}

it(`one holder of a stale lock when ${PROCESSES} processes start at once, ${TRIALS} times`, async () => {
  for (let trial = 0; trial < TRIALS; trial++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-race-'));
    try {
      fs.writeFileSync(path.join(dir, 'portal.lock'), String(await deadPid()));
      const startAt = Date.now() + 2500;
      const children = Array.from({ length: PROCESSES }, () =>
        spawn(process.execPath, ['--import', 'tsx', child, dir, String(startAt)]),
      );
      const closed = children.map((started) => new Promise((resolve) => started.once('close', resolve)));
      const answers = await Promise.all(children.map(firstLine));
      // Every process has tried: the holder may now let go and end.
      for (const started of children) started.stdin?.end();
      await Promise.all(closed);
      const acquired = answers.filter((answer) => answer === 'ACQUIRED');
      expect(
        answers.every((answer) => answer === 'ACQUIRED' || answer === 'LOCKED'),
        answers.join('\n'),
      ).toBe(true);
      expect(acquired, `trial ${trial}: ${answers.join(', ')}`).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
});
