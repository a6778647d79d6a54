/** Runs before every test file: DOM cleanup between tests, and the console guard. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { checkConsoleGuard, installConsoleGuard } from './console-guard.ts';

beforeEach(() => {
  installConsoleGuard();
});

afterEach(() => {
  cleanup();
  checkConsoleGuard();
});
