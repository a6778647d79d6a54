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

/** The child's lines as they come, and its output so far (an error's text when it ends without a line). */
function lines(process: ChildProcess) {
  let text = '';
  const waiting: { index: number; resolve: (line: string) => void }[] = [];
  let closed = false;
  const settle = () => {
    const complete = text.split('\n').slice(0, -1);
    for (const wait of waiting.splice(0)) {
      const line = complete[wait.index];
      if (line !== undefined) wait.resolve(line);
      else if (closed) wait.resolve(text.trim());
      else waiting.push(wait);
    }
  };
  process.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    settle();
  });
  process.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  process.on('close', () => {
    closed = true;
    settle();
  });
  /** The line at `index` (0 first), or all the output if the process ends before printing it. */
  return (index: number) =>
    new Promise<string>((resolve) => {
      waiting.push({ index, resolve });
      settle();
    });
}

/** The pid of a process that has ended: what a kill -9 leaves in the lock file. */
async function deadPid(): Promise<number> {
  const gone = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => gone.once('close', resolve));
  return gone.pid as number;
}

it(`one holder of a stale lock when ${PROCESSES} processes start at once, ${TRIALS} times`, async () => {
  for (let trial = 0; trial < TRIALS; trial++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-race-'));
    try {
      fs.writeFileSync(path.join(dir, 'portal.lock'), String(await deadPid()));
      const children = Array.from({ length: PROCESSES }, () =>
        spawn(process.execPath, ['--import', 'tsx', child, dir]),
      );
      const closed = children.map((started) => new Promise((resolve) => started.once('close', resolve)));
      const output = children.map(lines);
      const ready = await Promise.all(output.map((line) => line(0)));
      expect(ready, ready.join('\n')).toEqual(children.map(() => 'READY'));
      // Every process is loaded and waiting: each is told the same instant, a moment ahead, to try at.
      const startAt = String(Date.now() + 300);
      for (const started of children) started.stdin?.write(`${startAt}\n`);
      const answers = await Promise.all(output.map((line) => line(1)));
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

it("waits for a lock being written however old the file system's clock makes it look, then names its holder", async () => {
  // The file system's clock need not agree with this process's (a clock set back, a network file system, the
  // dated runs' moved clock): a lock created a moment ago, its pid not yet written, may carry an mtime a year
  // old. Taking it then as left behind by a killed writer let a second process take a held lock.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-clock-'));
  const lockPath = path.join(dir, 'portal.lock');
  const { acquireDataDirLock, DataDirLockedError } = await import('../../src/db/data-dir-lock.ts');
  // A writer that takes the lock, is slow to write its pid, and then holds it.
  const writer = spawn(process.execPath, [
    '-e',
    `const fs = require('node:fs');
     fs.writeFileSync(${JSON.stringify(lockPath)}, '', { flag: 'wx' });
     const yearAgo = new Date(Date.now() - 365 * 86_400_000);
     fs.utimesSync(${JSON.stringify(lockPath)}, yearAgo, yearAgo);
     console.log('created');
     setTimeout(() => { fs.writeFileSync(${JSON.stringify(lockPath)}, String(process.pid)); console.log('written'); }, 700);
     setTimeout(() => {}, 30_000);`,
  ]);
  try {
    const line = lines(writer);
    expect(await line(0)).toBe('created');
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(writer.pid));
  } finally {
    writer.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
