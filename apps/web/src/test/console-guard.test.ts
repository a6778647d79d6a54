/** The console guard fails a test on what it did not allow, including what jsdom reports on its own console. */
import { describe, expect, it } from 'vitest';
import { allowConsole, checkConsoleGuard } from './console-guard.ts';

describe('console guard', () => {
  it('fails on an unexpected console.error or console.warn', () => {
    console.error('Warning: Each child in a list should have a unique "key" prop.');
    console.warn('deprecated');
    expect(() => checkConsoleGuard()).toThrow(
      /Unexpected console output:[\s\S]*unique "key"[\s\S]*deprecated/,
    );
    // Checked and reset: the test itself ends clean.
    expect(() => checkConsoleGuard()).not.toThrow();
  });

  it('lets a test allow the output it expects', () => {
    allowConsole('error', /expected failure/);
    console.error('an expected failure');
    expect(() => checkConsoleGuard()).not.toThrow();
  });

  it("fails on jsdom's report of a method it does not implement, which bypasses console", () => {
    window.alert('hello');
    expect(() => checkConsoleGuard()).toThrow(
      /jsdom \(not-implemented\): Not implemented: Window's alert\(\) method/,
    );
  });

  it('lets a test allow a jsdom report it expects', () => {
    allowConsole('error', /Not implemented: Window's alert/);
    window.alert('hello');
    expect(() => checkConsoleGuard()).not.toThrow();
  });
});
