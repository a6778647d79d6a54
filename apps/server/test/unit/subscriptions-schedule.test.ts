/** When snapshots are due and which period each reports (docs/email-snapshots.md), and where email links may lead. */
import { addDays, type EmailFrequency, eachDate } from '@portal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekRange } from '../../src/domains/subscriptions/email/view.ts';
import {
  isPortalPath,
  redirectLocation,
  signLink,
  verifyLink,
} from '../../src/domains/subscriptions/links.ts';
import {
  isMailingDay,
  nextMailingDate,
  periodBefore,
  periodsBefore,
  samePeriodLastYear,
  shownMailingDate,
} from '../../src/domains/subscriptions/schedule.ts';

describe('schedule', () => {
  it('schedules weekly snapshots on the next Monday and monthly ones on the next 1st, strictly after today', () => {
    expect(nextMailingDate('weekly', '2026-11-22')).toBe('2026-11-23'); // Sunday
    expect(nextMailingDate('weekly', '2026-11-23')).toBe('2026-11-30'); // a Monday: the next one
    expect(nextMailingDate('monthly', '2026-11-22')).toBe('2026-12-01');
    expect(nextMailingDate('monthly', '2026-12-01')).toBe('2027-01-01');
    expect(nextMailingDate('monthly', '2026-12-31')).toBe('2027-01-01');
  });

  it('never tells a customer a date that has passed: a missed mailing day answers the next one from today (issue 15 item 4)', () => {
    // Every day of two years, scheduled dates around it (a week, a month and more before; today; after).
    const wrong: string[] = [];
    for (const frequency of ['weekly', 'monthly'] as EmailFrequency[]) {
      for (const today of eachDate('2026-01-01', '2027-12-31')) {
        // The first mailing day from today, found by walking the calendar.
        let first = today;
        while (!isMailingDay(frequency, first)) first = addDays(first, 1);
        for (const offset of [-90, -45, -31, -30, -29, -8, -7, -6, -1, 0, 1, 6, 7, 40]) {
          const scheduled = addDays(today, offset);
          const shown = shownMailingDate(frequency, scheduled, today);
          if (shown !== (scheduled >= today ? scheduled : first))
            wrong.push(`${frequency} ${scheduled} on ${today}: ${shown}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(isMailingDay('weekly', '2026-11-23')).toBe(true); // a Monday
    expect(isMailingDay('weekly', '2026-11-24')).toBe(false);
    expect(isMailingDay('monthly', '2026-12-01')).toBe(true);
    expect(shownMailingDate('monthly', '2026-10-01', '2026-11-24')).toBe('2026-12-01');
    expect(shownMailingDate('weekly', '2026-10-05', '2026-11-24')).toBe('2026-11-30');
    expect(shownMailingDate('weekly', '2026-10-05', '2026-11-30')).toBe('2026-11-30');
  });

  it('reports the last complete week (Monday to Sunday) or month before the sending day', () => {
    expect(periodBefore('weekly', '2026-11-23')).toEqual({
      frequency: 'weekly',
      start: '2026-11-16',
      end: '2026-11-22',
    });
    // Sent late, on a Wednesday: still the week before that week's Monday.
    expect(periodBefore('weekly', '2026-11-25').start).toBe('2026-11-16');
    expect(periodBefore('monthly', '2026-12-01')).toEqual({
      frequency: 'monthly',
      start: '2026-11-01',
      end: '2026-11-30',
    });
    expect(periodBefore('monthly', '2026-03-01')).toMatchObject({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodBefore('monthly', '2027-01-01')).toMatchObject({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('finds the same period last year and the periods before it', () => {
    const week = periodBefore('weekly', '2026-11-23');
    expect(samePeriodLastYear(week)).toMatchObject({ start: '2025-11-17', end: '2025-11-23' }); // Monday to Sunday
    const month = periodBefore('monthly', '2024-03-01'); // February of a leap year
    expect(samePeriodLastYear(month)).toMatchObject({ start: '2023-02-01', end: '2023-02-28' });
    expect(periodsBefore(month, 2).map((period) => [period.start, period.end])).toEqual([
      ['2024-01-01', '2024-01-31'],
      ['2023-12-01', '2023-12-31'],
    ]);
    expect(periodsBefore(week, 1)[0]).toMatchObject({ start: '2026-11-09', end: '2026-11-15' });
  });

  it('names a week for people', () => {
    expect(weekRange('2026-11-16', '2026-11-22')).toBe('Monday 16 to Sunday 22 November 2026');
    expect(weekRange('2026-11-30', '2026-12-06')).toBe('Monday 30 November to Sunday 6 December 2026');
    expect(weekRange('2026-12-28', '2027-01-03')).toBe('Monday 28 December 2026 to Sunday 3 January 2027');
  });
});

describe('email links', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';

  it('accepts only paths of the portal web app', () => {
    for (const good of ['/new/usage/demo-home/2026-11-16', '/new/settings/demo-home', '/']) {
      expect(isPortalPath(good), good).toBe(true);
    }
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'new/usage',
      '/api/tracker/usage',
      '/api',
      '/new/usage\n/x',
      '',
    ]) {
      expect(isPortalPath(bad), bad).toBe(false);
    }
  });

  it('leads every path it accepts to a page of the portal itself, never another host or the API', () => {
    // Dot segments and empty segments collapse when a URL is resolved: '/.//evil.example' is the path
    // '//evil.example', which a browser reads as another host.
    const piece = fc.constantFrom(
      '/',
      '.',
      '..',
      '//',
      'evil.example',
      'api',
      '%2F',
      '\\',
      '@',
      ':',
      '?',
      '#',
      'a',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }).map((parts) => `/${parts.join('')}`),
        (path) => {
          if (!isPortalPath(path)) return;
          const to = new URL(redirectLocation(path), 'https://portal.example/api/email/click');
          expect(to.origin, path).toBe('https://portal.example');
          expect(to.pathname.startsWith('/api/') || to.pathname === '/api', path).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
    expect(isPortalPath('/.//evil.example')).toBe(false);
  });

  it('verifies its own tokens and refuses altered ones', () => {
    const token = signLink(secret, { k: 'click', a: 'demo-home', p: '/new/settings/demo-home' });
    expect(verifyLink(secret, token)).toMatchObject({
      k: 'click',
      a: 'demo-home',
      p: '/new/settings/demo-home',
    });
    expect(verifyLink(`${secret}x`, token)).toBeNull();
    expect(verifyLink(secret, `${token}x`)).toBeNull();
    expect(verifyLink(secret, `x${token}`)).toBeNull();
    expect(verifyLink(secret, `${token}.extra`)).toBeNull();
    expect(() => signLink(secret, { k: 'click', a: 'demo-home', p: 'https://evil.example' })).toThrow();
  });
});
