/**
 * Launches Debian's Chromium headless shell through playwright-core (no browser download is possible here): the
 * same Blink as /usr/bin/chromium without the browser's own interface, for two fifths less CPU over the
 * end-to-end files (decision 0056). CHROMIUM_PATH=/usr/bin/chromium runs them in the full browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { FIRST_SCREEN_ANSWERS_ELEMENT_ID } from '@portal/contracts';
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const NARROW = { width: 320, height: 640 } as const;
export const PHONE = { width: 375, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;
/** Every width a screen must read well at (issue 15 item 9): the narrowest phone, a phone, a desktop. */
export const WIDTHS = [
  ['320', NARROW],
  ['375', PHONE],
  ['1280', DESKTOP],
] as const;

const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Saves a screenshot named `name` in e2e/screenshots (git-ignored), for people to look at after a run, when
 * E2E_SCREENSHOTS=1 (`E2E_SCREENSHOTS=1 npx vitest run --project e2e`). Screenshots assert nothing, and the
 * full-page ones of every screen at every width took a tenth of the end-to-end time, so a plain run skips them.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, ...options });
  else await target.screenshot({ path: file });
}

let portalUrl: string | undefined;
let portalDataDir: string | undefined;

/** Set by support/per-file-portal.ts: this file's server's DATA_DIR (its outbox, for the mail tests). */
export function setDataDir(dir: string | undefined): void {
  portalDataDir = dir;
}

/** The DATA_DIR of this test file's own portal server. */
export function dataDir(): string {
  if (!portalDataDir)
    throw new Error("this file's portal server has not started (support/per-file-portal.ts)");
  return portalDataDir;
}

/** Set by support/per-file-portal.ts once this file's own server is up. */
export function setBaseUrl(url: string): void {
  portalUrl = url;
}

/** The address of this test file's own portal server. */
export function baseUrl(): string {
  if (!portalUrl) throw new Error("this file's portal server has not started (support/per-file-portal.ts)");
  return portalUrl;
}

export async function launchBrowser(): Promise<Browser> {
  // Without libfaketime: Chromium spins under it, and crashes with it loaded even when told to skip it.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')),
  );
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    env,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * How far the dated runs moved the clock (scripts/test-on-dates.mjs), in ms. Chromium spins under libfaketime,
 * so it runs on the real clock and each page's `Date` is moved by this much instead: the pages then share the
 * portal's calendar, as a customer's phone shares the server's.
 */
const BROWSER_CLOCK_OFFSET_MS = Number(process.env.PORTAL_BROWSER_CLOCK_OFFSET_MS ?? 0);

/**
 * Runs in the page before its scripts: `new Date()` and `Date.now()` `offset` ms on from the real time. Plain
 * text, not a function: a compiled function may call the compiler's helpers, which the page does not have.
 */
const moveClock = (offset: number) => `{
  const RealDate = Date;
  class MovedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + ${offset});
      else super(...args);
    }
    static now() {
      return RealDate.now() + ${offset};
    }
  }
  globalThis.Date = MovedDate;
}`;

let fileBrowser: Browser | undefined;

/** Set by support/per-file-portal.ts: one Chromium for all the tests of a file. */
export function setBrowser(browser: Browser | undefined): void {
  fileBrowser = browser;
}

/**
 * A page in a new context of this file's Chromium that records console errors and CSP violations, so that
 * each test can assert there were none, and follows its requests, so that `settled()` can tell when its screen
 * has settled.
 */
export async function openPage(options: BrowserContextOptions = {}) {
  if (!fileBrowser) throw new Error("this file's browser has not started (support/per-file-portal.ts)");
  const context = await fileBrowser.newContext({ viewport: DESKTOP, ...options });
  if (BROWSER_CLOCK_OFFSET_MS !== 0)
    await context.addInitScript({ content: moveClock(BROWSER_CLOCK_OFFSET_MS) });
  const page = await context.newPage();
  const problems: string[] = [];
  // Chromium logs a CSP violation as a console error too; the event is the authoritative signal.
  await context.exposeBinding('reportCspViolation', (_source, text: string) => problems.push(`csp: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
        report(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
        );
      },
      true,
    );
  });
  await context.addInitScript(recordAlerts);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const underWay = requestsUnderWay(page);
  return { page, context, problems, settled: (message?: string) => untilSettled(page, underWay, message) };
}

/** The requests a page has under way, for telling when its screen has settled. */
function requestsUnderWay(page: Page): Set<Request> {
  const underWay = new Set<Request>();
  page.on('request', (request) => underWay.add(request));
  page.on('requestfinished', (request) => underWay.delete(request));
  page.on('requestfailed', (request) => underWay.delete(request));
  return underWay;
}

/**
 * Waits until the screen on the page has settled: its one h1 shown, nothing loading, no request under way, and
 * the same address at two looks in a row (a redirect, which follows the account's answer, done). What a test
 * waits for before it reads what is not there (a card that must not appear) or what must not have happened (a
 * shift, a call). Playwright's 'networkidle' waits 500 ms after the last request of every page instead.
 */
async function untilSettled(page: Page, underWay: Set<Request>, message = page.url()): Promise<void> {
  let lastLook = '';
  await expect
    .poll(
      async () => {
        const look = [
          page.url(),
          await page.locator('main h1').count(),
          await page.locator('[role="status"]:has-text("Loading")').count(),
          underWay.size,
        ].join(' ');
        const settled = look === lastLook && look.endsWith(' 1 0 0');
        lastLook = look;
        return settled;
      },
      { message },
    )
    .toBe(true);
}

export type OpenedPage = Awaited<ReturnType<typeof openPage>>;

/** An alert the page showed: its text and its role ('alert' for warnings and errors, 'status' otherwise). */
export interface ShownAlert {
  text: string;
  role: string;
}

/**
 * Runs in each document before the app: records every alert banner as it appears. An alert closes itself after
 * ALERT_AUTO_CLOSE_MS (3 s), which on a busy machine can pass between two looks of a test, so a test reads what
 * was shown rather than what still is. Each alert is a new element (keyed by its id), recorded once.
 */
function recordAlerts() {
  const shown: ShownAlert[] = [];
  const seen = new WeakSet<Element>();
  (window as unknown as { __alertsShown: ShownAlert[] }).__alertsShown = shown;
  new MutationObserver(() => {
    for (const message of Array.from(document.querySelectorAll('.alert__message'))) {
      if (seen.has(message)) continue;
      seen.add(message);
      shown.push({ text: message.textContent ?? '', role: message.getAttribute('role') ?? '' });
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Every alert this document has shown, oldest first, whether or not it has closed itself since. */
export async function alertsShown(page: Page): Promise<ShownAlert[]> {
  return page.evaluate(() => (window as unknown as { __alertsShown?: ShownAlert[] }).__alertsShown ?? []);
}

/**
 * The text of the latest alert this document has shown (the one on screen, or the last to close itself); with
 * `role`, the latest of that role ('alert': a warning or an error).
 */
export async function lastAlert(page: Page, role?: 'alert' | 'status'): Promise<string | undefined> {
  return (await alertsShown(page)).filter((alert) => role === undefined || alert.role === role).at(-1)?.text;
}

/**
 * Runs `body` on a page of its own (openPage) and closes the page's context afterwards, whether the body
 * passed or failed: a failing test leaves no page open to slow the file's later tests down.
 */
export async function withPage<T>(body: (opened: OpenedPage) => Promise<T>): Promise<T>;
export async function withPage<T>(
  options: BrowserContextOptions,
  body: (opened: OpenedPage) => Promise<T>,
): Promise<T>;
export async function withPage<T>(
  ...args: [(opened: OpenedPage) => Promise<T>] | [BrowserContextOptions, (opened: OpenedPage) => Promise<T>]
): Promise<T> {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  const opened = await openPage(options);
  try {
    return await body(opened);
  } finally {
    await opened.context.close();
  }
}

/** What a test expects to see among the page's problems: answers it asked to fail, and messages it caused. */
export interface ExpectedProblems {
  /** The HTTP statuses whose "Failed to load resource" note Chromium logs, e.g. /^4\d\d$/. */
  statuses?: RegExp;
  /** Console text the test causes on purpose (a failure the app reports). */
  messages?: RegExp;
}

const FAILED_TO_LOAD = /^console: Failed to load resource: the server responded with a status of (\d{3})/;

/**
 * The page's problems less the ones the test expects: the one console filter of the end-to-end files. Chromium
 * notes every non-2xx answer as a console error; a test that asks for a 404 or a 500 says which statuses.
 */
export function unexpectedProblems(problems: string[], expected: ExpectedProblems = {}): string[] {
  return problems.filter((problem) => {
    const status = FAILED_TO_LOAD.exec(problem)?.[1];
    if (status !== undefined && expected.statuses?.test(status)) return false;
    return !expected.messages?.test(problem);
  });
}

/**
 * Runs axe on the page and fails on any violation, naming each. Beyond axe's default rules it runs
 * `label-content-name-mismatch` (WCAG 2.5.3, still marked experimental by axe): a control's name must hold
 * its visible text.
 * Run in the page itself (legacy mode: the portal has no cross-origin frames, and the default mode opens a
 * second page per run to merge frames' results) and with the details of violations only (passes and
 * inapplicable rules are not itemised): the same rules over the same nodes, in less than half the time
 * (docs/testing.md, "The time budget"). e2e/tests/shell.test.ts shows it still finds each kind of fault.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

/**
 * What reads badly on a narrow screen, found from the layout (issue 15 item 9): the page scrolling sideways,
 * a table scrolling inside its card (the Reduce & Reward history), a phone number broken over two lines, the
 * alert banner over the screen's title, and chart labels that run into each other or are not shown (the
 * Tracker's figures and hours). Returns the problems, empty when the screen reads well.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    for (const scroller of Array.from(document.querySelectorAll<HTMLElement>('.rr-table__scroll'))) {
      if (scroller.scrollWidth > scroller.clientWidth + 1) {
        problems.push(
          `a history table overflows its card: ${scroller.scrollWidth} > ${scroller.clientWidth}`,
        );
      }
    }
    for (const phone of Array.from(document.querySelectorAll<HTMLElement>('a[href^="tel:"]'))) {
      if (phone.getClientRects().length > 1) problems.push(`the phone number ${phone.textContent} wraps`);
    }
    const title = document.querySelector('main h1')?.getBoundingClientRect();
    const alert = document.querySelector('.alert')?.getBoundingClientRect();
    if (title && alert && alert.bottom > title.top && alert.top < title.bottom) {
      problems.push('the alert banner covers the page title');
    }
    const shown = (element: Element | null) => {
      if (!element) return null;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' ? box : null;
    };
    for (const chart of Array.from(document.querySelectorAll('.usage-chart'))) {
      const columns = Array.from(chart.querySelectorAll('.usage-chart__column'));
      columns.forEach((column, index) => {
        const slot = column.getBoundingClientRect();
        const name = column.getAttribute('aria-label') ?? `column ${index}`;
        const hasFigure = !column.classList.contains('is-empty');
        for (const part of ['.usage-chart__primary', ...(hasFigure ? ['.usage-chart__value'] : [])]) {
          const box = shown(column.querySelector(part));
          if (!box) {
            problems.push(`${name}: ${part} is not shown`);
            continue;
          }
          if (box.left < slot.left - 0.5 || box.right > slot.right + 0.5) {
            problems.push(`${name}: ${part} is wider than its column`);
          }
        }
      });
      // Every text label of the chart (figures, hours, weekdays, dates, 'No data', marks) against every other:
      // the boxes of their glyphs never intersect (issue 26 item 2). Measured as ranges of their text, so a
      // label's box is its ink, not the cell it sits in.
      const labels = Array.from(
        chart.querySelectorAll<HTMLElement>('.usage-chart__columns [class*="usage-chart__"]'),
      )
        .filter((element) => element.children.length === 0 && (element.textContent ?? '').trim() !== '')
        .map((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const box = range.getBoundingClientRect();
          const style = getComputedStyle(element);
          const visible = box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
          const column = element.closest('.usage-chart__column')?.getAttribute('aria-label') ?? '';
          return visible ? { element, box, text: `"${element.textContent?.trim()}" (${column})` } : null;
        })
        .filter((label) => label !== null);
      // Each label reads across at 11 px or more (issue 26 item 14: hours at 10 px, written upwards).
      for (const { element, text } of labels) {
        const size = Number.parseFloat(getComputedStyle(element).fontSize);
        if (size < 11) problems.push(`the chart label ${text} is ${size} px`);
        for (let at: Element | null = element; at && at !== chart; at = at.parentElement) {
          const style = getComputedStyle(at);
          if (
            !style.writingMode.startsWith('horizontal') ||
            (style.transform !== 'none' && at !== element.closest('.usage-chart__action'))
          ) {
            problems.push(`the chart label ${text} does not read across`);
            break;
          }
        }
      }
      for (let i = 0; i < labels.length; i++) {
        for (let j = i + 1; j < labels.length; j++) {
          const a = labels[i];
          const b = labels[j];
          if (!a || !b) continue;
          const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          // Overlapping, or on the same line less than 1 px apart ('No dataNo data').
          if (down > 0.25 && across > -1) {
            problems.push(
              `the chart labels ${a.text} and ${b.text} overlap or touch (${across.toFixed(1)} x ${down.toFixed(1)} px)`,
            );
          }
        }
      }
    }
    // The Tracker's table of numbers, when open: a table wider than its region says that it scrolls, and its
    // title is never cut (issue 26 item 8).
    for (const table of Array.from(document.querySelectorAll<HTMLElement>('details.chart-table[open]'))) {
      const scroller = table.querySelector<HTMLElement>('.chart-table__scroll');
      const cue = shown(table.querySelector('.chart-table__cue'));
      if (scroller && scroller.scrollWidth > scroller.clientWidth + 1 && !cue) {
        problems.push(
          `the table of numbers is cut (${scroller.scrollWidth} > ${scroller.clientWidth} px) with no sign that it scrolls`,
        );
      }
      const region = (scroller ?? table).getBoundingClientRect();
      for (const title of Array.from(table.querySelectorAll('caption, .chart-table__caption'))) {
        const box = title.getBoundingClientRect();
        if (box.right > Math.min(region.right, width) + 0.5) {
          problems.push(`the table's title "${title.textContent}" is cut`);
        }
      }
    }
    // A negative zero reads as a debt of nothing (issue 26 item 10): never on a screen, in a table folded away too.
    const negativeZero = /-\$?0\.0+(?!\d*[1-9])/.exec(document.querySelector('main')?.textContent ?? '');
    if (negativeZero) problems.push(`a negative zero is shown: ${negativeZero[0]}`);
    // Text wraps between words only: a word (or a part of a hyphenated word) drawn on two lines, or a badge
    // drawn letter by letter, cannot be read. Each shown word is measured as a range of its text node.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const broken = new Set<string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('svg, script, style, [hidden], .visually-hidden, .sr-only')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\u00a0-]+/g)) {
        if (match[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
        if (rects.length === 0) continue;
        const lines = new Set(rects.map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.add(match[0]);
      }
    }
    for (const word of broken) problems.push(`the word "${word}" is broken across lines`);
    return problems;
  });
}

/**
 * The page's documents arrive without their first screen's answers (decision 0045), as when the server leaves a
 * call to the browser (a 5xx or a slow answer): for a test that answers the screen's calls itself with
 * `page.route`, which a carried answer would otherwise pass by. Call it before the test's own routes.
 */
export async function withoutFirstScreenAnswers(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      new RegExp(
        `\\s*<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ELEMENT_ID}">.*?</script>`,
        's',
      ),
      '',
    );
    await route.fulfill({ response, body });
  });
}

/** The status of the answer to a call (its path below the base) that the page's document carried (decision 0045). */
export async function carriedStatus(page: Page, path: string): Promise<number | undefined> {
  const text = await page.locator(`#${FIRST_SCREEN_ANSWERS_ELEMENT_ID}`).textContent();
  const answers = JSON.parse(text ?? '{}') as Record<string, { status: number }>;
  return Object.entries(answers).find(([key]) => key.split(':')[1]?.startsWith(`${path}?`))?.[1].status;
}

/**
 * Waits until the Tracker's week or day has answered: its chart, its message that the week (or day) has no data,
 * or its error. A week in progress has no whole day on a Monday, so a test that does not look at the columns
 * must not wait for them.
 */
export async function trackerAnswered(page: Page): Promise<void> {
  await page.locator('[data-testid=usage-error], [data-testid=no-data], .usage-chart').first().waitFor();
}
