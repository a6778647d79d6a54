/**
 * The loop every email command shares (claim-deliver.ts): claims until a claim has nothing more, delivering
 * what is pending after each claim; counts claims and outcomes; stops before its next step once aborted; and
 * the hand-over's two answers (a permanent refusal skips, anything else is thrown).
 */
import { describe, expect, it } from 'vitest';
import { claimThenDeliver, handOver } from '../../src/domains/subscriptions/claim-deliver.ts';
import type { Mailer, OutgoingEmail } from '../../src/domains/subscriptions/mailer.ts';

type Outcome = { status: 'sent' | 'skipped' | 'cancelled'; id: number };

/** A queue of claims (each the outcomes it makes pending) and a log of the steps taken. */
function fake(claims: Outcome['status'][][], more?: (index: number) => boolean) {
  const pending: Outcome[] = [];
  const log: string[] = [];
  let next = 0;
  let index = 0;
  return {
    log,
    claim: async () => {
      const batch = claims[index] ?? [];
      log.push(`claim ${batch.length}`);
      for (const status of batch) pending.push({ status, id: ++next });
      const answer = more ? { claimed: batch.length, more: more(index) } : { claimed: batch.length };
      index++;
      return answer;
    },
    deliverOne: async () => {
      const outcome = pending.shift() ?? null;
      log.push(outcome ? `deliver ${outcome.id}` : 'none');
      return outcome;
    },
  };
}

const counts = () => ({ claimed: 0, sent: 0, skipped: 0, cancelled: 0 });

describe('claimThenDeliver', () => {
  it('delivers after each claim and stops at the first claim of nothing, counting each', async () => {
    const steps = fake([['sent', 'skipped'], ['cancelled'], []]);
    const summary = counts();
    const seen: number[] = [];
    await claimThenDeliver({ ...steps, counts: summary, onOutcome: (outcome) => seen.push(outcome.id) });
    expect(steps.log).toEqual([
      'claim 2',
      'deliver 1',
      'deliver 2',
      'none',
      'claim 1',
      'deliver 3',
      'none',
      'claim 0',
      'none',
    ]);
    expect(summary).toEqual({ claimed: 3, sent: 1, skipped: 1, cancelled: 1 });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('goes on while the claim says there is more to look at, even when it claimed nothing', async () => {
    const steps = fake([[], ['sent'], []], (index) => index < 2);
    const summary = counts();
    await claimThenDeliver({ ...steps, counts: summary });
    expect(steps.log.filter((line) => line.startsWith('claim'))).toEqual(['claim 0', 'claim 1', 'claim 0']);
    expect(summary).toEqual({ claimed: 1, sent: 1, skipped: 0, cancelled: 0 });
  });

  it('stops before its next email once aborted, leaving the rest pending', async () => {
    const steps = fake([['sent', 'sent', 'sent']]);
    const controller = new AbortController();
    const summary = counts();
    await claimThenDeliver({
      ...steps,
      counts: summary,
      signal: controller.signal,
      onOutcome: () => controller.abort(),
    });
    expect(steps.log).toEqual(['claim 3', 'deliver 1']);
    expect(summary).toEqual({ claimed: 3, sent: 1, skipped: 0, cancelled: 0 });
  });
});

describe('handOver', () => {
  const email = { to: 'a@customers.example' } as OutgoingEmail;
  const mailer = (send: Mailer['send']) => ({ kind: 'smtp', send, close: () => {} }) as unknown as Mailer;

  it('answers sent with where it went, skipped for a permanent refusal, and throws anything else', async () => {
    expect(
      await handOver(
        mailer(async () => ({ deliveredTo: 'smtp' })),
        email,
      ),
    ).toEqual({
      status: 'sent',
      deliveredTo: 'smtp',
    });
    const refused = Object.assign(new Error('550 no such user'), { responseCode: 550 });
    expect(
      await handOver(
        mailer(async () => {
          throw refused;
        }),
        email,
      ),
    ).toEqual({ status: 'skipped', reason: 'refused by the mail server: 550 no such user' });
    const later = Object.assign(new Error('451 try again later'), { responseCode: 451 });
    await expect(
      handOver(
        mailer(async () => {
          throw later;
        }),
        email,
      ),
    ).rejects.toThrow('451 try again later');
  });
});
