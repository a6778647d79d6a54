/**
 * Vitest global setup for the server project: one DATA_DIR whose embedded database is created and migrated
 * (`portal db migrate`) once, which the CLI tests copy (`withTemporaryDataDir(prefix, { migrated: true })`)
 * instead of creating and migrating a database each: over 10 s a file on the 2-core CI machine. Made in a
 * child process beside the first test files (test/helpers/background-build.ts). cli.test.ts still starts
 * from an empty DATA_DIR, as an operator's first command does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { inTurn, markWhenBuilt, runNode } from '../helpers/background-build.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDataDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrated-'));
  const dataDir = path.join(dir, 'data');
  const built = markWhenBuilt(
    dataDir,
    inTurn(() =>
      runNode([path.join(repoRoot, 'bin', 'portal.mjs'), 'db', 'migrate'], {
        cwd: repoRoot,
        env: { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      }),
    ),
  );
  project.provide('migratedDataDir', dataDir);
  return async () => {
    await built;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
