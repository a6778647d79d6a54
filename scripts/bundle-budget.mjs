#!/usr/bin/env node
/**
 * The bundle budget (issue 9): the JavaScript a route needs before it can show anything, gzipped, is at most
 * BUDGET_KB. A route's initial JavaScript is the entry chunk with everything it imports statically, plus the
 * route's lazy screen module with everything that imports statically (shared chunks counted once). Modules
 * loaded only on demand (error reporting with a DSN, say) are not counted. Reads Vite's manifest of the last
 * `npm run build`; prints every route and fails when one is over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

// The same reading of the manifest as the server's modulepreload links (packages/contracts).
const { entryKey, routeScreens, screenChunks, staticClosure } = await tsImport(
  '../packages/contracts/src/route-screens.ts',
  import.meta.url,
);

const BUDGET_KB = 150;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: run "npm run build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const gzipSizes = new Map();
function gzipKb(file) {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024);
  return gzipSizes.get(file);
}

const entry = entryKey(manifest);
const entryFiles = staticClosure(manifest, entry).js;
const routes = (manifest[entry].dynamicImports ?? []).filter(
  (key) => key.includes('/components/') && key.endsWith('-page.tsx'),
);
if (routes.length === 0) {
  console.error('No lazy route screens found in the manifest: has the router changed?');
  process.exit(1);
}
const unmapped = routes.filter((key) => !routeScreens.some(({ screen }) => screen === key));
if (unmapped.length > 0) {
  console.error(
    `Screens the router loads but packages/contracts/src/route-screens.ts does not name: ${unmapped.join(', ')}`,
  );
  process.exit(1);
}
let over = 0;
const rows = routes.map((key) => {
  const files = [...entryFiles, ...screenChunks(manifest, key).js];
  const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
  if (kb > BUDGET_KB) over += 1;
  return { route: key.replace(/^src\/features\//, ''), kb };
});
rows.sort((a, b) => b.kb - a.kb);
for (const { route, kb } of rows) {
  console.info(`${kb > BUDGET_KB ? '✖' : '✓'} ${kb.toFixed(1).padStart(6)} KB  ${route}`);
}
if (over > 0) {
  console.error(`${over} route(s) over the ${BUDGET_KB} KB gzip budget of initial JavaScript.`);
  process.exit(1);
}
console.info(`Every route's initial JavaScript is within ${BUDGET_KB} KB gzip.`);
