/**
 * A Vitest reporter that writes where the suite's time goes (docs/testing.md, "The time budget"): each file's
 * project, wall-clock start and end (from the moment it was queued), and Vitest's own split of it (environment,
 * set-up files, imports, tests and hooks), to the JSON file named by TEST_TIMES_FILE (default
 * .tmp/test-times.json). `node scripts/test-times.mjs [file]` prints the summary: per project, the slowest
 * files, the seconds during which 0, 1, 2… files were running, and every test that passed only when run again
 * (the browser tests' one retry in CI, decision 0058).
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const defaultFile = path.join(root, '.tmp', 'test-times.json');

export default class TestTimesReporter {
  started = Date.now();
  /** project + moduleId → timings, filled as files are queued and end. */
  files = new Map();

  onInit() {
    this.started = Date.now();
  }

  key(testModule) {
    return `${testModule.project.name}\0${testModule.moduleId}`;
  }

  /** Called in the worker as the file's imports begin: after the worker's start and environment. */
  onTestModuleQueued(testModule) {
    this.files.set(this.key(testModule), { queued: Date.now() - this.started });
  }

  onTestModuleEnd(testModule) {
    const diagnostic = testModule.diagnostic();
    const now = Date.now() - this.started;
    const queued = this.files.get(this.key(testModule))?.queued ?? now - diagnostic.duration;
    const entry = {
      // The worker started before the file was queued: its start and environment come first.
      start: Math.max(0, queued - diagnostic.prepareDuration - diagnostic.environmentSetupDuration),
      project: testModule.project.name,
      file: path.relative(root, testModule.moduleId),
      end: now,
      state: testModule.state(),
      environment: diagnostic.environmentSetupDuration,
      prepare: diagnostic.prepareDuration,
      setup: diagnostic.setupDuration,
      collect: diagnostic.collectDuration,
      duration: diagnostic.duration,
      // Tests that failed and then passed on a retry: the run passes, but they are named (decision 0058).
      passedOnRetry: [...testModule.children.allTests()]
        .filter((test) => test.diagnostic()?.flaky)
        .map((test) => ({ name: test.fullName, retries: test.diagnostic()?.retryCount ?? 0 })),
    };
    this.files.set(this.key(testModule), entry);
  }

  onTestRunEnd() {
    const file = process.env.TEST_TIMES_FILE ?? defaultFile;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const files = [...this.files.values()].filter((entry) => entry.end !== undefined);
    fs.writeFileSync(file, JSON.stringify({ total: Date.now() - this.started, files }, null, 1));
  }
}

/** The summary of a times file, as text. */
export function summarize({ total, files }) {
  const s = (ms) => (ms / 1000).toFixed(1);
  const lines = [`Vitest ${s(total)} s, ${files.length} files`];
  const firstStart = Math.min(...files.map((entry) => entry.start));
  lines.push(`before the first file started (global set-ups): ${s(firstStart)} s`);
  const projects = new Map();
  for (const entry of files) {
    const project = projects.get(entry.project) ?? { files: 0, wall: 0, collect: 0, tests: 0 };
    project.files += 1;
    project.wall += entry.end - entry.start;
    project.collect += entry.collect + entry.setup + entry.environment + entry.prepare;
    project.tests += entry.duration;
    projects.set(entry.project, project);
  }
  lines.push('', 'project          files   file-seconds   of which imports and set-up   tests and hooks');
  for (const [name, project] of [...projects].sort((a, b) => b[1].wall - a[1].wall)) {
    lines.push(
      `${name.padEnd(16)} ${String(project.files).padStart(5)} ${s(project.wall).padStart(14)} ${s(project.collect).padStart(29)} ${s(project.tests).padStart(17)}`,
    );
  }
  lines.push('', 'slowest files (seconds from start to end; imports and set-up; tests and hooks):');
  for (const entry of [...files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 25)) {
    const setup = entry.collect + entry.setup + entry.environment + entry.prepare;
    lines.push(
      `  ${s(entry.end - entry.start).padStart(6)}  ${s(setup).padStart(5)}  ${s(entry.duration).padStart(6)}  ${entry.project} ${entry.file}`,
    );
  }
  // Seconds during which n files were running, from each file's start and end.
  const events = files.flatMap((entry) => [
    [entry.start, 1],
    [entry.end, -1],
  ]);
  events.push([0, 0], [total, 0]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const atOnce = new Map();
  let running = 0;
  let last = 0;
  for (const [at, change] of events) {
    atOnce.set(running, (atOnce.get(running) ?? 0) + at - last);
    running += change;
    last = at;
  }
  lines.push(
    '',
    `files at once: ${[...atOnce]
      .sort((a, b) => a[0] - b[0])
      .map(([n, ms]) => `${n}: ${s(ms)} s`)
      .join(', ')}`,
  );
  const retried = files.flatMap((entry) =>
    (entry.passedOnRetry ?? []).map((test) => `  ${entry.project} ${entry.file} > ${test.name}`),
  );
  lines.push(
    '',
    retried.length === 0
      ? 'passed only on a retry: none'
      : `passed only on a retry (flaky: decision 0058): ${retried.length}\n${retried.join('\n')}`,
  );
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const file = process.argv[2] ?? defaultFile;
  console.info(summarize(JSON.parse(fs.readFileSync(file, 'utf8'))));
}
