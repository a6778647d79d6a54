/** Runs before every test file: DOM cleanup between tests, and the console guard. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { checkConsoleGuard, installConsoleGuard } from './console-guard.ts';

// jsdom lays nothing out and does not implement scrolling (it reports each call as not implemented); React
// Router's ScrollRestoration scrolls on every navigation. Scrolling nothing is what a page without layout does.
window.scrollTo = () => {};

beforeEach(() => {
  installConsoleGuard();
});

afterEach(() => {
  cleanup();
  checkConsoleGuard();
});
