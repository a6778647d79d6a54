/**
 * Build and dev server of the web app. In development the API runs on the server (port 3000); the three
 * bases of docs/api.md#calls are proxied so that the app talks to one origin, as it does in production.
 */
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import type { AppRoute } from './src/app/route-table.ts';

// No Node types in this project (it is browser code): derive the folder from the module URL.
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiTarget = 'http://localhost:3000';

/**
 * Writes the route table beside the manifest (ROUTE_SCREENS_FILE), for the server's preload links and the
 * bundle budget. Read through tsx, as scripts/bundle-budget.mjs reads contracts: the config's own loader leaves
 * the workspace's TypeScript packages to Node, which cannot run them.
 */
const routeScreens: Plugin = {
  name: 'portal-route-screens',
  apply: 'build',
  async generateBundle() {
    const [{ routeTable }, { ROUTE_SCREENS_FILE }] = await Promise.all([
      tsImport('./src/app/route-table.ts', import.meta.url) as Promise<{ routeTable: readonly AppRoute[] }>,
      tsImport('@portal/contracts', import.meta.url) as Promise<{ ROUTE_SCREENS_FILE: string }>,
    ]);
    const table = routeTable.map(({ pattern, screen, parts }) => ({ pattern, screen, parts: parts ?? [] }));
    this.emitFile({ type: 'asset', fileName: ROUTE_SCREENS_FILE, source: JSON.stringify(table, null, 2) });
  },
};

export default defineConfig({
  root: webRoot,
  plugins: [react(), routeScreens],
  server: {
    proxy: {
      '/api': apiTarget,
      '/reduce_and_reward': apiTarget,
      '/innovative_billing': apiTarget,
    },
  },
  build: {
    outDir: `${webRoot}dist`,
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each screen loads, read with dist/.vite/route-screens.json by the
    // server's preload links and the bundle budget (scripts/bundle-budget.mjs).
    manifest: true,
    // Browsers the portal supports all know <link rel="modulepreload">: the polyfill was 0.5 KB of every first
    // load (docs/decisions/0047-less-javascript-before-the-first-paint.md).
    modulePreload: { polyfill: false },
  },
});
