import { describe, expect, it } from 'vitest';
import { endpoints } from '../src/endpoints.ts';
import { callKey, firstScreenCalls, keyOfCall } from '../src/first-screen.ts';
import { paths } from '../src/paths.ts';
import { patternParams } from '../src/route-screens.ts';

const context = { clientCode: 'BRIGHTSIDE', now: new Date('2026-11-26T22:00:00Z') }; // Friday 27 Nov AEST
const keys = (pathname: string) => firstScreenCalls(pathname, context).map(keyOfCall);

describe('firstScreenCalls', () => {
  it("names the Tracker's week: of the URL's date, else this week (AEST)", () => {
    const similar = 'api:/tracker/similar_homes?account_id=demo-home';
    expect(keys('/new/usage/demo-home')).toEqual([
      'api:/tracker/usage?account_id=demo-home&from=2026-11-23',
      similar,
    ]);
    expect(keys('/new/usage/demo-home/2026-11-19/3')).toEqual([
      'api:/tracker/usage?account_id=demo-home&from=2026-11-16',
      similar,
    ]);
    expect(keys('/new/usage/demo-home/not-a-date')).toEqual([
      'api:/tracker/usage?account_id=demo-home&from=2026-11-23',
      similar,
    ]);
  });

  it("names each listed event's result after the event list, and an event's progress only for a well-formed id", () => {
    const [history, upcoming] = firstScreenCalls('/ReduceAndReward/demo-home', context);
    expect(keyOfCall(upcoming as never)).toBe('reduceAndReward:/dr_events/upcoming?account_id=demo-home');
    expect(
      history?.followedBy?.({ dr_events: [{ dr_event: { id: 7 } }, { dr_event: { id: 9 } }] }).map(keyOfCall),
    ).toEqual([
      'reduceAndReward:/dr_events/event_result?account_id=demo-home&event_id=7',
      'reduceAndReward:/dr_events/event_result?account_id=demo-home&event_id=9',
    ]);
    expect(history?.followedBy?.({})).toEqual([]);
    expect(keys('/reduceandreward/demo-home/event/12')).toEqual([
      'reduceAndReward:/tracker/dr_events?account_id=demo-home',
      'reduceAndReward:/dr_events/event_progress?account_id=demo-home&event_id=12',
      'reduceAndReward:/dr_events/announced_target?account_id=demo-home&event_id=12',
    ]);
    expect(keys('/ReduceAndReward/demo-home/Event/e1')).toEqual([
      'reduceAndReward:/tracker/dr_events?account_id=demo-home',
    ]);
  });

  it('names nothing for a page without data or without an account', () => {
    for (const pathname of [
      '/',
      '/new/feedback/demo-home',
      '/new/usage',
      '/offer_expired/demo-home',
      '/nowhere',
    ]) {
      expect(keys(pathname), pathname).toEqual([]);
    }
  });

  it('decodes the account id as the router does', () => {
    expect(patternParams(paths.usage.pattern, '/new/usage/a%20b')).toEqual({ accountId: 'a b' });
    expect(keys('/new/settings/demo%2Dhome')).toEqual([
      'api:/tracker/subscription?account_id=demo-home',
      'api:/tracker/budget_alert?account_id=demo-home',
    ]);
  });
});

describe('callKey', () => {
  it('is the same whatever the order of the query, and leaves out null and undefined', () => {
    expect(
      callKey('api', '/tracker/usage', { from: '2026-11-23', account_id: 'x', none: null, gone: undefined }),
    ).toBe(callKey('api', '/tracker/usage', { account_id: 'x', from: '2026-11-23' }));
    expect(
      keyOfCall({
        endpoint: endpoints.happyHoursParticipant,
        params: { accountId: 'a/b' },
        query: { client_code: 'C' },
      }),
    ).toBe('innovativeBilling:/daytime_saver_participants/a%2Fb?client_code=C');
  });
});
