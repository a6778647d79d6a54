import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Each file its own server on its own copy of the demo database: files do not depend on each other's order.
    setupFiles: ['support/per-file-portal.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: the machine has 2 cores and the server shares them.
    fileParallelism: false,
    // expect.poll gives up after 1 s by default: too short for a page to load on a busy machine (flaky).
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
