/**
 * Both Happy Hours confirmations for every state of the participant (issue 26 item 3): they say what the
 * server holds, never the slot in the address. Not invited goes to the offer-expired page, invited but not
 * signed up (or no longer signed up) to the sign-up page, signed up to another slot shows (and puts in the
 * address) the customer's own slot, another retailer's account and a failed look-up say so without a
 * welcome.
 */
import {
  addDays,
  type DaytimeSaverParticipant,
  formatMessage,
  formatWeekdayDate,
  happyHoursCopy,
  happyHoursNotices,
  marketToday,
  messages,
  paths,
  screenTitles,
} from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertBanner } from '../../../shared/components/alert-banner.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChangeConfirmationPage, SignupConfirmationPage } from './message-pages.tsx';

const today = marketToday();
const notSignedUp: DaytimeSaverParticipant = {
  opted_in: false,
  time_slot: null,
  effective_date: null,
  active_time_slot: null,
  next_change_at: null,
};
/** Signed up weeks ago to 1pm - 3pm. */
const signedUpLongAgo: DaytimeSaverParticipant = {
  opted_in: true,
  time_slot: '13:00-15:00',
  effective_date: addDays(today, -40),
  active_time_slot: '13:00-15:00',
  next_change_at: null,
};
/** Just signed up (or changed) to 1pm - 3pm, starting on a later weekday; 10am - 12pm in force until then. */
const startingLater: DaytimeSaverParticipant = {
  opted_in: true,
  time_slot: '13:00-15:00',
  effective_date: addDays(today, 3),
  active_time_slot: '10:00-12:00',
  next_change_at: null,
};

function Elsewhere() {
  return <p data-testid="elsewhere">{decodeURIComponent(useLocation().pathname)}</p>;
}

function stubParticipant(status: number, body?: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      status === 200
        ? new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ error: { code: 'X', message: String(body ?? 'no') } }), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
    ),
  );
}

const pages = [
  {
    name: 'sign-up confirmation',
    pattern: paths.happyHoursConfirmation.pattern,
    href: paths.happyHoursConfirmation.href,
    Page: SignupConfirmationPage,
    title: screenTitles.happyHoursSignupConfirmation,
  },
  {
    name: 'change confirmation',
    pattern: paths.happyHoursChangeConfirmation.pattern,
    href: paths.happyHoursChangeConfirmation.href,
    Page: ChangeConfirmationPage,
    title: screenTitles.happyHoursChangeConfirmation,
  },
] as const;

/** The address's slot is 11am - 1pm in every test: never the customer's. */
function render(page: (typeof pages)[number]) {
  const { Page } = page;
  return renderWithProviders(
    <>
      <AlertBanner />
      <Routes>
        <Route path={page.pattern} element={<Page />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </>,
    { path: page.href('acct-1', '11am - 1pm') },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe.each(pages)('$name for every state of the participant', (page) => {
  it('not invited (404): goes to the offer-expired page', async () => {
    stubParticipant(404, 'Account not found for this offer');
    render(page);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.offerExpired.href('acct-1'));
  });

  it('invited, not signed up (or no longer): goes to the sign-up page', async () => {
    stubParticipant(200, notSignedUp);
    render(page);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.happyHoursSignup.href('acct-1'));
  });

  it('signed up to another slot than the address: shows the customer’s slot, in the address too', async () => {
    stubParticipant(200, signedUpLongAgo);
    render(page);
    const text = await screen.findByTestId('confirmation-text');
    expect(text.textContent).toContain('1pm - 3pm');
    expect(document.body.textContent).not.toContain('11am - 1pm');
    const date = formatWeekdayDate(signedUpLongAgo.effective_date as string);
    expect(text.textContent).toBe(
      page.name === 'sign-up confirmation'
        ? formatMessage(happyHoursNotices.confirmationSince, { slot: '1pm - 3pm', date })
        : formatMessage(happyHoursNotices.changeInForce, { slot: '1pm - 3pm', date }),
    );
    expect(text.textContent).not.toContain('From tomorrow');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(page.title);
  });

  it('signed up to a slot starting later: names that weekday, with the slot in force until then', async () => {
    stubParticipant(200, startingLater);
    render(page);
    const text = await screen.findByTestId('confirmation-text');
    const date = formatWeekdayDate(startingLater.effective_date as string);
    expect(text.textContent).toBe(
      page.name === 'sign-up confirmation'
        ? formatMessage(happyHoursNotices.confirmationFrom, { slot: '1pm - 3pm', date })
        : formatMessage(happyHoursCopy.changeConfirmation, { slot: '1pm - 3pm', date }),
    );
  });

  it('signed up starting tomorrow: the specified words', async () => {
    stubParticipant(200, { ...startingLater, effective_date: addDays(today, 1) });
    render(page);
    const text = await screen.findByTestId('confirmation-text');
    if (page.name === 'sign-up confirmation') {
      expect(text.textContent).toBe(formatMessage(happyHoursCopy.confirmation, { slot: '1pm - 3pm' }));
    } else {
      expect(text.textContent).toContain('1pm - 3pm');
    }
  });

  it('another retailer’s account (403): says so, no welcome, no slot, no retry', async () => {
    stubParticipant(403, messages.wrongProvider);
    render(page);
    expect((await screen.findByTestId('lookup-problem')).textContent).toBe(messages.wrongProvider);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.wrongProvider));
    expect(screen.queryByText(page.title)).toBeNull();
    expect(document.body.textContent).not.toContain('11am - 1pm');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a failed look-up (500): the participant message and Try again, no welcome', async () => {
    stubParticipant(500);
    render(page);
    const problem = await screen.findByTestId('lookup-problem');
    expect(problem.textContent).toContain(messages.participantFetchError);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText(page.title)).toBeNull();
    expect(document.body.textContent).not.toContain('11am - 1pm');
  });
});
