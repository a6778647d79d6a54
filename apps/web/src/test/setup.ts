/** Runs before every test file: DOM and storage cleanup between tests, and the console guard. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { checkConsoleGuard, installConsoleGuard } from './console-guard.ts';

// jsdom lays nothing out and does not implement scrolling (it reports each call as not implemented); React
// Router's ScrollRestoration scrolls on every navigation. Scrolling nothing is what a page without layout does.
window.scrollTo = () => {};

// findBy… and waitFor give up after 1 s by default: a lazily loaded screen on a busy two-core machine can take
// longer, and a test must not fail for the machine's load. What they wait for is unchanged.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  installConsoleGuard();
});

// The files of a worker share one jsdom (vitest.config.ts): each test starts with the browser's storage empty, as
// its DOM is (the Tracker keeps weeks in localStorage), so that no test reads what another left.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  checkConsoleGuard();
});
