/**
 * A data page's first screen, opened fresh (no cached copy) at 320, 375 and 1280 px, as a customer opens it from
 * an email link:
 * - **in one round trip** (issue 32, decision 0045): its document carries its first screen's answers and the app
 *   draws the screen from them. Every GET the page sends to the three API bases while it loads is recorded: none
 *   may be one the document carried, and the only other ones allowed are named (the Tracker's offer card and
 *   quarter, which are not part of the week: decision 0045);
 * - **without moving** (issue 32, target CLS 0): a layout-shift observer is set up before the document arrives,
 *   and once the page has settled (its late cards shown, no request under way, no loading state) the sum of the
 *   shifts that no input caused must be 0. A failure names each shifted element and the value of its shift.
 * Both are read from the same visit of each page, so each page is loaded once per width for the two.
 */
import { FIRST_SCREEN_ANSWERS_ELEMENT_ID, serverPrefixes } from '@portal/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, WIDTHS, withPage } from '../support/browser.ts';
import { type DataPageName, dataPages } from '../support/data-pages.ts';

const apiPrefixes = Object.values(serverPrefixes);

/** The Tracker's calls that are not part of its first screen (decision 0045): the offer card and the quarter. */
const trackerLateCalls = /^\/api\/tracker\/(plans|quarter_comparison)\?/;

/** What the Tracker's week shows after its first paint, each asking for itself (decision 0045). */
const trackerLateCards = ['quarter-comparison', 'similar-homes', 'better-offer'];

/** The cards a page shows after its first paint, waited for before the shifts are summed. */
const lateCards: Partial<Record<DataPageName, string[]>> = {
  'Tracker week': trackerLateCards,
  'Tracker past week': trackerLateCards,
};

interface Shift {
  value: number;
  sources: string[];
}

/**
 * Records every layout shift without recent input from the start of the document, naming its elements as they
 * were when it happened (a node may be gone by the time the test reads it).
 */
function recordShifts(): void {
  const shifts: { value: number; sources: string[] }[] = [];
  (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
  const name = (node: Node | null): string => {
    if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : '(gone)';
    const testId = node.getAttribute('data-testid');
    const classes = node.getAttribute('class');
    return `<${node.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ''}${testId ? ` data-testid="${testId}"` : ''}>`;
  };
  const take = (entries: PerformanceEntryList) => {
    for (const entry of entries as unknown as {
      value: number;
      hadRecentInput: boolean;
      sources?: { node: Node | null }[];
    }[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => name(source.node)) });
    }
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  (window as unknown as { flushLayoutShifts: () => void }).flushLayoutShifts = () =>
    take(observer.takeRecords());
}

/** The shifts so far, once two frames have been drawn (a shift is reported with the frame that shows it). */
async function shiftsOf(page: Page): Promise<Shift[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const recorded = window as unknown as { layoutShifts: Shift[]; flushLayoutShifts: () => void };
    recorded.flushLayoutShifts();
    return recorded.layoutShifts;
  });
}

describe("a data page's first screen", () => {
  describe.each(WIDTHS)('at %s px', (_width, viewport) => {
    it.each(dataPages)(
      '$name: drawn from the answers its document carries, none asked for again, and nothing moves',
      async ({ name, url }) => {
        const allowed = name.startsWith('Tracker') ? trackerLateCalls : undefined;
        const late = lateCards[name] ?? [];
        await withPage({ viewport }, async ({ page, context, problems, settled }) => {
          await context.addInitScript(recordShifts);
          const asked: string[] = [];
          page.on('request', (request) => {
            const { pathname, search } = new URL(request.url());
            if (
              request.method() === 'GET' &&
              apiPrefixes.some((prefix) => pathname.startsWith(`${prefix}/`))
            ) {
              asked.push(`${pathname}${search}`);
            }
          });
          await page.goto(`${baseUrl()}${url}`);
          for (const testId of late) {
            await expect
              .poll(() => page.getByTestId(testId).count(), { message: `${url}: ${testId}` })
              .toBe(1);
          }
          await settled(url);

          const carried = await page
            .locator(`#${FIRST_SCREEN_ANSWERS_ELEMENT_ID}`)
            .textContent()
            .then((text) => Object.keys(JSON.parse(text ?? '{}') as object));
          expect(carried.length, `${url}: the document carries answers`).toBeGreaterThan(0);
          expect(
            asked.filter((path) => !allowed?.test(path)),
            url,
          ).toEqual([]);

          const shifts = await shiftsOf(page);
          const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
          const named = shifts.map((shift) => `${shift.value.toFixed(4)}: ${shift.sources.join(', ')}`);
          expect({ total, shifts: named }, `${url} at ${viewport.width} px`).toEqual({
            total: 0,
            shifts: [],
          });
          expect(problems).toEqual([]);
        });
      },
    );
  });
});
