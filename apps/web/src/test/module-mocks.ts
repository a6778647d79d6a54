/**
 * The web test files that replace a module with `vi.mock`. The other web files share their worker's jsdom and
 * modules (isolate: false, docs/testing.md): there a module mocked by one file would already be the real one,
 * imported by a file before it. These run each on its own (project @portal/web:mocks, vitest.mocks.config.ts);
 * module-mocks.test.ts fails when a file that mocks a module is missing from the list.
 */
export const filesWithModuleMocks = [
  'src/shared/components/alert-banner.test.tsx',
  'src/shared/components/error-page.test.tsx',
  'src/shared/lib/error-reporting.test.ts',
];
