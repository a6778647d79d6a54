#!/usr/bin/env node
/**
 * `npm run typecheck`: TypeScript's strict check of every project, each with its own tsconfig (they are not
 * composite projects, so `tsc -b` has nothing to build). `npm test` runs the same list as its own stages.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** The projects type-checked, in the order their checks run. */
export const typeCheckedProjects = ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench'];

export const tsc = path.join(root, 'node_modules', '.bin', 'tsc');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const project of typeCheckedProjects) {
    console.info(`type check ${project}`);
    const { status } = spawnSync(tsc, ['-p', project], { cwd: root, stdio: 'inherit' });
    if (status !== 0) process.exit(status ?? 1);
  }
}
