/**
 * Set-up of every end-to-end file: its own portal server on its own copy of the template database (once the
 * global set-up has made it), and one Chromium, started before the file's tests and stopped after them.
 * `baseUrl()` is this server's address and `openPage()` opens a page in this Chromium (support/browser.ts).
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { waitUntilBuilt } from '../../apps/server/test/helpers/background-build.ts';
import { launchBrowser, setBaseUrl, setBrowser, setDataDir } from './browser.ts';
import { newDataDir, type RunningPortal, startPortal } from './portal-server.ts';

let portal: RunningPortal | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const template = inject('templateDataDir');
  [portal, browser] = await Promise.all([
    // The template is made beside the other projects' files (support/global-setup.ts): done by now, or soon.
    waitUntilBuilt(template).then(() => startPortal(newDataDir(template))),
    launchBrowser(),
  ]);
  setBaseUrl(portal.baseUrl);
  setDataDir(portal.dataDir);
  setBrowser(browser);
});

afterAll(async () => {
  setBrowser(undefined);
  setDataDir(undefined);
  await browser?.close();
  if (!portal) return;
  await portal.stop();
  fs.rmSync(portal.dataDir, { recursive: true, force: true });
});
