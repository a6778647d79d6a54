/**
 * Every state change that keeps a history keeps it in the order the changes took effect, when many arrive at
 * once (issue 16 item 4), on PGlite and PostgreSQL: Reduce & Be Rewarded opt-ins and opt-outs (the weekly
 * settlement reads the history by time) and Happy Hours slot choices (the slot history billing reads). The
 * time of a change is taken inside the row lock, from the database's clock, so the history read by time
 * alternates and ends in the participant's state, with no two changes at the same instant.
 */

import { timeSlotIds } from '@portal/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  happyHoursParticipants,
  happyHoursSlots,
  hereForYouChanges,
  hereForYouParticipants,
} from '../../src/db/schema/offers.ts';
import { insertAccount } from '../../src/domains/accounts/queries.ts';
import { chooseSlot, inviteToHappyHours } from '../../src/domains/offers/happy-hours.ts';
import { inviteToHereForYou, setHereForYou } from '../../src/domains/offers/reduce-and-be-rewarded.ts';
import { testAppForFile } from '../helpers/app.ts';

const t = testAppForFile();

const TRIALS = 8;

it(`Reduce & Be Rewarded: 8 opt-ins and 8 opt-outs at once, ${TRIALS} times, leave a history in order`, async () => {
  for (let trial = 0; trial < TRIALS; trial++) {
    const account = await insertAccount(t.db, {
      publicId: `hfy-race-${trial}`,
      clientCode: t.config.client.clientCode,
      nmi: `60091000${String(trial).padStart(2, '0')}`,
    });
    await inviteToHereForYou(t.db, [account], t.config.client.clientCode);
    const wanted = Array.from({ length: 16 }, (_, i) => i % 2 === 0);
    await Promise.all(wanted.map((optedIn) => setHereForYou(t.db, account, optedIn)));

    const [participant] = await t.db
      .select()
      .from(hereForYouParticipants)
      .where(eq(hereForYouParticipants.accountId, account.id));
    // In microseconds, as stored (a Date keeps milliseconds only).
    const byTime = await t.db
      .select({
        id: hereForYouChanges.id,
        optedIn: hereForYouChanges.optedIn,
        micros: sql<string>`(extract(epoch from ${hereForYouChanges.changedAt}) * 1000000)::bigint::text`,
      })
      .from(hereForYouChanges)
      .where(eq(hereForYouChanges.accountId, account.id))
      .orderBy(asc(hereForYouChanges.changedAt), asc(hereForYouChanges.id));
    const label = `trial ${trial}: ${JSON.stringify(byTime.map((c) => [c.id, c.optedIn, c.micros]))}`;
    // Read by time, each change differs from the one before, at a later instant, and the last is the state.
    for (let i = 1; i < byTime.length; i++) {
      expect(byTime[i]?.optedIn, label).not.toBe(byTime[i - 1]?.optedIn);
      expect(BigInt(byTime[i]?.micros ?? 0) > BigInt(byTime[i - 1]?.micros ?? 0), label).toBe(true);
      expect(byTime[i]?.id, label).toBeGreaterThan(byTime[i - 1]?.id ?? 0);
    }
    expect(byTime.at(-1)?.optedIn, label).toBe(participant?.optedIn);
  }
});

it('Reduce & Be Rewarded: a change at the same reading of the clock as the one before still comes after it', async () => {
  // PGlite's clock moves in whole milliseconds, so changes in quick succession can read the same instant
  // (the race above found two); a clock set back (NTP) would put a change before the one it follows.
  const account = await insertAccount(t.db, {
    publicId: 'hfy-tick',
    clientCode: t.config.client.clientCode,
    nmi: '6009300000',
  });
  const instant = new Date('2026-11-02T01:00:00.000Z');
  await inviteToHereForYou(t.db, [account], t.config.client.clientCode, instant);
  await setHereForYou(t.db, account, false, instant);
  await setHereForYou(t.db, account, true, instant);
  await setHereForYou(t.db, account, false, new Date(instant.getTime() - 60_000));
  const history = await t.db
    .select({
      optedIn: hereForYouChanges.optedIn,
      micros: sql<string>`(extract(epoch from ${hereForYouChanges.changedAt}) * 1000000)::bigint::text`,
    })
    .from(hereForYouChanges)
    .where(eq(hereForYouChanges.accountId, account.id))
    .orderBy(asc(hereForYouChanges.id));
  const start = BigInt(instant.getTime()) * 1000n;
  expect(history).toEqual([
    { optedIn: true, micros: String(start) },
    { optedIn: false, micros: String(start + 1n) },
    { optedIn: true, micros: String(start + 2n) },
    { optedIn: false, micros: String(start + 3n) },
  ]);
  const [participant] = await t.db
    .select({
      micros: sql<string>`(extract(epoch from ${hereForYouParticipants.updatedAt}) * 1000000)::bigint::text`,
    })
    .from(hereForYouParticipants)
    .where(eq(hereForYouParticipants.accountId, account.id));
  expect(participant?.micros).toBe(String(start + 3n));
});

it(`Happy Hours: 8 slot choices at once, ${TRIALS} times, leave one choice in force, the participant's`, async () => {
  for (let trial = 0; trial < TRIALS; trial++) {
    const account = await insertAccount(t.db, {
      publicId: `hh-race-${trial}`,
      clientCode: t.config.client.clientCode,
      nmi: `60092000${String(trial).padStart(2, '0')}`,
    });
    await inviteToHappyHours(t.db, [account], t.config.client.clientCode);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        chooseSlot(t.db, account, timeSlotIds[i % timeSlotIds.length] as (typeof timeSlotIds)[number]),
      ),
    );
    const signedUp = results.filter((r) => r.status === 'fulfilled' && r.value.kind === 'signed_up');
    expect(signedUp).toHaveLength(1);
    const [participant] = await t.db
      .select()
      .from(happyHoursParticipants)
      .where(eq(happyHoursParticipants.accountId, account.id));
    const history = await t.db
      .select()
      .from(happyHoursSlots)
      .where(eq(happyHoursSlots.accountId, account.id))
      .orderBy(asc(happyHoursSlots.chosenAt));
    expect(history.at(-1)?.timeSlot).toBe(participant?.timeSlot);
    // Sign-up is the only change within 24 hours: a later choice waits (409) rather than overtaking it.
    expect(history).toHaveLength(1);
  }
});
