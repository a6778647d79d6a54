/**
 * The API test files that replace a module with `vi.mock`. The other API files share their worker's modules
 * (isolate: false in vitest.config.ts: importing the whole server again for each file was a third of the API
 * projects' CPU time): there a module mocked by one file would already be the real one, imported by a file before
 * it. These run each on its own (project api:mocks); test/unit/module-mocks.test.ts fails when a file that mocks a
 * module is missing from the list.
 */
export const apiFilesWithModuleMocks = ['test/api/account-guard-outage.test.ts'];
