/**
 * Build and dev server of the web app. In development the API runs on the server (port 3000); the three
 * bases of docs/api.md#calls are proxied so that the app talks to one origin, as it does in production.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// No Node types in this project (it is browser code): derive the folder from the module URL.
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
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
    // dist/.vite/manifest.json: which chunks each route loads, for the bundle budget (scripts/bundle-budget.mjs).
    manifest: true,
  },
});
