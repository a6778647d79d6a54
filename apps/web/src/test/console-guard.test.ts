/** The console guard fails a test on what it did not allow, including what jsdom reports on its own console. */
import { describe, expect, it } from 'vitest';
import { allowConsole, checkConsoleGuard } from './console-guard.ts';

describe('console guard', () => {
  it('fails on an unexpected console.error or console.warn', () => {
    console.error('something broke');
    console.warn('something odd');
    expect(() => checkConsoleGuard()).toThrow(/console\.error: something broke[\s\S]*console\.warn: something odd/);
  });

  it("fails on jsdom's report of a method it does not implement, which bypasses console", () => {
    window.alert('hello');
    expect(() => checkConsoleGuard()).toThrow(/jsdom \(not-implemented\): Not implemented: window\.alert/);
  });

  it('lets a test allow the output it expects', () => {
    allowConsole('error', /Not implemented: window\.alert/);
    window.alert('hello');
    expect(() => checkConsoleGuard()).not.toThrow();
  });
});
