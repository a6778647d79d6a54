/**
 * Checks that Debian's Chromium is there, builds the web app if it has not been built, and makes the template
 * database: the server started once on an empty DATA_DIR migrates it and seeds the demo data, then stops.
 * Each test file starts its own server on a copy (support/per-file-portal.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './browser.ts';
import { newDataDir, startPortal } from './portal-server.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`);
  }
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the web app failed');
  }
  const template = newDataDir();
  const portal = await startPortal(template);
  await portal.stop();
  project.provide('templateDataDir', template);

  return async () => {
    fs.rmSync(template, { recursive: true, force: true });
  };
}
