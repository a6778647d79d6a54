/**
 * No dead ends (issue 26 item 7): every screen of an account reaches every place of that account in at most two
 * clicks, at 320 and 1280 px. The graph is built from what the browser shows: each screen's visible links inside
 * the portal (and, on the Tracker's week, a column, which opens its day), each followed to where it lands (the
 * offer screens redirect by the account's state). The places of an account are the screens its Tracker leads
 * to, however many clicks away; the screens reached only by an action or an email (the confirmations, the offer
 * expired page, the surveys, the opt-out pages) must lead back, and are checked as starting points.
 */
import { addDays, marketToday, paths, usageResponseSchema, weekStart } from '@portal/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, NARROW, type OpenedPage, withPage } from '../support/browser.ts';

const pastWeek = weekStart(addDays(marketToday(), -14));

/** The kind of screen an address shows (docs/screens.md's route table); null outside the portal's screens. */
function kindOf(pathname: string): string | null {
  const kinds: [RegExp, string][] = [
    [/^\/$/, 'landing'],
    [/^\/new\/usage\/[^/]+(\/\d{4}-\d{2}-\d{2})?\/?$/, 'tracker week'],
    [/^\/new\/usage\/[^/]+\/\d{4}-\d{2}-\d{2}\/\d$/, 'tracker day'],
    [/^\/new\/settings\//, 'settings'],
    [/^\/new\/feedback\//, 'feedback'],
    [/^\/new\/plans\//, 'plans'],
    [/^\/ReduceAndReward\/[^/]+\/?$/i, 'reduce & reward'],
    [/^\/ReduceAndReward\/[^/]+\/event\/[^/]+$/i, 'event'],
    [/^\/offer_expired\//, 'offer expired'],
    [/^\/day_time_saver\/signup\//, 'happy hours sign-up'],
    [/^\/day_time_saver\/change-timeslot-confirmation\//, 'happy hours change confirmation'],
    [/^\/day_time_saver\/change-timeslot\//, 'happy hours change slot'],
    [/^\/day_time_saver\/confirmation\//, 'happy hours confirmation'],
    [/^\/day_time_saver\/signup-already-completed\//, 'happy hours already registered'],
    [/^\/here_for_you\/opt_out\//, 'opt out'],
    [/^\/here_for_you\/opt_back_in\//, 'opt back in'],
    [/^\/new\/survey\//, 'survey'],
    [/^\/new\/sme_survey\//, 'sme survey'],
  ];
  return kinds.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/**
 * A graph of one-click moves, measured at one width, with where each address lands kept across widths. Each
 * address is opened once: where it lands and the links of the screen it lands on are read on the same visit.
 */
class LinkGraph {
  /** For each screen visited (where it landed), the addresses its links and columns lead to. */
  private readonly links = new Map<string, Set<string>>();
  constructor(
    private readonly opened: OpenedPage,
    private readonly landsOn: Map<string, string>,
  ) {}

  private get page(): Page {
    return this.opened.page;
  }

  /** Opens an address and waits until its screen has settled (where it lands, if it redirects). */
  private async settle(pathname: string): Promise<void> {
    await this.page.goto(`${baseUrl()}${pathname}`);
    await this.opened.settled(pathname);
  }

  /** Where an address ends up once the screen's redirects are done (a pathname). */
  async land(pathname: string): Promise<string> {
    const known = this.landsOn.get(pathname);
    if (known) return known;
    return this.visit(pathname);
  }

  /** The screens one click away from `pathname` (itself where it landed). */
  async next(pathname: string): Promise<Set<string>> {
    const targets = this.links.get(pathname) ?? (await this.readLinks(pathname));
    const landed = new Set<string>();
    for (const target of targets) landed.add(await this.land(target));
    return landed;
  }

  /** Opens an address and notes where it landed and the links of the screen there. */
  private async visit(pathname: string): Promise<string> {
    await this.settle(pathname);
    const landedOn = decodeURI(new URL(this.page.url()).pathname);
    this.landsOn.set(pathname, landedOn);
    if (!this.links.has(landedOn)) this.links.set(landedOn, await this.linksHere(landedOn));
    return landedOn;
  }

  /** The links of a screen whose links were not read at this width (where it landed at the other width). */
  private async readLinks(pathname: string): Promise<Set<string>> {
    await this.settle(pathname);
    const links = await this.linksHere(pathname);
    this.links.set(pathname, links);
    return links;
  }

  /**
   * The addresses the screen on the page leads to in one click: its visible links inside the portal and, on a
   * Tracker week, a column (a day). The column is clicked last: it leaves the screen.
   */
  private async linksHere(pathname: string): Promise<Set<string>> {
    const { page } = this;
    const origin = new URL(baseUrl()).origin;
    const hrefs = await page.$$eval('a[href]', (links) =>
      links
        .filter((link) => link.checkVisibility({ visibilityProperty: true }))
        .map((link) => (link as HTMLAnchorElement).href),
    );
    const targets = new Set<string>();
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin || url.pathname.startsWith('/api/')) continue;
      targets.add(decodeURI(url.pathname));
    }
    // The Tracker's week opens a day from its columns (buttons, docs/screens.md).
    if (kindOf(pathname) === 'tracker week') {
      const column = page.locator('.usage-chart__column:not(.is-empty)').first();
      if ((await column.count()) > 0) {
        await column.click();
        await page.waitForURL((url) => kindOf(url.pathname) === 'tracker day');
        targets.add(decodeURI(new URL(page.url()).pathname));
      }
    }
    return targets;
  }

  /** The kinds of screen within two clicks of `pathname`. */
  async withinTwo(pathname: string): Promise<Map<string, number>> {
    const reached = new Map<string, number>();
    const start = await this.land(pathname);
    reached.set(kindOf(start) ?? start, 0);
    const first = await this.next(start);
    for (const one of first) if (!reached.has(kindOf(one) ?? one)) reached.set(kindOf(one) ?? one, 1);
    for (const one of first) {
      for (const two of await this.next(one)) {
        if (!reached.has(kindOf(two) ?? two)) reached.set(kindOf(two) ?? two, 2);
      }
    }
    return reached;
  }

  /** Every kind of screen reachable from `pathname`, however many clicks away (one address of each kind followed). */
  async places(pathname: string): Promise<Set<string>> {
    const start = await this.land(pathname);
    const kinds = new Set<string>([kindOf(start) ?? start]);
    const followed = new Set([start]);
    // `forDay`: a week followed only for its days (below); what else it leads to is not a place of the Tracker.
    const queue = [{ from: start, forDay: false }];
    while (queue.length > 0) {
      const { from, forDay } = queue.shift() as { from: string; forDay: boolean };
      for (const to of await this.next(from)) {
        const kind = kindOf(to) ?? to;
        if (forDay && kind !== 'tracker day' && kind !== 'tracker week') continue;
        // A week without a whole day yet (Monday's, before its first day's data) has no column to open: the
        // weeks its arrows lead to are followed until one opens a day.
        const anotherWeek = kind === 'tracker week' && !kinds.has('tracker day') && !followed.has(to);
        if (kinds.has(kind) && !anotherWeek) continue;
        kinds.add(kind);
        followed.add(to);
        queue.push({ from: to, forDay: forDay || anotherWeek });
      }
    }
    return kinds;
  }
}

/** Each account's screens, as the every-screen test visits them (e2e/tests/shell.test.ts). */
const accounts: { id: string; areas: string[]; screens: string[] }[] = [
  {
    id: 'demo-home',
    areas: ['event', 'plans'],
    screens: [
      paths.usage.href('demo-home'),
      paths.usage.href('demo-home', pastWeek, 2),
      paths.settings.href('demo-home'),
      paths.feedback.href('demo-home'),
      paths.plans.href('demo-home'),
      paths.reduceAndReward.href('demo-home'),
      paths.offerExpired.href('demo-home'),
      paths.happyHoursSignup.href('demo-home'),
      paths.happyHoursChangeConfirmation.href('demo-home', '10:00-12:00'),
      paths.happyHoursConfirmation.href('demo-home', '10:00-12:00'),
      paths.happyHoursAlreadyRegistered.href('demo-home'),
      paths.optOut.href('demo-home'),
      paths.survey.href('demo-home'),
    ],
  },
  {
    id: 'demo-happy',
    areas: [],
    screens: [
      paths.usage.href('demo-happy'),
      paths.happyHoursChangeSlot.href('demo-happy'),
      paths.optBackIn.href('demo-happy'),
      paths.reduceAndReward.href('demo-happy'),
    ],
  },
  {
    id: 'demo-business',
    areas: [],
    screens: [paths.usage.href('demo-business'), paths.smeSurvey.href('demo-business')],
  },
];

/** Whether the account's week in progress has a day with data, as the portal under test sees its day. */
async function weekInProgressHasADay(accountId: string): Promise<boolean> {
  const response = await fetch(`${baseUrl()}/api/tracker/usage?account_id=${accountId}`);
  const usage = usageResponseSchema.parse(await response.json());
  return usage.current_week.intervals.some((day) => day.data.total_spend !== null);
}

describe('no dead ends', () => {
  const landsOn = new Map<string, string>();
  it.each([
    ['320', NARROW],
    ['1280', DESKTOP],
  ])(
    'every screen of an account reaches every place of it in at most two clicks at %s px',
    async (_width, viewport) => {
      await withPage({ viewport }, async (opened) => {
        const missing: string[] = [];
        for (const account of accounts) {
          const graph = new LinkGraph(opened, landsOn);
          const places = await graph.places(paths.usage.href(account.id));
          // The Tracker leads to the account's other areas: Reduce & Reward (and its events, for an account that
          // has some), Settings, Feedback, a day.
          for (const area of ['tracker day', 'reduce & reward', 'settings', 'feedback', ...account.areas]) {
            if (!places.has(area)) missing.push(`${account.id}: the Tracker never leads to ${area}`);
          }
          // While the week in progress has no day with data (a Monday), a day is one arrow further than the Tracker
          // (its previous week, then a column): two clicks from the Tracker, three from the other screens.
          const dayOneArrowAway = !(await weekInProgressHasADay(account.id));
          for (const screen of account.screens) {
            const reached = await graph.withinTwo(screen);
            for (const place of places) {
              if (place === 'tracker day' && dayOneArrowAway && screen !== paths.usage.href(account.id))
                continue;
              if (!reached.has(place))
                missing.push(`${account.id}: ${screen} does not reach ${place} in 2 clicks`);
            }
          }
        }
        expect(missing).toEqual([]);
      });
    },
    600_000,
  );
});
