/**
 * Unit and component tests in jsdom; the setup file fails a test on any unexpected console output and empties
 * the DOM and the browser's storage after each test. The files share their worker's jsdom and modules (isolate:
 * false): a new jsdom and a fresh import of the app for each of 49 files was half the project's CPU time
 * (docs/testing.md, "The time budget"). The few files that mock a module run on their own
 * (vitest.mocks.config.ts).
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import { filesWithModuleMocks } from './src/test/module-mocks.ts';
import viteConfig from './vite.config.ts';

/** The web project's test settings: the files that share their worker, or (`mocks`) the ones that mock a module. */
export function webTestConfig(mocks: boolean) {
  return mergeConfig(
    viteConfig,
    defineConfig({
      test: {
        name: mocks ? '@portal/web:mocks' : '@portal/web',
        environment: 'jsdom',
        // Some tests fill in a whole survey with user-event: a few seconds alone, over 20 s when the two cores
        // are shared with the rest of the suite (survey-form.test.tsx, 2026-11-26).
        testTimeout: 60_000,
        include: mocks ? filesWithModuleMocks : ['src/**/*.test.{ts,tsx}'],
        exclude: mocks ? [] : filesWithModuleMocks,
        isolate: mocks,
        setupFiles: ['src/test/setup.ts'],
        clearMocks: true,
        restoreMocks: true,
        unstubGlobals: true,
      },
    }),
  );
}

export default webTestConfig(false);
