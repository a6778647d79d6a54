/**
 * A template (a database the test files copy) built beside the first test files instead of before them.
 * Vitest runs every project's global set-up in turn before any file starts, so templates built there ran one
 * after another with a core idle (docs/testing.md, "The time budget"). A global set-up now starts the build and
 * returns; a file that needs the template waits for the mark the build leaves beside it: `<target>.ready`, or
 * `<target>.failed` holding the build's error.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const readyMark = (target: string) => `${target}.ready`;
const failedMark = (target: string) => `${target}.failed`;

const queue = Symbol.for('portal.test.template-builds');

/**
 * Runs `build` once the builds queued before it have ended: one template at a time beside the test files,
 * which already keep both cores busy (four at once, on a loaded machine, kept the end-to-end template's first
 * start from answering within two minutes). The queue is the main process's, shared by every project's global
 * set-up; Vitest calls them in turn, in the order of the projects in vitest.config.ts.
 */
export function inTurn<T>(build: () => Promise<T>): Promise<T> {
  const holder = globalThis as { [queue]?: Promise<unknown> };
  const turn = (holder[queue] ?? Promise.resolve()).then(build);
  holder[queue] = turn.catch(() => {});
  return turn;
}

/** Marks `target` ready once `build` has made it, or failed with its error; never rejects. */
export function markWhenBuilt(target: string, build: Promise<unknown>): Promise<void> {
  return build.then(
    () => fs.writeFileSync(readyMark(target), ''),
    (error: unknown) =>
      fs.writeFileSync(
        failedMark(target),
        error instanceof Error ? (error.stack ?? error.message) : String(error),
      ),
  );
}

/** Resolves once `target` is built; throws the build's error if it failed, or after `timeoutMs`. */
export async function waitUntilBuilt(target: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (fs.existsSync(readyMark(target))) return;
    if (fs.existsSync(failedMark(target))) {
      throw new Error(`building ${target} failed:\n${fs.readFileSync(failedMark(target), 'utf8')}`);
    }
    if (Date.now() > deadline) throw new Error(`${target} was not built within ${timeoutMs / 1000} s`);
    // The mark is a file another process writes: looked for ten times a second.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Removes the marks left beside `target`. */
export function removeMarks(target: string): void {
  fs.rmSync(readyMark(target), { force: true });
  fs.rmSync(failedMark(target), { force: true });
}

/**
 * Runs `node <args>` to its end: resolves when it exits 0, rejects with its output otherwise. For builds that
 * would otherwise run on the main thread of Vitest, which schedules the files.
 */
export function runNode(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`node ${args.join(' ')} ended with ${code ?? signal}:\n${output}`)),
    );
  });
}
