#!/usr/bin/env node
/**
 * `npm run test:dates`: the Vitest projects run once per date with the machine's clock set to that date, each in
 * a shuffled file order (issue 40, docs/testing.md#the-runs-clock). The clock is moved for every process of the
 * run by libfaketime (Debian's faketime package) as an offset from the real time, so the clock still runs: Node,
 * PGlite, Chromium, and a private PostgreSQL cluster started for the date under the same offset (the shared one at
 * 5432 keeps the real time, and the database's `now()` must agree with the portal's). Redis keeps the real time:
 * it only counts seconds.
 *
 *   npm run test:dates -- [--dates 2027-01-01T02:00:00Z,...] [--seed N] [-- vitest arguments]
 *
 * (run with tsx, `node --import tsx scripts/test-on-dates.mjs`, for the tests' private-cluster helper)
 *
 * Writes each date's result to .tmp/test-on-dates.json and prints a table; exits 1 if any date failed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { canRunPrivatePostgres, startPrivatePostgres } from '../apps/server/test/helpers/private-postgres.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The default dates, a reason each: quarter starts, Mondays, just past AEST midnight, a weekend, a leap day. */
export const defaultDates = [
  ['2027-01-01T02:00:00Z', 'Fri 1 Jan 2027 12:00 AEST: a quarter and a year start'],
  ['2027-01-03T22:30:00Z', 'Mon 4 Jan 2027 08:30 AEST: a Monday, its week without data yet'],
  [
    '2027-03-31T14:05:00Z',
    'Thu 1 Apr 2027 00:05 AEST: a quarter start just past AEST midnight (UTC still 31 Mar)',
  ],
  ['2027-04-14T23:00:00Z', "Thu 15 Apr 2027 09:00 AEST: a quarter's 15th day, its comparison's first"],
  ['2027-06-13T22:00:00Z', 'Mon 14 Jun 2027 08:00 AEST: a Monday'],
  ['2027-06-30T14:10:00Z', 'Thu 1 Jul 2027 00:10 AEST: a quarter start just past AEST midnight'],
  ['2027-08-15T21:30:00Z', 'Mon 16 Aug 2027 07:30 AEST: a Monday, UTC still Sunday'],
  ['2027-09-30T23:00:00Z', 'Fri 1 Oct 2027 09:00 AEST: a quarter start'],
  ['2027-11-07T22:00:00Z', 'Mon 8 Nov 2027 08:00 AEST: a Monday'],
  ['2027-12-25T01:00:00Z', 'Sat 25 Dec 2027 11:00 AEST: a Saturday'],
  ['2027-12-26T03:00:00Z', 'Sun 26 Dec 2027 13:00 AEST: a Sunday'],
  ['2028-02-29T01:00:00Z', 'Tue 29 Feb 2028 11:00 AEST: a leap day'],
];

const libfaketime = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
].find((file) => fs.existsSync(file));

function argument(name) {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** The run's environment: the moved clock, the dated cluster; the run's own clock fixed anew under it. */
function runEnv(clockEnv, postgres) {
  const env = { ...process.env, ...clockEnv, CI: 'true' };
  if (postgres) env.TEST_DATABASE_URL = postgres.url;
  delete env.PORTAL_SUITE_NOW;
  return env;
}

if (!libfaketime) {
  console.error('libfaketime is missing: run "sudo apt-get install -y faketime".');
  process.exit(1);
}
const dates = argument('--dates')
  ? argument('--dates')
      .split(',')
      .map((date) => [date, ''])
  : defaultDates;
const baseSeed = Number(argument('--seed') ?? Date.now() % 100_000);
const vitestArgs = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];
const outDir = path.join(root, '.tmp');
fs.mkdirSync(outDir, { recursive: true });
const results = [];

for (const [index, [date, why]] of dates.entries()) {
  const target = Date.parse(date);
  if (Number.isNaN(target)) throw new Error(`not an instant: ${date}`);
  const seed = baseSeed + index;
  // An offset, not a start time: every process of the run sees the same clock, and it runs.
  const offset = Math.round((target - Date.now()) / 1000);
  const clockEnv = {
    LD_PRELOAD: libfaketime,
    FAKETIME: `${offset >= 0 ? '+' : ''}${offset}s`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    // Chromium spins under libfaketime (a one-file browser run did not end): the browser tests start it on the
    // real clock and move each page's Date by the same offset instead (e2e/support/browser.ts).
    PORTAL_BROWSER_CLOCK_OFFSET_MS: String(offset * 1000),
  };
  console.info(`\n▶ ${date} ${why} (clock offset ${offset} s, file order seed ${seed})`);
  // The tests' own private cluster, its clock the date's too.
  const postgres = canRunPrivatePostgres() ? await startPrivatePostgres({ env: clockEnv }) : null;
  const report = path.join(outDir, `vitest-dated-${index}.json`);
  const started = performance.now();
  let status;
  try {
    ({ status } = spawnSync(
      path.join(root, 'node_modules', '.bin', 'vitest'),
      [
        'run',
        '--sequence.shuffle.files',
        `--sequence.seed=${seed}`,
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...vitestArgs,
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: runEnv(clockEnv, postgres),
      },
    ));
  } finally {
    await postgres?.destroy();
  }
  const summary = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : null;
  const failedNames = summary
    ? summary.testResults.flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === 'failed')
          .map((test) => `${path.relative(root, file.name)} › ${test.fullName}`)
          .concat(
            file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')
              ? [
                  `${path.relative(root, file.name)} (the file failed to run: ${file.message?.split('\n')[0]})`,
                ]
              : [],
          ),
      )
    : ['no report'];
  results.push({
    date,
    why,
    seed,
    seconds: Math.round((performance.now() - started) / 1000),
    passed: summary?.numPassedTests ?? 0,
    failed: failedNames.length,
    failures: failedNames,
    status,
  });
  fs.writeFileSync(path.join(outDir, 'test-on-dates.json'), `${JSON.stringify(results, null, 2)}\n`);
}

console.info('\ndate                  seed    s  passed  failed');
for (const result of results) {
  console.info(
    `${result.date}  ${String(result.seed).padStart(5)} ${String(result.seconds).padStart(4)}  ${String(result.passed).padStart(6)}  ${String(result.failed).padStart(6)}`,
  );
  for (const failure of result.failures) console.info(`    ✖ ${failure}`);
}
process.exit(results.every((result) => result.failed === 0 && result.status === 0) ? 0 : 1);
