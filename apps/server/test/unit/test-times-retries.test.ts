/**
 * The run's summary names every test that passed only on a retry (scripts/test-times.mjs, decision 0058): the
 * real Vitest, with the reporter and one retry, on a file in a temporary folder whose first test fails on its
 * first run and passes on its second, whose second test passes at once, and whose third always fails.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const reporter = path.join(repoRoot, 'scripts', 'test-times.mjs');
const vitest = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-retries-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

fs.writeFileSync(
  path.join(folder, 'retried.test.mjs'),
  `import { expect, it } from 'vitest';
let runs = 0;
it('fails once, then passes', () => {
  runs += 1;
  expect(runs).toBe(2);
});
it('passes at once', () => expect(1).toBe(1));
it('always fails', () => expect(1).toBe(2));
`,
);
fs.writeFileSync(path.join(folder, 'vitest.config.mjs'), 'export default { test: { retry: 1 } };\n');

describe('scripts/test-times.mjs', () => {
  it('records and names the tests that passed only on a retry', async () => {
    const timesFile = path.join(folder, 'times.json');
    const code = await new Promise<number>((resolve) => {
      execFile(
        process.execPath,
        [vitest, 'run', '--root', folder, `--reporter=${reporter}`],
        { env: { ...process.env, TEST_TIMES_FILE: timesFile, CI: '' }, timeout: 120_000 },
        (error) => resolve(error ? Number(error.code ?? 1) : 0),
      );
    });
    // The test that fails twice fails the run, retry or not.
    expect(code).not.toBe(0);
    const times = JSON.parse(fs.readFileSync(timesFile, 'utf8'));
    expect(times.files).toHaveLength(1);
    expect(times.files[0].passedOnRetry).toEqual([{ name: 'fails once, then passes', retries: 1 }]);

    const { summarize } = await import(reporter);
    // A file's path is relative to the repository; this folder has no project name.
    const file = path.relative(repoRoot, path.join(folder, 'retried.test.mjs'));
    expect(summarize(times)).toContain(
      `passed only on a retry (flaky: decision 0058): 1\n   ${file} > fails once, then passes`,
    );
    expect(summarize({ ...times, files: [{ ...times.files[0], passedOnRetry: [] }] })).toContain(
      'passed only on a retry: none',
    );
  });
});
