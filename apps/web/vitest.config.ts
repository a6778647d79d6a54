/** Unit and component tests in jsdom; the setup file fails a test on any unexpected console output. */
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // Some tests fill in a whole survey with user-event: a few seconds alone, over 20 s when the two cores are
      // shared with the rest of the suite (survey-form.test.tsx, 2026-11-26).
      testTimeout: 60_000,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      clearMocks: true,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
