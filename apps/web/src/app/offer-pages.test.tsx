/**
 * Every offer form for an account whose participant cannot be read (issue 26 item 5, decision 0038), and the
 * submit errors of docs/api.md#errors staying on screen: another retailer's account (403) is told so and gets no
 * form; a failed look-up says the specified message with Try again and no form; and a submit that fails is not
 * replaced by a look-up's message, even when the look-up would fail by then.
 */
import { type ErrorCode, happyHoursCopy, hereForYouCopy, messages, paths } from '@portal/contracts';
import { notifyManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoute, testQueryClient } from '../test/render.tsx';

const json = (status: number, body: unknown) =>
  new Response(status === 304 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const failure = (status: number, code: ErrorCode, message = 'no') =>
  json(status, { error: { code, message } });

const notSignedUp = {
  opted_in: false,
  time_slot: null,
  effective_date: null,
  active_time_slot: null,
  next_change_at: null,
};
const signedUp = {
  ...notSignedUp,
  opted_in: true,
  time_slot: '10:00-12:00',
  active_time_slot: '10:00-12:00',
};

/** The participant look-ups answer `lookup()` each time; every POST answers `submit`. */
function stub(lookup: () => Response, submit: () => Response = () => failure(500, 'INTERNAL_ERROR')) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.startsWith('/innovative_billing/product_configs/'))
      return json(200, { signup_end_time: null });
    if (url.pathname.startsWith('/innovative_billing/') && (init?.method ?? 'GET') === 'GET') return lookup();
    if (url.pathname.startsWith('/innovative_billing/')) return submit();
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const forms = [
  {
    name: 'sign-up',
    href: paths.happyHoursSignup.href('acct-1'),
    fetchMessage: messages.participantFetchError,
  },
  {
    name: 'change slot',
    href: paths.happyHoursChangeSlot.href('acct-1'),
    fetchMessage: messages.offerFetchError,
  },
  { name: 'opt out', href: paths.optOut.href('acct-1'), fetchMessage: messages.participantFetchError },
  { name: 'opt back in', href: paths.optBackIn.href('acct-1'), fetchMessage: messages.participantFetchError },
] as const;

const submitButtons = [
  happyHoursCopy.signUp,
  happyHoursCopy.update,
  hereForYouCopy.optOutButton,
  hereForYouCopy.optBackInButton,
];

afterEach(() => vi.unstubAllGlobals());

/** How many participant look-ups the page has asked for. */
const lookUpsOf = (mock: ReturnType<typeof stub>) =>
  mock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return (
      url.pathname.startsWith('/innovative_billing/') &&
      !url.pathname.startsWith('/innovative_billing/product_configs/') &&
      (init?.method ?? 'GET') === 'GET'
    );
  }).length;

describe.each(forms)('the $name page', (form) => {
  it('another retailer’s account (403): says so on the page and in the alert, with no form', async () => {
    stub(() => failure(403, 'WRONG_PROVIDER', messages.wrongProvider));
    renderRoute(form.href);
    expect((await screen.findByTestId('lookup-problem')).textContent).toBe(messages.wrongProvider);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.wrongProvider));
    for (const name of submitButtons) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a look-up the address limit refused (429): says why, on the page and in the alert, with Try again', async () => {
    const limited = 'Too many unknown account links have been tried from your internet connection.';
    stub(() => failure(429, 'RATE_LIMITED', limited));
    renderRoute(form.href);
    expect((await screen.findByTestId('lookup-problem')).textContent).toContain(limited);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(limited));
    for (const name of submitButtons) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a failed look-up (500): the specified message, Try again, no form; Try again brings the page', async () => {
    let answer = () => failure(500, 'INTERNAL_ERROR');
    stub(() => answer());
    renderRoute(form.href);
    expect((await screen.findByTestId('lookup-problem')).textContent).toContain(form.fetchMessage);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(form.fetchMessage));
    for (const name of submitButtons) expect(screen.queryByRole('button', { name })).toBeNull();
    answer = () =>
      json(
        200,
        form.name === 'change slot'
          ? signedUp
          : form.name === 'opt out'
            ? { opted_in: true }
            : form.name === 'opt back in'
              ? { opted_in: false }
              : notSignedUp,
      );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('lookup-problem')).toBeNull());
  });
});

describe('a submit that fails keeps its message (docs/api.md#errors)', () => {
  // Query results reach the screen at once rather than on the next macrotask, so that `act` around a re-read
  // ends with its answer rendered and its effects run.
  beforeAll(() => notifyManager.setScheduler((callback) => callback()));
  afterAll(() => notifyManager.setScheduler((callback) => setTimeout(callback, 0)));
  const cases = [
    {
      name: 'sign-up',
      href: paths.happyHoursSignup.href('acct-1'),
      participant: notSignedUp,
      message: messages.signupError,
      act: async () => {
        await userEvent.click(await screen.findByRole('radio', { name: '1pm - 3pm' }));
        await userEvent.click(screen.getByRole('checkbox', { name: happyHoursCopy.agree }));
        await userEvent.click(screen.getByRole('button', { name: happyHoursCopy.signUp }));
      },
    },
    {
      name: 'change slot',
      href: paths.happyHoursChangeSlot.href('acct-1'),
      participant: signedUp,
      message: messages.changeSlotError,
      act: async () => {
        await userEvent.click(await screen.findByRole('radio', { name: '1pm - 3pm' }));
        await userEvent.click(screen.getByRole('button', { name: happyHoursCopy.update }));
      },
    },
    {
      name: 'opt out',
      href: paths.optOut.href('acct-1'),
      participant: { opted_in: true },
      message: messages.optOutError,
      act: async () =>
        userEvent.click(await screen.findByRole('button', { name: hereForYouCopy.optOutButton })),
    },
    {
      name: 'opt back in',
      href: paths.optBackIn.href('acct-1'),
      participant: { opted_in: false },
      message: messages.optInError,
      act: async () =>
        userEvent.click(await screen.findByRole('button', { name: hereForYouCopy.optBackInButton })),
    },
  ] as const;

  it.each(cases)('$name: the submit error stays though the look-up now fails', async (item) => {
    let submitted = false;
    const mock = stub(
      () => (submitted ? failure(500, 'INTERNAL_ERROR') : json(200, item.participant)),
      () => {
        submitted = true;
        return failure(500, 'INTERNAL_ERROR');
      },
    );
    const queryClient = testQueryClient();
    renderRoute(item.href, { queryClient });
    await item.act();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(item.message));
    // Whatever the page asks the server next, the customer keeps reading why their submit failed: the look-ups
    // are read again, and fail, before looking (the re-read's answer and its render are over when act ends).
    const lookUps = lookUpsOf(mock);
    await act(() => queryClient.invalidateQueries());
    expect(lookUpsOf(mock)).toBeGreaterThan(lookUps);
    expect(queryClient.isFetching()).toBe(0);
    expect(screen.getByRole('alert').textContent).toBe(item.message);
    expect(submitted).toBe(true);
  });
});

describe('Back right after a sign-up (issue 26 item 14)', () => {
  it('leaves the offer instead of saying "already registered" to the customer who has just signed up', async () => {
    let signedUpNow = false;
    stub(
      () =>
        json(200, signedUpNow ? { ...notSignedUp, opted_in: true, time_slot: '13:00-15:00' } : notSignedUp),
      () => {
        signedUpNow = true;
        return json(200, { ...notSignedUp, opted_in: true, time_slot: '13:00-15:00' });
      },
    );
    const before = paths.feedback.href('acct-1');
    const { router } = renderRoute(paths.happyHoursSignup.href('acct-1'), { before: [before] });
    await userEvent.click(await screen.findByRole('radio', { name: '1pm - 3pm' }));
    await userEvent.click(screen.getByRole('checkbox', { name: happyHoursCopy.agree }));
    await userEvent.click(screen.getByRole('button', { name: happyHoursCopy.signUp }));
    await screen.findByTestId('confirmation-text');
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe(before));
    expect(screen.queryByText(messages.alreadyRegistered)).toBeNull();
  });
});
