/** Unit and component tests in jsdom; the setup file fails a test on any unexpected console output. */
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // Some tests fill in a whole survey with user-event, a few seconds of work on a busy two-core machine.
      testTimeout: 20_000,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      clearMocks: true,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
