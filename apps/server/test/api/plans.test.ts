/**
 * GET /api/tracker/plans (issue 17, docs/plans.md) on the demo data: the outcomes the demo promises, the
 * current plan's year equal to the Tracker's own priced days, the access rules and error shape, and an answer
 * that follows the plans on offer.
 */
import {
  addDays,
  betterOfferLine,
  errorResponseSchema,
  formatCurrency,
  PLAN_YEAR_DAYS,
  planCopy,
  plansResponseSchema,
} from '@portal/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import { type AccountRow, accounts, meterReads } from '../../src/db/schema.ts';
import { findAccountByPublicId } from '../../src/domains/accounts/queries.ts';
import { demoPlans } from '../../src/domains/billing/demo-tariffs.ts';
import { toDollars } from '../../src/domains/billing/money.ts';
import { storedDays } from '../../src/domains/billing/priced-days-reads.ts';
import { assignTariff, importTariffs } from '../../src/domains/billing/tariff-store.ts';
import { previewSnapshot } from '../../src/domains/subscriptions/sender.ts';
import { createPlansCache, plansFor } from '../../src/domains/tracker/plans-service.ts';
import { roundToCent } from '../../src/domains/tracker/week.ts';
import { buildTestApp, type TestApp, testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const t = testAppForFile();

async function plans(query: Record<string, string>, remoteAddress = '10.30.0.1') {
  return t.app.inject({ method: 'GET', url: '/api/tracker/plans', query, remoteAddress });
}
async function plansOf(accountId: string) {
  const response = await plans({ account_id: accountId });
  expect(response.statusCode).toBe(200);
  return plansResponseSchema.parse(response.json());
}

describe('GET /api/tracker/plans', () => {
  it('shows demo-home a better offer: Flat with Hot Water, cheaper than its time-of-use plan', async () => {
    const body = await plansOf('demo-home');
    const today = suiteToday();
    expect(body).toMatchObject({
      account_id: 'demo-home',
      from: addDays(today, -PLAN_YEAR_DAYS),
      to: addDays(today, -1),
      days_with_data: PLAN_YEAR_DAYS,
      scaled: false,
      enough_data: true,
      gst_included: true,
      min_saving: 50,
    });
    expect(body.method).toBe(
      'Worked out from your last 12 months of meter data (365 days). Prices include GST.',
    );
    // Residential with a hot-water circuit and no solar: its own plan and the three residential plans open to it.
    expect(body.plans.map((plan) => plan.code).sort()).toEqual(
      ['PLAN-FLAT-2026', 'PLAN-FLAT-CL-2026', 'PLAN-TOU-2026', 'TOU-2026'].sort(),
    );
    expect(body.plans[0]?.code).toBe('PLAN-FLAT-CL-2026');
    const current = body.plans.find((plan) => plan.current);
    expect(current).toMatchObject({ code: 'TOU-2026', on_offer: false, saving: 0 });
    for (const plan of body.plans) {
      // Cheapest first, parts adding up as shown, savings the differences of the shown totals.
      expect(Math.round((plan.usage + plan.supply - plan.solar_credit - plan.concession) * 100)).toBe(
        Math.round(plan.yearly_cost * 100),
      );
      expect(Math.round((plan.saving ?? 0) * 100)).toBe(
        Math.round(((current?.yearly_cost ?? 0) - plan.yearly_cost) * 100),
      );
    }
    const costs = body.plans.map((plan) => plan.yearly_cost);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(body.better_offer).toEqual({
      code: 'PLAN-FLAT-CL-2026',
      name: 'Flat with Hot Water',
      yearly_saving: body.plans[0]?.saving,
    });
    expect(body.better_offer?.yearly_saving).toBeGreaterThanOrEqual(50);
  });

  it("prices demo-happy's own plan exactly as the Tracker did, and finds it already the cheapest", async () => {
    const body = await plansOf('demo-happy');
    expect(body.better_offer).toBeNull();
    expect(body.plans[0]).toMatchObject({ code: 'FLAT-2026', current: true });
    // demo-happy has been on FLAT-2026 all along: its year is the sum of the Tracker's priced days.
    const [account] = await t.db.select().from(accounts).where(eq(accounts.publicId, 'demo-happy'));
    const stored = await storedDays(t.db, account as { id: string; nmi: string }, body.from, body.to);
    const exact = stored.reduce((sum, day) => sum + (day.spend?.totalSpend ?? 0n), 0n);
    expect(stored.filter((day) => day.spend)).toHaveLength(PLAN_YEAR_DAYS);
    expect(body.plans[0]?.yearly_cost).toBe(toDollars(roundToCent(exact)));
    // Happy Hours apply to every plan alike, and say so.
    expect(body.plans[0]?.how).toContain(
      'Usage in your Happy Hours is free on weekdays, as it is on your plan today.',
    );
  });

  it('offers the solar plan only to demo-solar and the business plan only to demo-business', async () => {
    const solar = await plansOf('demo-solar');
    expect(solar.plans.map((plan) => plan.code)).toContain('PLAN-SOLAR-2026');
    expect(solar.plans.map((plan) => plan.code)).not.toContain('PLAN-FLAT-CL-2026');
    const business = await plansOf('demo-business');
    expect(business.plans.map((plan) => plan.code).sort()).toEqual(['PLAN-BIZ-FLAT-2026', 'TOU-2026']);
    expect(business.better_offer).toBeNull();
  });

  it('refuses to compare without enough data, and says why', async () => {
    const body = await plansOf('demo-new');
    expect(body).toMatchObject({ enough_data: false, days_with_data: 0, plans: [], better_offer: null });
    expect(body.method).toBe(
      'We need at least 90 days of your meter data from the last 12 months to compare plans, and we have 0.',
    );
  });

  it.each([
    [{ account_id: 'x' }, 422],
    [{ account_id: 'nobody-here' }, 401],
    [{ account_id: 'demo-other' }, 403],
    [{}, 422],
  ])('answers %j with %i in the error shape', async (query, status) => {
    const response = await plans(query as Record<string, string>, `10.31.${status}.1`);
    expect(response.statusCode).toBe(status);
    errorResponseSchema.parse(response.json());
  });

  it.each(['weekly', 'monthly'] as const)(
    'puts the better offer in the %s email snapshot, and only then',
    async (frequency) => {
      const home = await previewSnapshot({ db: t.db, config: t.config, publicId: 'demo-home', frequency });
      if ('skip' in home) throw new Error(home.skip);
      const offer = (await plansOf('demo-home')).better_offer;
      const line = betterOfferLine(offer?.name ?? '', formatCurrency(offer?.yearly_saving ?? 0));
      expect(home.email.text).toContain(
        `${planCopy.betterOfferTitle}\n${line}\n${planCopy.betterOfferLink}:\n`,
      );
      expect(home.email.html).toContain(line);
      const happy = await previewSnapshot({ db: t.db, config: t.config, publicId: 'demo-happy', frequency });
      if ('skip' in happy) throw new Error(happy.skip);
      expect(happy.email.text).not.toContain(planCopy.betterOfferTitle);
    },
  );

  it('keeps the answer for the usage version: a second view prices nothing, a plan change prices again', async () => {
    const [account] = await t.db.select().from(accounts).where(eq(accounts.publicId, 'demo-business'));
    const row = account as NonNullable<typeof account>;
    const cache = createPlansCache(2 ** 20);
    const first = await plansFor(t.db, row, 50, { cache });
    expect(await plansFor(t.db, row, 50, { cache })).toBe(first);
    // A plan change raises the account's usage version (decision 0019): the comparison is made again.
    await assignTariff(t.db, row.id, 'PLAN-BIZ-FLAT-2026', suiteToday());
    const after = await plansFor(t.db, row, 50, { cache });
    expect(after).not.toBe(first);
    expect(after.plans.find((plan) => plan.current)?.code).toBe('PLAN-BIZ-FLAT-2026');
  });

  it('follows the plans on offer: a new cheaper plan is in the next answer', async () => {
    const before = await plansOf('demo-happy');
    expect(before.better_offer).toBeNull();
    const cheap = {
      ...(demoPlans[0] as (typeof demoPlans)[number]),
      code: 'PLAN-CHEAP-2026',
      name: 'Cheap',
      supply_cents_per_day: '80.00',
    };
    await importTariffs(t.db, [cheap]);
    const after = await plansOf('demo-happy');
    expect(after.better_offer?.code).toBe('PLAN-CHEAP-2026');
  });

  it('is in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.json().paths['/api/tracker/plans']?.get).toBeDefined();
  });
});

describe('two apps in one process', () => {
  it("keep their own plans answers: one app's never shows in the other after the other's data changed", async () => {
    // Two databases copied from one template: the same accounts, ids and usage versions.
    const [first, second] = [await buildTestApp(), await buildTestApp()];
    onTestFinished(async () => {
      await first.close();
      await second.close();
    });
    // The last month of demo-solar's reads replaced behind the portal (psql): the same change of version in both,
    // other reads in each.
    const replaceReads = async (db: Database, microKwh: number) => {
      const account = await findAccountByPublicId(db, 'demo-solar');
      await db
        .update(meterReads)
        .set({
          intervalValues: sql`array_fill(${microKwh}::bigint, array[array_length(${meterReads.intervalValues}, 1)])`,
        })
        .where(
          and(
            eq(meterReads.nmi, account?.nmi as string),
            gte(meterReads.readDate, addDays(suiteToday(), -30)),
          ),
        );
    };
    const plansIn = async (app: TestApp) => {
      const response = await app.app.inject({
        method: 'GET',
        url: '/api/tracker/plans?account_id=demo-solar',
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    await replaceReads(first.db, 50_000);
    await replaceReads(second.db, 400_000);
    const inFirst = await plansIn(first);
    const inSecond = await plansIn(second);
    // Built from scratch: no cache.
    const fromScratch = await plansFor(
      second.db,
      (await findAccountByPublicId(second.db, 'demo-solar')) as AccountRow,
      second.config.env.BETTER_OFFER_MIN_SAVING,
    );
    expect(inSecond).toEqual(JSON.parse(JSON.stringify(fromScratch)));
    expect(inSecond.plans).not.toEqual(inFirst.plans);
  });
});
