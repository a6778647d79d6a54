/**
 * Checks that Debian's Chromium is there, builds the web app if it has not been built, and starts making the
 * template database: the server started once on an empty DATA_DIR migrates it and seeds the demo data, then
 * stops. That runs beside the other projects' first files rather than before them (Vitest runs every global
 * set-up before any file); each test file waits for it and starts its own server on a copy
 * (support/per-file-portal.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { inTurn, markWhenBuilt, removeMarks } from '../../apps/server/test/helpers/background-build.ts';
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
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium-headless-shell".`,
    );
  }
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the web app failed');
  }
  const template = newDataDir();
  const built = markWhenBuilt(
    template,
    inTurn(async () => {
      const portal = await startPortal(template, {}, 300_000);
      await portal.stop();
    }),
  );
  project.provide('templateDataDir', template);

  return async () => {
    await built;
    fs.rmSync(template, { recursive: true, force: true });
    removeMarks(template);
  };
}
