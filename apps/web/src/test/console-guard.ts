/**
 * Makes unexpected console.error and console.warn output fail the test (conventions: epic-stack habit).
 * React, React Router and Testing Library report misuse (act warnings, missing keys, bad routes) through
 * the console; a test that prints one is hiding a bug. A test that expects output says so with
 * `allowConsole`. jsdom reports what it cannot do (a method it does not implement, a script error) on its own
 * virtual console, which writes to the process's stderr past any spy on `console`: the guard listens there too.
 */
import { vi } from 'vitest';

interface JsdomError {
  type: string;
  message: string;
  cause?: unknown;
}
interface JsdomConsole {
  removeAllListeners(event: string): void;
  on(event: 'jsdomError', listener: (error: JsdomError) => void): void;
}

type Level = 'error' | 'warn';

const unexpected: string[] = [];
const allowed: Array<{ level: Level; pattern: RegExp }> = [];

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Lets this test print matching output at `level` (reset after each test). */
export function allowConsole(level: Level, pattern: RegExp): void {
  allowed.push({ level, pattern });
}

let jsdomListened = false;

/** jsdom's own reports count as console.error: `jsdom.virtualConsole` of the test's window, when there is one. */
function listenToJsdom(): void {
  if (jsdomListened) return;
  jsdomListened = true;
  const dom = (globalThis as { jsdom?: { virtualConsole?: JsdomConsole } }).jsdom;
  const virtualConsole = dom?.virtualConsole;
  if (!virtualConsole) return;
  virtualConsole.removeAllListeners('jsdomError');
  virtualConsole.on('jsdomError', (error) => {
    const text = `jsdom (${error.type}): ${error.message}`;
    if (allowed.some((rule) => rule.level === 'error' && rule.pattern.test(text))) return;
    unexpected.push(`console.error: ${text}`);
  });
}

export function installConsoleGuard(): void {
  listenToJsdom();
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = args.map(describe).join(' ');
      if (allowed.some((rule) => rule.level === level && rule.pattern.test(text))) return;
      unexpected.push(`console.${level}: ${text}`);
    });
  }
}

/** Throws (failing the test) when the test printed anything it did not allow; resets for the next test. */
export function checkConsoleGuard(): void {
  allowed.length = 0;
  const found = unexpected.splice(0);
  if (found.length > 0) {
    throw new Error(`Unexpected console output:\n${found.join('\n\n')}`);
  }
}
