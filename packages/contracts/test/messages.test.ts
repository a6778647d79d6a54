import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountIdSchema } from '../src/account.ts';
import { PUBLIC_ID_PATTERN } from '../src/limits.ts';
import { formatMessage, messages } from '../src/messages.ts';
import { paths } from '../src/paths.ts';

describe('messages', () => {
  it('fills the placeholders of the specification', () => {
    expect(formatMessage(messages.budgetUpdated, { amount: 40 })).toBe('Budget updated to $40 per week.');
    expect(formatMessage(messages.subscriptionFrequencyUpdated, { frequency: 'monthly' })).toBe(
      'Email subscription frequency updated to monthly.',
    );
    expect(formatMessage(messages.landingAccessRequest, { email: 'tracker@example.com' })).toBe(
      'Please click a link from a Tracker email to access your data. To request access to Tracker please contact us on tracker@example.com',
    );
  });

  it('leaves unknown placeholders alone', () => {
    expect(formatMessage('Hello {name}', {})).toBe('Hello {name}');
  });
});

describe('account ids', () => {
  it('accepts the demo ids and 22-character random ids', () => {
    for (const id of ['demo-home', 'demo-new', 'sgJV7SRL6VDlYvfqu9cw-w'])
      expect(accountIdSchema.parse(id)).toBe(id);
  });

  it('accepts exactly the URL-safe ids of 4 to 64 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (id) => {
        const valid = id.length >= 4 && id.length <= 64 && /^[A-Za-z0-9_-]*$/.test(id);
        expect(accountIdSchema.safeParse(id).success).toBe(valid);
        expect(PUBLIC_ID_PATTERN.test(id)).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('paths', () => {
  it('builds every screen link of docs/screens.md', () => {
    expect(paths.usage.href('demo-home')).toBe('/new/usage/demo-home');
    expect(paths.usage.href('demo-home', '2026-11-16')).toBe('/new/usage/demo-home/2026-11-16');
    expect(paths.usage.href('demo-home', '2026-11-16', 0)).toBe('/new/usage/demo-home/2026-11-16/0');
    expect(paths.event.href('demo-home', 'e1')).toBe('/ReduceAndReward/demo-home/Event/e1');
    expect(paths.happyHoursConfirmation.href('demo-home', '10am - 12pm')).toBe(
      '/day_time_saver/confirmation/demo-home/10am%20-%2012pm',
    );
    expect(paths.survey.href('demo-home', '2026-11-16')).toBe('/new/survey/demo-home/2026-11-16');
    expect(paths.smeSurvey.href('demo-business')).toBe('/new/sme_survey/demo-business');
  });

  it('keeps every link on the portal whatever its parameters hold (no open redirect)', () => {
    const hostile = [
      '//evil.com',
      '/\\evil.com',
      'https:evil.com',
      'https://evil.com',
      '%2F%2Fevil.com',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '..',
      '../../..//evil.com',
      '\t//evil.com',
    ];
    const origin = 'https://portal.example';
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(paths)),
        fc.oneof(fc.constantFrom(...hostile), fc.string()),
        fc.oneof(fc.constantFrom(...hostile), fc.string()),
        (path, first, second) => {
          const href = (path.href as (...args: string[]) => string)(first, second);
          const url = new URL(href, origin);
          expect(url.origin).toBe(origin);
          // A parameter never climbs out of its segment, except as a whole '.' or '..' segment (which URLs
          // resolve however it is escaped; no account or event id is one): still on the portal.
          const dotSegment = [first, second].some((value) => value === '.' || value === '..');
          if (!dotSegment) expect(url.pathname.startsWith(path.pattern.split('/:')[0] as string)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
