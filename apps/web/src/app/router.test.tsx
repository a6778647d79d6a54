import { messages, paths, screenTitles } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noContentFetch } from '../test/fixtures.ts';
import { renderRoute } from '../test/render.tsx';

const id = 'demo-home';

/** Every route of docs/screens.md and the heading its screen shows. */
const screens: Array<[path: string, heading: string]> = [
  [paths.landing.href(), screenTitles.tracker],
  [paths.usage.href(id), screenTitles.tracker],
  [paths.usage.href(id, '2026-03-02'), screenTitles.tracker],
  [paths.usage.href(id, '2026-03-02', 4), screenTitles.tracker],
  [paths.settings.href(id), screenTitles.settings],
  [paths.feedback.href(id), screenTitles.feedback],
  [paths.reduceAndReward.href(id), messages.eventPortalTitle],
  [paths.event.href(id, '42'), messages.eventPortalTitle],
  [`/ReduceAndReward/${id}/event/42`, messages.eventPortalTitle],
  [paths.offerExpired.href(id), messages.offerExpired],
  [paths.happyHoursSignup.href(id), screenTitles.happyHoursSignup],
  [paths.happyHoursChangeSlot.href(id), screenTitles.happyHoursChangeSlot],
  [paths.happyHoursChangeConfirmation.href(id, '10:00-12:00'), screenTitles.happyHoursChangeConfirmation],
  [paths.happyHoursConfirmation.href(id, '10:00-12:00'), screenTitles.happyHoursSignupConfirmation],
  [paths.happyHoursAlreadyRegistered.href(id), messages.alreadyRegistered],
  [paths.optOut.href(id), screenTitles.optOut],
  [paths.optBackIn.href(id), screenTitles.optBackIn],
  [paths.survey.href(id), screenTitles.survey],
  [paths.survey.href(id, '2026-03-02'), screenTitles.survey],
  [paths.smeSurvey.href(id), screenTitles.survey],
  [paths.smeSurvey.href(id, '2026-03-02'), screenTitles.survey],
];

const happyHoursPaths = new Set([
  paths.happyHoursSignup.href(id),
  paths.happyHoursChangeSlot.href(id),
  paths.happyHoursChangeConfirmation.href(id, '10:00-12:00'),
  paths.happyHoursConfirmation.href(id, '10:00-12:00'),
  paths.happyHoursAlreadyRegistered.href(id),
]);

describe('routes', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', noContentFetch());
  });

  it.each(screens)('%s shows "%s" inside the furniture', async (path, heading) => {
    const { router } = renderRoute(path);
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe(heading);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(router.state.location.pathname).toBe(path);

    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
    await waitFor(() => expect(document.title).toBe(`${heading} – Brightside Energy`));

    const hasAccount = path !== '/';
    expect(screen.queryByRole('link', { name: 'Feedback' }) !== null).toBe(hasAccount);
    expect(screen.queryByTestId('additional-disclaimer') !== null).toBe(happyHoursPaths.has(path));
  });

  it.each(['/nowhere', `/new/usage`, '/new/usage/demo-home/2026-03-02/3/extra', '/day_time_saver'])(
    'redirects %s to the landing screen, replacing the history entry',
    async (path) => {
      const { router } = renderRoute(path);
      await screen.findByRole('heading', { level: 1, name: screenTitles.tracker });
      expect(router.state.location.pathname).toBe('/');
      expect(router.state.historyAction).toBe('REPLACE');
      expect(screen.getByText(/Please click a link from a Tracker email/)).toBeTruthy();
    },
  );
});
