/** A stand-in for the built web app (index.html with the configuration placeholder and one asset). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const WEB_ASSET_PATH = '/assets/app-1234.js';

export function createWebDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><!--portal-config--></head><body><div id="root"></div></body></html>',
  );
  // Over the compression threshold, so that compression can be seen.
  fs.writeFileSync(path.join(dir, WEB_ASSET_PATH), `console.log(${'"x",'.repeat(600)}1);`);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
