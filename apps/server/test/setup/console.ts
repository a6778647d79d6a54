/**
 * A test fails on an unexpected console.error or console.warn (conventions), and on a deprecation warning: the
 * call it names goes away in the library's next major version (pg 9 refuses a query sent to a client that is
 * still busy with another, which pg 8 only warns about, once per process).
 */
import { afterEach, vi } from 'vitest';

const unexpected: string[] = [];
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
  });
}
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning')
    unexpected.push(`${warning.name}: ${warning.stack ?? warning.message}`);
});
afterEach(() => {
  if (unexpected.length > 0) {
    const found = unexpected.splice(0);
    throw new Error(`Unexpected console output:\n${found.join('\n')}`);
  }
});
