/**
 * Nothing visible moves after the first paint (issue 32, target CLS 0): every data page of docs/screens.md is
 * opened at 320, 375 and 1280 px with a layout-shift observer set up before the document arrives, and once the
 * page has settled (its late cards shown, the network idle, no loading state) the sum of the shifts that no input
 * caused must be 0. A failure names each shifted element and the value of its shift.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, WIDTHS, withPage } from '../support/browser.ts';
import { type DataPageName, dataPages } from '../support/data-pages.ts';

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

describe('nothing moves after the first paint (CLS 0)', () => {
  describe.each(WIDTHS)('at %s px', (_width, viewport) => {
    it.each(dataPages)('$name', async ({ name, url }) => {
      const late = lateCards[name] ?? [];
      await withPage({ viewport }, async ({ page, context }) => {
        await context.addInitScript(recordShifts);
        await page.goto(`${baseUrl()}${url}`, { waitUntil: 'networkidle' });
        await expect.poll(() => page.locator('main h1').count(), { message: url }).toBe(1);
        await expect
          .poll(() => page.locator('[role="status"]:has-text("Loading")').count(), { message: url })
          .toBe(0);
        for (const testId of late) {
          await expect.poll(() => page.getByTestId(testId).count(), { message: `${url}: ${testId}` }).toBe(1);
        }
        const shifts = await shiftsOf(page);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        const named = shifts.map((shift) => `${shift.value.toFixed(4)}: ${shift.sources.join(', ')}`);
        expect({ total, shifts: named }, `${url} at ${viewport.width} px`).toEqual({ total: 0, shifts: [] });
      });
    });
  });
});
