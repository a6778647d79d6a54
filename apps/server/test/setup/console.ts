/**
 * A test fails on an unexpected console.error or console.warn (conventions), and on a deprecation warning: the
 * call it names goes away in the library's next major version (pg 9 refuses a query sent to a client that is
 * still busy with another, which pg 8 only warns about, once per process).
 */
import { afterEach, vi } from 'vitest';

// This file runs again before each test file of a worker, which keeps its process and globals for all of them
// (isolate: false, decision 0060): one list and one warning listener per worker, not one more per file.
const worker = globalThis as typeof globalThis & { unexpectedTestOutput?: string[] };
const firstFileOfWorker = worker.unexpectedTestOutput === undefined;
worker.unexpectedTestOutput ??= [];
const unexpected = worker.unexpectedTestOutput;
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
  });
}
if (firstFileOfWorker) {
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning')
      unexpected.push(`${warning.name}: ${warning.stack ?? warning.message}`);
  });
}
afterEach(() => {
  if (unexpected.length > 0) {
    const found = unexpected.splice(0);
    throw new Error(`Unexpected console output:\n${found.join('\n')}`);
  }
});
