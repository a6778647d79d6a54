/**
 * A genuine email link replayed cannot raise `email_click_count` (which prompts the survey) without limit
 * (issue 16 item 10): each link counts once per account and AEST day, however often and however many at once
 * it is followed; another link counts on its own; each click still redirects. On PostgreSQL (on
 * PGlite in a run without it: decision 0059).
 */
import { marketInstant } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { expect, it, onTestFinished, vi } from 'vitest';
import { emailLinkClicks } from '../../src/db/schema/subscriptions.ts';
import { accounts } from '../../src/db/schema.ts';
import { linkSecret, signLink } from '../../src/domains/subscriptions/links.ts';
import { testAppForFile } from '../helpers/app.ts';

const t = testAppForFile();

const clicks = async (publicId: string) => {
  const [row] = await t.db
    .select({ count: accounts.emailClickCount, id: accounts.id })
    .from(accounts)
    .where(eq(accounts.publicId, publicId));
  return row as { count: number; id: string };
};
const follow = (token: string) => t.app.inject({ url: '/api/email/click', query: { t: token } });

it('counts each link once a day, however often and however many at once it is followed', async () => {
  const secret = await linkSecret(t.db, t.config);
  const usage = signLink(secret, { k: 'click', a: 'demo-solar', p: '/new/usage/demo-solar' });
  const settings = signLink(secret, { k: 'click', a: 'demo-solar', p: '/new/settings/demo-solar' });
  const before = (await clicks('demo-solar')).count;

  for (let i = 0; i < 5; i++) {
    const response = await follow(usage);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/new/usage/demo-solar');
  }
  const together = await Promise.all(Array.from({ length: 30 }, () => follow(usage)));
  expect(together.map((response) => response.statusCode)).toEqual(together.map(() => 302));
  expect((await clicks('demo-solar')).count).toBe(before + 1);

  await Promise.all(Array.from({ length: 10 }, () => follow(settings)));
  expect((await clicks('demo-solar')).count).toBe(before + 2);
});

it("keeps only today's clicks: yesterday's rows go as the next click is recorded", async () => {
  const secret = await linkSecret(t.db, t.config);
  const { id, count } = await clicks('demo-business');
  const link = signLink(secret, { k: 'click', a: 'demo-business', p: '/new/usage/demo-business' });
  // A fixed now at 00:30 AEST, when the UTC date is still the day before: "today" is the market's, whatever the
  // day the suite runs on (issue 40).
  vi.useFakeTimers({ toFake: ['Date'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  vi.setSystemTime(marketInstant('2026-06-11', 30));
  await t.db.insert(emailLinkClicks).values({ accountId: id, link: 'an-old-link', day: '2026-06-10' });
  await follow(link);
  const rows = await t.db.select().from(emailLinkClicks).where(eq(emailLinkClicks.accountId, id));
  expect(rows.map((row) => row.day)).toEqual(['2026-06-11']);
  expect((await clicks('demo-business')).count).toBe(count + 1);
});
