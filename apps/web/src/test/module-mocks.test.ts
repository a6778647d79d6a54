/**
 * Every web test file that mocks a module is run on its own (src/test/module-mocks.ts): in the files that share a
 * worker, the mock would not replace a module another file had already imported, and the file would test the
 * real one by accident.
 */
import { describe, expect, it } from 'vitest';
import { filesWithModuleMocks } from './module-mocks.ts';

// Read as text by Vite at build time of the test: no Node file APIs in the web project.
const testFiles = import.meta.glob('../**/*.test.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the web test files that mock a module', () => {
  it('are exactly the files listed to run on their own', () => {
    const mocking = Object.entries(testFiles)
      .filter(
        ([file, text]) => file !== './module-mocks.test.ts' && /\bvi\.(mock|doMock)\(/.test(String(text)),
      )
      .map(([file]) => `src/${file.replace(/^\.\.\//, '')}`)
      .sort();
    expect(mocking).toEqual([...filesWithModuleMocks].sort());
  });
});
