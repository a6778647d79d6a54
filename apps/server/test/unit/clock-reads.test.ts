/**
 * The check that no test reads the machine's clock unseen (scripts/clock-reads.mjs, issue 40), run as `npm test`
 * runs it: on the repository it passes; on a copy of the listed files it passes too, and it fails, naming file and
 * line, once a test is planted that reads the real clock, in a new file or as one read more in a listed one. A
 * fixed time, or a mention in a comment, is no read.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the repository's scripts, without types.
import { allowedClockReads } from '../../../../scripts/clock-reads-allowed.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(repoRoot, 'scripts', 'clock-reads.mjs');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-clock-reads-'));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

for (const { file } of allowedClockReads as { file: string }[]) {
  fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, file), path.join(copy, file));
}

async function check(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], { cwd: repoRoot });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

const plant = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  fs.writeFileSync(path.join(copy, file), text);
};

describe('the check of the tests’ clock reads', () => {
  it('passes on the repository, each read listed', async () => {
    expect(await check()).toMatchObject({
      code: 0,
      output: expect.stringMatching(/each listed with its reason/),
    });
  });

  it('passes on a copy of the listed files, and takes fixed times and comments for what they are', async () => {
    plant(
      'apps/server/test/api/fixed.test.ts',
      `// Date.now() and marketToday() in a comment are no reads.
const day = marketToday(new Date('2026-06-01T00:00:00Z'));
const at = new Date(Date.UTC(2026, 5, 1));
export { day, at };
`,
    );
    expect((await check('--root', copy)).code).toBe(0);
  });

  it('fails on a planted test that reads the real clock, naming its file and line', async () => {
    plant(
      'apps/server/test/api/planted.test.ts',
      `import { marketToday } from '@portal/contracts';
const a = 1;
export const today = marketToday();
`,
    );
    plant('apps/web/src/features/planted.test.tsx', 'export const at = Date.now();\n');
    plant(
      'e2e/tests/planted.test.ts',
      'export const at = new Date();\nexport const t = performance.now();\n',
    );
    const { code, output } = await check('--root', copy);
    expect(code).toBe(1);
    expect(output).toContain('apps/server/test/api/planted.test.ts: 1 × marketToday() (line 3)');
    expect(output).toContain('apps/web/src/features/planted.test.tsx: 1 × Date.now() (line 1)');
    expect(output).toContain('e2e/tests/planted.test.ts: 1 × new Date() (line 1)');
    expect(output).toContain('e2e/tests/planted.test.ts: 1 × performance.now() (line 2)');
    for (const file of ['apps/server/test/api', 'apps/web/src/features', 'e2e/tests']) {
      for (const name of fs.readdirSync(path.join(copy, file))) {
        if (name.startsWith('planted')) fs.rmSync(path.join(copy, file, name));
      }
    }
  });

  it('fails on one read more in a listed file, and on a listed read that is gone', async () => {
    const listed = path.join(copy, 'e2e/tests/tracker.test.ts');
    const original = fs.readFileSync(listed, 'utf8');
    fs.writeFileSync(listed, `${original}\nexport const another = marketToday();\n`);
    const more = await check('--root', copy);
    expect(more.code).toBe(1);
    expect(more.output).toMatch(
      /e2e\/tests\/tracker\.test\.ts: 3 × marketToday\(\) \(line \d+, \d+, \d+\) where 2 are allowed/,
    );
    fs.writeFileSync(listed, original.replaceAll('marketToday()', "marketToday(new Date('2026-06-01'))"));
    const fewer = await check('--root', copy);
    expect(fewer.code).toBe(1);
    expect(fewer.output).toContain('e2e/tests/tracker.test.ts: 2 × marketToday() listed but 0 found');
    fs.writeFileSync(listed, original);
    expect((await check('--root', copy)).code).toBe(0);
  });

  it('fails on a planted test that skips its subject on a date, and passes one that dates it instead', async () => {
    plant(
      'apps/server/test/api/planted-skip.test.ts',
      `import { dayOfWeek, weekStart } from '@portal/contracts';
import { it } from 'vitest';
import { suiteToday } from '../helpers/suite-clock.ts';
it('checks the alert', () => {
  if (dayOfWeek(suiteToday()) === 0) {
    return;
  }
});
it.skipIf(suiteToday() < weekStart(suiteToday()))('checks the week', () => {});
`,
    );
    const { code, output } = await check('--root', copy);
    expect(code).toBe(1);
    expect(output).toContain('apps/server/test/api/planted-skip.test.ts:5: returns early on a date');
    expect(output).toContain('apps/server/test/api/planted-skip.test.ts:9: skipIf on a date');
    plant(
      'apps/server/test/api/planted-skip.test.ts',
      `import { addDays, dayOfWeek } from '@portal/contracts';
import { it } from 'vitest';
import { suiteToday } from '../helpers/suite-clock.ts';
it('checks the alert every day', () => {
  const day = dayOfWeek(suiteToday()) === 0 ? addDays(suiteToday(), -1) : suiteToday();
  if (dayOfWeek(day) === 0) {
    const later = () => {
      return day;
    };
    later();
  }
});
`,
    );
    expect((await check('--root', copy)).code).toBe(0);
    fs.rmSync(path.join(copy, 'apps/server/test/api/planted-skip.test.ts'));
  });
});
