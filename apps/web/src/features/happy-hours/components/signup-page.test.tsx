/**
 * The Happy Hours landing (docs/screens.md, docs/rules.md, docs/api.md#errors) against a stubbed server: its redirects, Sign up enabled only
 * with a slot and the agreement, the request it sends, the confirmation's label, and the 304 and failure
 * messages.
 */
import { happyHoursCopy, messages, paths, screenTitles } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertBanner } from '../../../shared/components/alert-banner.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { HappyHoursSignupPage } from './signup-page.tsx';

const notSignedUp = {
  opted_in: false,
  time_slot: null,
  effective_date: null,
  active_time_slot: null,
  next_change_at: null,
};

function Elsewhere() {
  return <p data-testid="elsewhere">{decodeURIComponent(useLocation().pathname)}</p>;
}

type Answer = { status: number; body?: unknown };
function stubServer(answers: { participant?: Answer; config?: Answer; signup?: Answer }) {
  const json = ({ status, body }: Answer) =>
    new Response(body === undefined || status === 304 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.startsWith('/innovative_billing/product_configs/')) {
      return json(answers.config ?? { status: 200, body: { signup_end_time: null } });
    }
    if (init?.method === 'POST') return json(answers.signup ?? { status: 200, body: notSignedUp });
    return json(answers.participant ?? { status: 200, body: notSignedUp });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLanding() {
  return renderWithProviders(
    <>
      <AlertBanner />
      <Routes>
        <Route path={paths.happyHoursSignup.pattern} element={<HappyHoursSignupPage />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </>,
    { path: paths.happyHoursSignup.href('acct-1') },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Happy Hours landing', () => {
  it('enables Sign up only with a slot and the agreement, and goes to the confirmation with the label', async () => {
    const fetchMock = stubServer({});
    const user = userEvent.setup();
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(screenTitles.happyHoursSignup);
    const signUp = await screen.findByRole('button', { name: happyHoursCopy.signUp });
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect((signUp as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: '11am - 1pm' }));
    expect((signUp as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: happyHoursCopy.agree }));
    expect((signUp as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: happyHoursCopy.agree }));
    expect((signUp as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: happyHoursCopy.agree }));
    await user.click(signUp);
    await waitFor(() =>
      expect(screen.getByTestId('elsewhere').textContent).toBe(
        paths.happyHoursConfirmation.href('acct-1', '11am - 1pm').replaceAll('%20', ' '),
      ),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      client_code: 'BRIGHTSIDE',
      account_identifier: 'acct-1',
      time_slot: '11:00-13:00',
    });
  });

  it.each([
    ['signed up', { participant: { status: 200, body: { ...notSignedUp, opted_in: true } } }, 'already'],
    [
      'not invited (404)',
      { participant: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } } },
      'expired',
    ],
    [
      'past signup_end_time',
      { config: { status: 200, body: { signup_end_time: '2020-01-01T00:00:00.000Z' } } },
      'expired',
    ],
  ] as const)('redirects an account %s', async (_name, answers, where) => {
    stubServer(answers);
    renderLanding();
    const expected =
      where === 'already'
        ? paths.happyHoursAlreadyRegistered.href('acct-1')
        : paths.offerExpired.href('acct-1');
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(expected);
  });

  it.each([
    [304, messages.signupRepeat],
    [500, messages.signupError],
  ])('shows the sign-up answer %i as its message', async (status, message) => {
    stubServer({ signup: { status, body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } } } });
    const user = userEvent.setup();
    renderLanding();
    await user.click(await screen.findByRole('radio', { name: '1pm - 3pm' }));
    await user.click(screen.getByRole('checkbox', { name: happyHoursCopy.agree }));
    await user.click(screen.getByRole('button', { name: happyHoursCopy.signUp }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('shows the participant fetch error for failures other than 404', async () => {
    stubServer({
      participant: { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } } },
    });
    renderLanding();
    expect(await screen.findByText(messages.participantFetchError, {}, { timeout: 8000 })).toBeTruthy();
  }, 15_000);
});
