/**
 * Set-up of every end-to-end file: its own portal server on its own copy of the template database, and one
 * Chromium, started before the file's tests and stopped after them. `baseUrl()` is this server's address and
 * `openPage()` opens a page in this Chromium (support/browser.ts).
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, setBaseUrl, setBrowser, setDataDir } from './browser.ts';
import { newDataDir, type RunningPortal, startPortal } from './portal-server.ts';

let portal: RunningPortal | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [portal, browser] = await Promise.all([
    startPortal(newDataDir(inject('templateDataDir'))),
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
