import { messages, paths, screenTitles, surveyCopy } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usageCacheKey } from '../../../shared/api/usage-cache.ts';
import { AlertBanner } from '../../../shared/components/alert-banner.tsx';
import { allowConsole } from '../../../test/console-guard.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SmeSurveyPage } from './sme-survey-page.tsx';
import { SurveyPage } from './survey-page.tsx';

function Usage() {
  return <p data-testid="usage-page">{useLocation().pathname}</p>;
}

/** Renders a survey and waits for its questions (after the account's look-up, issue 26 item 12). */
async function renderSurvey(path: string) {
  const result = renderWithProviders(
    <>
      <AlertBanner />
      <Routes>
        <Route path={paths.survey.pattern} element={<SurveyPage />} />
        <Route path={paths.smeSurvey.pattern} element={<SmeSurveyPage />} />
        <Route path={paths.usage.pattern} element={<Usage />} />
      </Routes>
    </>,
    { path },
  );
  await screen.findAllByRole('group');
  return result;
}

function stubFetch(status = 204) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    String(input).startsWith('/api/accounts/customer')
      ? new Response(
          JSON.stringify({
            budget: 40,
            no_email: false,
            email_click_count: 0,
            completed_survey: false,
            market_segment: String(input).includes('demo-business') ? 'sme' : 'residential',
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        )
      : status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'boom' } }), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
  );
  vi.stubGlobal('fetch', fetchMock);
  /** The calls but the survey's look-up of the account. */
  const saves = () =>
    fetchMock.mock.calls.filter(([input]) => !String(input).startsWith('/api/accounts/customer'));
  return Object.assign(fetchMock, { saves });
}

const group = (name: RegExp | string) => screen.getByRole('group', { name });

async function answerResidential(user: ReturnType<typeof userEvent.setup>) {
  const pick = async (question: RegExp, option: string) =>
    user.click(within(group(question)).getByRole('radio', { name: option }));
  const tick = async (question: RegExp, option: string) =>
    user.click(within(group(question)).getByRole('checkbox', { name: option }));
  await pick(/rent or own/, 'Own');
  await pick(/type of home/, 'Townhouse');
  await pick(/bedrooms/, '6 or more');
  await pick(/people live/, '2');
  await tick(/heat your home/, 'Rather not say');
  await pick(/heat your water/, 'Gas');
  await pick(/air conditioners/, '0');
  await tick(/pool, spa/, 'No');
  await user.type(within(group(/solar panels/)).getByRole('spinbutton'), '6.6');
  await pick(/home battery/, 'No');
  await pick(/electric car/, 'No');
  await tick(/appliances/, 'TV');
  await tick(/appliances/, 'Dishwasher');
}

beforeEach(() => localStorage.clear());

describe('residential survey', () => {
  it('shows the header, Skip, the intro, the markers and every question as a fieldset', async () => {
    stubFetch();
    await renderSurvey(paths.survey.href('demo-home', '2026-01-05'));
    expect(screen.getByRole('heading', { level: 1, name: screenTitles.survey })).toBeTruthy();
    expect(screen.getByRole('link', { name: surveyCopy.skip }).getAttribute('href')).toBe(
      paths.usage.href('demo-home', '2026-01-05'),
    );
    expect(screen.getByText(surveyCopy.residentialIntro)).toBeTruthy();
    const groups = screen.getAllByRole('group');
    expect(groups).toHaveLength(12);
    expect(screen.getAllByRole('group', { name: /\(required\)/ })).toHaveLength(12);
    expect(
      screen.getAllByRole('group', { name: /Select all that apply/ }).map((g) => g.dataset.question),
    ).toEqual(['heating_type', 'pool_or_spa', 'load_disag']);
    expect(
      within(group(/rent or own/))
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['rent', 'own', 'skip']);
    expect(within(group(/rent or own/)).getByRole('radio', { name: 'Rather not say' })).toBeTruthy();
    const size = within(group(/solar panels/)).getByRole('spinbutton', {
      name: /size of your solar system \(kW\)/,
    });
    expect([size.getAttribute('min'), size.getAttribute('max'), size.getAttribute('step')]).toEqual([
      '0',
      '1000',
      '0.01',
    ]);
    expect(screen.getByRole('button', { name: surveyCopy.submit }).getAttribute('type')).toBe('submit');
  });

  it('applies the multi-select rules to the checkboxes', async () => {
    stubFetch();
    const user = userEvent.setup();
    await renderSurvey(paths.survey.href('demo-home'));
    const appliances = group(/appliances/);
    const skip = within(appliances).getByRole('checkbox', { name: 'Rather not say' });
    const tv = within(appliances).getByRole('checkbox', { name: 'TV' });
    await user.click(skip);
    expect((skip as HTMLInputElement).checked).toBe(true);
    await user.click(tv);
    expect((tv as HTMLInputElement).checked).toBe(true);
    expect((skip as HTMLInputElement).checked).toBe(false);
    expect((skip as HTMLInputElement).disabled).toBe(true);
    await user.click(tv);
    expect((tv as HTMLInputElement).checked).toBe(false);
    expect((skip as HTMLInputElement).disabled).toBe(false);

    const pool = group(/pool, spa/);
    const no = within(pool).getByRole('checkbox', { name: 'No' });
    const spa = within(pool).getByRole('checkbox', { name: 'Spa' });
    await user.click(no);
    await user.click(spa);
    expect((no as HTMLInputElement).checked).toBe(false);
    expect((no as HTMLInputElement).disabled).toBe(true);
    expect((spa as HTMLInputElement).checked).toBe(true);
  });

  it("warns 'Please answer all the questions', marks the unanswered ones and sends nothing", async () => {
    const fetchMock = stubFetch();
    const user = userEvent.setup();
    await renderSurvey(paths.survey.href('demo-home'));
    await user.click(within(group(/rent or own/)).getByRole('radio', { name: 'Rent' }));
    await user.click(screen.getByRole('button', { name: surveyCopy.submit }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.surveyIncomplete);
    expect(fetchMock.saves()).toHaveLength(0);
    const missing = screen.getAllByRole('group', { description: /needs an answer/ });
    expect(missing.map((g) => g.dataset.question)).not.toContain('tenancy');
    expect(missing.map((g) => g.dataset.question)).toContain('building_type');
    expect(missing).toHaveLength(11);
    expect(document.activeElement).toBe(
      within(group(/type of home/)).getByRole('radio', { name: 'Apartment' }),
    );
  });

  it('sends the answers, thanks the customer, forgets the cached weeks and returns to the week', async () => {
    const fetchMock = stubFetch();
    localStorage.setItem(usageCacheKey('demo-home', '2026-01-05'), '{}');
    localStorage.setItem('unrelated', 'kept');
    const user = userEvent.setup();
    await renderSurvey(paths.survey.href('demo-home', '2026-01-05'));
    await answerResidential(user);
    await user.click(screen.getByRole('button', { name: surveyCopy.submit }));

    expect((await screen.findByTestId('usage-page')).textContent).toContain(
      paths.usage.href('demo-home', '2026-01-05'),
    );
    expect(screen.getByRole('status').textContent).toContain(messages.surveyThanks);
    const [url, init] = fetchMock.saves()[0] ?? [];
    expect(String(url)).toBe('/api/accounts/update_profile?account_id=demo-home');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      source: 'survey',
      profile: {
        tenancy: 'own',
        building_type: 'townhouse',
        bedrooms_qty: '6_and_more',
        household_size: '2',
        heating_type: ['skip'],
        hot_water_type: 'gas',
        aircon_qty: '0',
        pool_or_spa: ['no'],
        solar_panels_size: 6.6,
        home_battery: 'no',
        electric_car: 'no',
        load_disag: ['tv', 'dishwasher'],
      },
    });
    expect(localStorage.getItem(usageCacheKey('demo-home', '2026-01-05'))).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('shows the save error and stays on the survey when the server refuses', async () => {
    allowConsole('error', /Saving the survey failed/);
    stubFetch(500);
    const user = userEvent.setup();
    await renderSurvey(paths.survey.href('demo-home'));
    await answerResidential(user);
    await user.click(screen.getByRole('button', { name: surveyCopy.submit }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.surveySaveError);
    expect(screen.queryByTestId('usage-page')).toBeNull();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: surveyCopy.submit }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('Skip returns to the Tracker without sending anything', async () => {
    const fetchMock = stubFetch();
    const user = userEvent.setup();
    await renderSurvey(paths.survey.href('demo-home'));
    await user.click(screen.getByRole('link', { name: surveyCopy.skip }));
    expect((await screen.findByTestId('usage-page')).textContent).toContain(paths.usage.href('demo-home'));
    expect(fetchMock.saves()).toHaveLength(0);
  });
});

describe('small-business survey', () => {
  it('asks the small-business questions and sends them', async () => {
    const fetchMock = stubFetch();
    const user = userEvent.setup();
    await renderSurvey(paths.smeSurvey.href('demo-business'));
    expect(screen.getByText(surveyCopy.smeIntro)).toBeTruthy();
    expect(screen.getAllByRole('group')).toHaveLength(9);
    const pick = async (question: RegExp, option: string) =>
      user.click(within(group(question)).getByRole('radio', { name: option }));
    await pick(/people work/, 'Fewer than 5');
    await pick(/shifts/, 'Around the clock (24 hours)');
    await pick(/rent, lease or own/, 'Lease');
    await pick(/type of business/, 'Retail');
    await pick(/monthly outgoings/, 'Not sure');
    await pick(/heating or cooling/, 'Rather not say');
    await pick(/roof/, 'Yes');
    await pick(/Do you have solar panels/, '4 to 10 kW');
    await pick(/decisions/, 'The owner');
    await user.click(screen.getByRole('button', { name: surveyCopy.submit }));
    expect((await screen.findByTestId('usage-page')).textContent).toContain(
      paths.usage.href('demo-business'),
    );
    expect(JSON.parse(String(fetchMock.saves()[0]?.[1]?.body)).profile).toEqual({
      employee_number: 'less_than_five',
      shifts: '24hr',
      tenancy: 'lease',
      business_type: 'retail',
      monthly_outgoings_energy_spend: 'not_sure',
      heating_cooling_cost: 'skip',
      roof: 'yes',
      solar_panels: 'four_to_ten_kW',
      decisions: 'owner',
    });
  });
});
