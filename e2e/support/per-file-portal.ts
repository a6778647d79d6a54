/**
 * Set-up of every end-to-end file: its own portal server on its own copy of the template database, started
 * before the file's tests and stopped after them. `baseUrl()` (support/browser.ts) is this server's address.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { setBaseUrl } from './browser.ts';
import { newDataDir, type RunningPortal, startPortal } from './portal-server.ts';

let portal: RunningPortal | undefined;

beforeAll(async () => {
  portal = await startPortal(newDataDir(inject('templateDataDir')));
  setBaseUrl(portal.baseUrl);
});

afterAll(async () => {
  if (!portal) return;
  await portal.stop();
  fs.rmSync(portal.dataDir, { recursive: true, force: true });
});
