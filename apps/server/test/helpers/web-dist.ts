/**
 * A stand-in for the built web app (index.html with the configuration placeholder, one asset, Vite's manifest
 * and the route table written beside it).
 */
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
  // A manifest as Vite writes it: the entry shares react with the Tracker's screen, which has a chunk and a style.
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_react-1.js'],
        dynamicImports: ['src/features/tracker/components/tracker-page.tsx'],
      },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_get-usage-1.js': { file: 'assets/get-usage-1.js', imports: ['_react-1.js', 'index.html'] },
      'src/features/tracker/components/tracker-page.tsx': {
        file: 'assets/tracker-page-1.js',
        isDynamicEntry: true,
        imports: ['_get-usage-1.js', '_react-1.js', 'index.html'],
        css: ['assets/tracker-page-1.css'],
      },
    }),
  );
  // The route table as the build writes it beside the manifest (vite.config.ts).
  fs.writeFileSync(
    path.join(dir, '.vite', 'route-screens.json'),
    JSON.stringify([
      {
        pattern: '/new/usage/:accountId/:from?/:day?',
        screen: 'src/features/tracker/components/tracker-page.tsx',
        parts: [],
      },
    ]),
  );
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
