#!/usr/bin/env node
/**
 * `npm test`: every check in one command (docs/contracts.md): lint, boundaries, type check, web build and its bundle budget, npm audit, then every Vitest project
 * (contracts, server unit, API on PGlite and on PostgreSQL when TEST_DATABASE_URL is set, web components,
 * end-to-end in Chromium). Prints each stage's time as it ends, and ends with the tests' count and a table of
 * every stage's time and the total (the budget is 10 minutes on the 2-core CI machine: docs/benchmarks.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { summarize } from './test-times.mjs';
import { tsc, typeCheckedProjects } from './typecheck.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The end-to-end files' browser (e2e/support/browser.ts, decision 0056).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const started = performance.now();
/** Each stage's title and seconds, in order, for the closing table. */
const stageTimes = [];
const seconds = (from) => (performance.now() - from) / 1000;

function printTimes() {
  const width = Math.max(...stageTimes.map(([title]) => title.length), 'total'.length);
  console.info('\ntime per stage:');
  for (const [title, took] of stageTimes)
    console.info(`  ${title.padEnd(width)}  ${took.toFixed(1).padStart(6)} s`);
  console.info(`  ${'total'.padEnd(width)}  ${seconds(started).toFixed(1).padStart(6)} s`);
}

/** Runs one stage, records its time, and stops every check at the first failure. */
function run(title, command, args, options = {}) {
  console.info(`\n▶ ${title}`);
  const from = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  stageTimes.push([title, seconds(from)]);
  console.info(`  (${title}: ${seconds(from).toFixed(1)} s)`);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    printTimes();
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${chromium}: run "sudo apt-get install -y chromium-headless-shell" (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.info("Installing Debian's Chromium headless shell for the browser tests…");
  const install = () =>
    spawnSync(
      'apt-get',
      ['install', '-y', '--no-install-recommends', 'chromium-headless-shell', 'fonts-liberation'],
      {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      },
    ).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (!install()) {
      console.error('Could not install chromium-headless-shell with apt-get.');
      process.exit(1);
    }
  }
}

ensureChromium();
run('lint and format (biome)', bin('biome'), ['check', '.']);
// The import rules of docs/decisions/0026-boundaries.md: no cycles, features apart, routes at the edge.
run('boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'boundaries']);
// No test reads the machine's clock unseen (issue 40): each read is listed with its reason.
run("the tests' clock reads", process.execPath, [path.join(root, 'scripts', 'clock-reads.mjs')]);
for (const project of typeCheckedProjects) run(`type check ${project}`, tsc, ['-p', project]);
run('build the web app', 'npm', ['run', '--silent', 'build']);
run('bundle budget (initial JavaScript per route)', process.execPath, [
  path.join(root, 'scripts', 'bundle-budget.mjs'),
]);

// Fails on a high or critical advisory in production dependencies; only warns when npm's advisory service
// cannot be asked (a service being down must not fail CI).
run('npm audit (production dependencies)', process.execPath, [path.join(root, 'scripts', 'audit.mjs')]);

const reportPath = path.join(root, '.tmp', 'vitest-report.json');
// Each file's time, for the closing summary of where the time went (scripts/test-times.mjs).
const timesPath = path.join(root, '.tmp', 'test-times.json');
fs.mkdirSync(path.dirname(reportPath), { recursive: true });
fs.rmSync(reportPath, { force: true });
fs.rmSync(timesPath, { force: true });
console.info('\n▶ tests (vitest)');
const testsFrom = performance.now();
const tests = spawnSync(
  bin('vitest'),
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportPath}`,
    `--reporter=${path.join(root, 'scripts', 'test-times.mjs')}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_TIMES_FILE: timesPath } },
);
let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(reportPath)) {
  const report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
  passed = report.numPassedTests;
  // A file that fails without a failing test (an import or hook error) still counts once; a file whose
  // failure is its failing tests is already counted by them.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  failed = report.numFailedTests + brokenFiles;
  skipped = report.numPendingTests + report.numTodoTests;
}
stageTimes.push(['tests (vitest)', seconds(testsFrom)]);
if (fs.existsSync(timesPath)) {
  console.info(
    `\nwhere the tests' time went (.tmp/test-times.json):\n${summarize(JSON.parse(fs.readFileSync(timesPath, 'utf8')))}`,
  );
}
printTimes();
const ok = tests.status === 0 && failed === 0 && passed > 0;
console.info(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : tests.status || 1);
