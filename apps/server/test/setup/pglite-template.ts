/**
 * Vitest global setup for the PGlite project: one in-memory database migrated once, seeded with the demo data
 * and dumped, so that each test file starts from a fresh copy in milliseconds instead of migrating again. The
 * template is made in a child process beside the first test files (test/helpers/background-build.ts); a file
 * waits for it in `createTestDatabase` (or `pgliteTemplate`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { inTurn, markWhenBuilt, removeMarks, runNode } from '../helpers/background-build.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-'));
  const templatePath = path.join(dir, 'template.tar');
  const built = markWhenBuilt(
    templatePath,
    inTurn(() =>
      runNode(['--import', 'tsx', path.join(import.meta.dirname, 'build-pglite-template.ts'), templatePath], {
        cwd: repoRoot,
      }),
    ),
  );
  project.provide('testDatabase', { kind: 'pglite', templatePath });
  return async () => {
    await built;
    fs.rmSync(dir, { recursive: true, force: true });
    removeMarks(templatePath);
  };
}
