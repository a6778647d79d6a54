/**
 * Supply periods (decision 0034): each occupant of a premises sees only their own days of its meter. The
 * property: a previous and a next occupant of one NMI, split at a random move-in date, get from every
 * customer-facing endpoint exactly the answer that an account gets on a meter that only ever had that
 * occupant's reads (a control NMI). Whatever an endpoint computes (weeks, averages, forecast, export, plans,
 * Reduce & Reward baselines and results, Happy Hours' solar check, curtailment), a day that is not the
 * account's own would make the two answers differ. On PGlite and PostgreSQL.
 */
import {
  addDays,
  daysBetween,
  type EndpointSpec,
  endpointPath,
  endpoints,
  marketInstant,
  serverPrefixes,
  weekStart,
} from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import type { AccountRow } from '../../src/db/schema.ts';
import { generateNem12 } from '../../src/demo/nem12-generator.ts';
import type { UsageProfile } from '../../src/demo/usage-model.ts';
import { accountsOfNmi, findAccountByPublicId } from '../../src/domains/accounts/queries.ts';
import { closeAccount, createAccount, moveIn, rotateLink } from '../../src/domains/accounts/service.ts';
import { assignTariff, FROM_THE_START } from '../../src/domains/billing/tariff-store.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { inviteToHappyHours } from '../../src/domains/offers/happy-hours.ts';
import { inviteToHereForYou } from '../../src/domains/offers/reduce-and-be-rewarded.ts';
import { createEvent } from '../../src/domains/reduce-and-reward/events.ts';
import { settleEvents } from '../../src/domains/reduce-and-reward/settle-events.ts';
import { importCurtailment } from '../../src/domains/tracker/curtailment.ts';
import { testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const t = testAppForFile();

/** Days of meter history before today, in each run. */
const HISTORY_DAYS = 70;

const profile = (seed: number, solar: boolean): UsageProfile => ({
  seed,
  segment: 'residential',
  size: 0.7 + (seed % 7) / 10,
  solarKw: solar ? 4 : 0,
  controlledLoad: seed % 2 === 0,
});

async function importMeter(db: Database, nmi: string, usage: UsageProfile, from: string, to: string) {
  if (from > to) return;
  const text = [...generateNem12([{ nmi, profile: usage }], from, to)].join('');
  const result = await importNem12Source(db, textSource(`${nmi}-${from}.csv`, text));
  expect(result.status).toBe('imported');
}

const clientCode = () => t.config.client.clientCode;

async function newAccount(db: Database, nmi: string, publicId: string, supplyFrom?: string) {
  const account = await createAccount(db, {
    nmi,
    publicId,
    marketSegment: 'residential',
    clientCode: clientCode(),
    supplyFrom,
  });
  await assignTariff(db, account.id, 'TOU-2026', FROM_THE_START);
  return account;
}

/** Every customer-facing GET that shows what the account's meter data says, as the browser asks them. */
function customerRequests(publicId: string, weeks: readonly string[], first: string, eventIds: number[]) {
  const at = (endpoint: EndpointSpec, query: Record<string, string | number>, params?: object) =>
    `${serverPrefixes[endpoint.base]}${endpointPath(endpoint, params)}?${new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    )}`;
  const own = { account_id: publicId };
  const client = { client_code: clientCode() };
  return [
    at(endpoints.usage, own),
    ...weeks.map((from) => at(endpoints.usage, { ...own, from })),
    at(endpoints.exportCsv, { ...own, from: first, to: suiteToday() }),
    at(endpoints.plans, own),
    at(endpoints.customer, own),
    at(endpoints.happyHoursParticipant, client, { accountId: publicId }),
    at(endpoints.hereForYouParticipant, client, { accountId: publicId }),
    at(endpoints.drEvents, own),
    at(endpoints.eventResults, own),
    ...eventIds.flatMap((eventId) => [
      at(endpoints.eventResult, { ...own, event_id: eventId }),
      at(endpoints.eventProgress, { ...own, event_id: eventId }),
    ]),
  ];
}

/** The answers, with what names the account (its id, its events' ids) replaced by what it stands for. */
async function answersOf(account: AccountRow, weeks: readonly string[], first: string, eventIds: number[]) {
  const answers: string[] = [];
  for (const url of customerRequests(account.publicId, weeks, first, eventIds)) {
    const response = await t.app.inject({ method: 'GET', url });
    let body = response.body.replaceAll(account.publicId, '<account>');
    eventIds.forEach((id, index) => {
      body = body.replaceAll(`"id":${id},`, `"id":"<event ${index}>",`);
    });
    answers.push(
      `${url.replace(account.publicId, '<account>').replace(/event_id=\d+/, 'event_id')} ${response.statusCode} ${body}`,
    );
  }
  return answers;
}

let run = 0;

describe('supply periods: each occupant sees only their own days', () => {
  it('a previous and a next occupant of one NMI each get the answers of a meter that only they used', async () => {
    const today = suiteToday();
    const first = addDays(today, -HISTORY_DAYS);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: HISTORY_DAYS - 1 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 999 }),
        async (moveOffset, previousSolar, nextSolar, seed) => {
          run++;
          const db = t.db;
          const moveIn_ = addDays(first, moveOffset);
          const nmi = (kind: number) => `8${String(run).padStart(3, '0')}${kind}00000`;
          const [shared, previousOnly, nextOnly] = [nmi(1), nmi(2), nmi(3)];
          const previousUsage = profile(seed, previousSolar);
          const nextUsage = profile(seed + 1, nextSolar);
          const lastDay = addDays(today, -1);
          // The premises' meter: the previous occupant's days, then the next one's; each control meter has one.
          await importMeter(db, shared, previousUsage, first, addDays(moveIn_, -1));
          await importMeter(db, shared, nextUsage, moveIn_, lastDay);
          await importMeter(db, previousOnly, previousUsage, first, addDays(moveIn_, -1));
          await importMeter(db, nextOnly, nextUsage, moveIn_, lastDay);

          const previous = await newAccount(db, shared, `prev-${run}`);
          const previousControl = await newAccount(db, previousOnly, `prevc-${run}`);
          await closeAccount(db, previousControl.publicId, addDays(moveIn_, -1));
          const moved = await db.transaction((tx) =>
            moveIn(tx, {
              nmi: shared,
              publicId: `next-${run}`,
              marketSegment: 'residential',
              clientCode: clientCode(),
              supplyFrom: moveIn_,
            }),
          );
          expect(moved.closed?.id).toBe(previous.id);
          expect(moved.closed?.supplyTo).toBe(addDays(moveIn_, -1));
          await assignTariff(db, moved.account.id, 'TOU-2026', FROM_THE_START);
          const next = moved.account;
          const nextControl = await newAccount(db, nextOnly, `nextc-${run}`, moveIn_);

          const pairs = [
            [previous, previousControl],
            [next, nextControl],
          ] as const;
          const all = pairs.flat();
          const rows = await Promise.all(all.map((account) => findAccountByPublicId(db, account.publicId)));
          const accounts = rows.map((row) => row as AccountRow);
          // Happy Hours refuses a solar customer: whether it does is part of what each account must agree on.
          const invitations = new Map<string, string>();
          for (const account of accounts) {
            const outcome = await inviteToHappyHours(db, [account], clientCode()).then(
              () => 'invited',
              (error: Error) => error.message.replaceAll(account.publicId, '<account>'),
            );
            invitations.set(account.id, outcome);
          }
          await inviteToHereForYou(db, accounts, clientCode());
          // Curtailed days on both sides of the move, for the meters that had them.
          const curtailed = [addDays(first, 3), addDays(lastDay, -2)];
          await importCurtailment(
            db,
            [shared, previousOnly, nextOnly].flatMap((meter) =>
              curtailed
                .filter((date) =>
                  meter === previousOnly ? date < moveIn_ : meter === nextOnly ? date >= moveIn_ : true,
                )
                .map((date) => ({ nmi: meter, date, hours_curtailed: 2, kwh_curtailed: 3.5, benefit: 1.25 })),
            ),
          );
          // Each account its own events, one on each side of the move (an event's ranks are its invitees').
          const eventDays = [addDays(first, 20), addDays(lastDay, -1)];
          const eventsOf = new Map<string, number[]>();
          for (const account of all) {
            const ids: number[] = [];
            for (const day of eventDays) {
              const { event } = await createEvent(db, {
                clientCode: clientCode(),
                startsAt: marketInstant(day, 17 * 60),
                endsAt: marketInstant(day, 18 * 60),
                factor: -0.3,
                invite: [account.publicId],
              });
              ids.push(event.id);
            }
            eventsOf.set(account.id, ids);
          }
          await settleEvents(db, { clientCode: clientCode(), eventId: eventsOf.get(previous.id)?.[0] ?? 0 });
          await settleEvents(db, {
            clientCode: clientCode(),
            eventId: eventsOf.get(previousControl.id)?.[0] ?? 0,
          });

          const weeks: string[] = [];
          for (let week = weekStart(first); week <= today; week = addDays(week, 7)) weeks.push(week);
          for (const [account, control] of pairs) {
            const own = await answersOf(account, weeks, first, eventsOf.get(account.id) ?? []);
            const alone = await answersOf(control, weeks, first, eventsOf.get(control.id) ?? []);
            expect(invitations.get(account.id)).toBe(invitations.get(control.id));
            expect(own).toEqual(alone);
            // The answers hold the occupant's data: every week and the export answered, the export not empty.
            const answered = own.filter((answer) => / 200 /.test(answer)).length;
            expect(answered).toBeGreaterThan(weeks.length + 4);
            expect(own.find((answer) => answer.includes('/export?'))?.split('\n').length).toBeGreaterThan(48);
          }
        },
      ),
      { numRuns: 3 },
    );
    // Three runs of six accounts' year of reads through every customer GET: 20-27 s on the shared two cores.
  }, 120_000);
});

describe('supply periods: the commands that change them', () => {
  it('refuses a second account of the retailer on an NMI someone holds, and a close before the start', async () => {
    const nmi = '8999100000';
    const first = await newAccount(t.db, nmi, 'holder-1', '2026-01-01');
    await expect(newAccount(t.db, nmi, 'holder-2')).rejects.toThrow(
      /NMI 8999100000 is held by account holder-1 \(2026-01-01 to now \(open\)\)/,
    );
    await expect(closeAccount(t.db, first.publicId, '2025-12-31')).rejects.toThrow(/cannot close before/);
    await closeAccount(t.db, first.publicId, '2026-03-31');
    // Without --from, the next account starts the day after the last one closed.
    const second = await newAccount(t.db, nmi, 'holder-2');
    expect(second.supplyFrom).toBe('2026-04-01');
    // A correction that would overlap the next occupant is refused, naming it.
    await expect(closeAccount(t.db, first.publicId, '2026-04-15')).rejects.toThrow(
      'NMI 8999100000 is held by account holder-2 (2026-04-01 to now (open)): account holder-1 cannot hold it to 2026-04-15',
    );
  });

  it('lets one of many concurrent move-ins and creations on one NMI through, and refuses the rest clearly', async () => {
    const nmi = '8999300000';
    await newAccount(t.db, nmi, 'concurrent-0', '2026-01-01');
    const attempts = Array.from({ length: 8 }, (_, i) =>
      t.db.transaction((tx) =>
        i % 2 === 0
          ? createAccount(tx, {
              nmi,
              publicId: `concurrent-${i + 1}`,
              marketSegment: 'residential',
              clientCode: clientCode(),
              supplyFrom: `2026-02-0${i + 1}`,
            })
          : moveIn(tx, {
              nmi,
              publicId: `concurrent-${i + 1}`,
              marketSegment: 'residential',
              clientCode: clientCode(),
              supplyFrom: `2026-02-0${i + 1}`,
            }).then((moved) => moved.account),
      ),
    );
    const outcomes = await Promise.allSettled(attempts);
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as Error] : [],
    );
    for (const error of refused)
      expect(error.message).toMatch(
        /NMI 8999300000 is held by account concurrent-\d|Another account of this retailer holds NMI 8999300000/,
      );
    // However they interleaved, no day of the NMI has two holders.
    const holders = await accountsOfNmi(t.db, clientCode(), nmi);
    for (const [index, holder] of holders.entries()) {
      const next = holders[index + 1];
      if (next) expect(holder.supplyTo !== null && holder.supplyTo < (next.supplyFrom as string)).toBe(true);
    }
    expect(holders.length).toBeGreaterThanOrEqual(2);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(holders.length - 1);
  });

  it('offers no better plan to a customer whose supply has ended, and projects no day after it', async () => {
    const plans = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${serverPrefixes.api}${endpointPath(endpoints.plans)}?account_id=demo-home`,
        })
      ).json();
    expect((await plans()).better_offer).not.toBeNull();
    // Yesterday (demo-home's last day of data): the formula below holds on a quarter's first day too.
    const lastDay = addDays(suiteToday(), -1);
    await closeAccount(t.db, 'demo-home', lastDay);
    expect((await plans()).better_offer).toBeNull();
    const usage = await t.app.inject({
      method: 'GET',
      url: `${serverPrefixes.api}${endpointPath(endpoints.usage)}?account_id=demo-home`,
    });
    const { forecast } = usage.json();
    // The quarter's days up to the last one, all of them known: nothing to project.
    expect(forecast.days_projected).toBe(0);
    expect(forecast.days_with_data).toBe(daysBetween(forecast.quarter_start, lastDay) + 1);
  });

  it('gives a new link: the old id answers as unknown, the new one as the account', async () => {
    const account = await newAccount(t.db, '8999200000', 'rotate-me');
    const rotated = await rotateLink(t.db, account.publicId);
    expect(rotated.id).toBe(account.id);
    expect(rotated.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const usage = (id: string) =>
      t.app.inject({
        method: 'GET',
        url: `${serverPrefixes.api}${endpointPath(endpoints.usage)}?account_id=${id}`,
      });
    expect((await usage('rotate-me')).statusCode).toBe(401);
    expect((await usage(rotated.publicId)).statusCode).toBe(200);
  });
});
