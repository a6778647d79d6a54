/**
 * The survey says up front when it is the wrong one for the account (issue 26 item 12), and names the size
 * that is wrong, at every bound of every size field, instead of 'Please answer all the questions'
 * (issue 26 item 13).
 */
import {
  type MarketSegment,
  messages,
  paths,
  SURVEY_SIZE_MAX,
  surveyCopy,
  surveyNotices,
  surveyQuestions,
} from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertBanner } from '../../../shared/components/alert-banner.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { SmeSurveyPage } from './sme-survey-page.tsx';
import { SurveyPage } from './survey-page.tsx';

const customer = (market_segment: MarketSegment) => ({
  budget: 40,
  no_email: false,
  email_click_count: 0,
  completed_survey: false,
  market_segment,
});

/** The customer look-up answers `lookup`; the profile save answers 204 and is counted. */
function stub(lookup: { status: number; body: unknown }) {
  const saves: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/accounts/customer') {
        return new Response(JSON.stringify(lookup.body), {
          status: lookup.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (url.pathname === '/api/accounts/update_profile') saves.push(JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    }),
  );
  return saves;
}

function render(path: string) {
  return renderWithProviders(
    <>
      <AlertBanner />
      <Routes>
        <Route path={paths.survey.pattern} element={<SurveyPage />} />
        <Route path={paths.smeSurvey.pattern} element={<SmeSurveyPage />} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
    </>,
    { path },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the wrong survey for the account says so up front (issue 26 item 12)', () => {
  it.each([
    ['residential', paths.smeSurvey.href('acct-1', '2026-11-16'), paths.survey.href('acct-1', '2026-11-16')],
    ['sme', paths.survey.href('acct-1'), paths.smeSurvey.href('acct-1')],
  ] as const)(
    'a %s account on the other survey: the notice, a link to its own, no questions',
    async (segment, path, own) => {
      stub({ status: 200, body: customer(segment) });
      render(path);
      const notice = await screen.findByTestId('wrong-survey');
      expect(notice.textContent).toContain(
        segment === 'sme' ? surveyNotices.wrongSurveySme : surveyNotices.wrongSurveyResidential,
      );
      expect(within(notice).getByRole('link').getAttribute('href')).toBe(own);
      expect(screen.queryAllByRole('group')).toHaveLength(0);
      expect(screen.queryByRole('button', { name: surveyCopy.submit })).toBeNull();
    },
  );

  it.each([
    [403, messages.wrongProvider],
    [401, messages.invalidAccountId],
    [422, messages.invalidAccountId],
  ])('an account the server refuses (%s): its message, no questions', async (status, message) => {
    stub({ status, body: { error: { code: 'X', message } } });
    render(paths.survey.href('acct-1'));
    expect((await screen.findByTestId('survey-refused')).textContent).toBe(message);
    expect(screen.queryAllByRole('group')).toHaveLength(0);
  });

  it.each(['residential', 'sme'] as const)(
    'a %s account on its own survey gets the questions',
    async (segment) => {
      stub({ status: 200, body: customer(segment) });
      render(segment === 'sme' ? paths.smeSurvey.href('acct-1') : paths.survey.href('acct-1'));
      await waitFor(() => expect(screen.getAllByRole('group').length).toBe(surveyQuestions[segment].length));
      expect(screen.queryByTestId('wrong-survey')).toBeNull();
    },
  );
});

/**
 * Answers every question with its first option (and nothing in the sizes): the set-up of each case, not its
 * subject, so a plain click event rather than userEvent's whole pointer sequence (about a fifth of the file's time),
 * and role queries that skip jsdom's check of each element's visibility (`hidden: true`: a third of the time; the
 * questions' roles and names are the subject of survey-form.test.tsx and of axe in the browser tests).
 */
function answerAll() {
  for (const fieldset of screen.getAllByRole('group', { hidden: true })) {
    const first =
      within(fieldset).queryAllByRole('radio', { hidden: true })[0] ??
      within(fieldset).getAllByRole('checkbox', { hidden: true })[0];
    if (first) fireEvent.click(first);
  }
}

const sizeFields = (['residential', 'sme'] as const).flatMap((segment) =>
  surveyQuestions[segment].flatMap((question) =>
    question.size ? [{ segment, question, size: question.size }] : [],
  ),
);

describe('a wrong size is named, marked and focused (issue 26 item 13)', () => {
  const bounds = [
    ['-0.01', surveyNotices.sizeBelowMin],
    ['-5', surveyNotices.sizeBelowMin],
    ['1000.01', surveyNotices.sizeAboveMax],
    ['2000', surveyNotices.sizeAboveMax],
    ['0.001', surveyNotices.sizeStep],
    ['12.345', surveyNotices.sizeStep],
  ] as const;
  const cases = sizeFields.flatMap((field) =>
    bounds.map(([typed, message]) => ({ ...field, typed, message })),
  );

  it.each(cases)(
    '$segment $size.key = $typed: its own message, not "Please answer all the questions"',
    async (item) => {
      const saves = stub({ status: 200, body: customer(item.segment) });
      const user = userEvent.setup();
      render(item.segment === 'sme' ? paths.smeSurvey.href('acct-1') : paths.survey.href('acct-1'));
      await screen.findAllByRole('group', { hidden: true });
      answerAll();
      const input = screen.getByLabelText(`${item.size.label} (${item.size.unit})`) as HTMLInputElement;
      await user.type(input, item.typed);
      await user.click(screen.getByRole('button', { name: surveyCopy.submit }));
      const expected = item.message
        .replace('{field}', item.size.name)
        .replace('{unit}', item.size.unit)
        .replace('{max}', String(SURVEY_SIZE_MAX));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(expected));
      expect(screen.getByRole('alert').textContent).not.toBe(messages.surveyIncomplete);
      expect(document.activeElement).toBe(input);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(expected);
      expect(saves).toHaveLength(0);
    },
  );

  it.each(
    sizeFields.flatMap((field) => ['0', '1000', '6.6', '999.99'].map((typed) => ({ ...field, typed }))),
  )('$segment $size.key = $typed is accepted and sent', async (item) => {
    const saves = stub({ status: 200, body: customer(item.segment) });
    const user = userEvent.setup();
    render(item.segment === 'sme' ? paths.smeSurvey.href('acct-1') : paths.survey.href('acct-1'));
    await screen.findAllByRole('group', { hidden: true });
    answerAll();
    await user.type(screen.getByLabelText(`${item.size.label} (${item.size.unit})`), item.typed);
    await user.click(screen.getByRole('button', { name: surveyCopy.submit }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect((saves[0] as { profile: Record<string, unknown> }).profile[item.size.key]).toBe(
      Number(item.typed),
    );
  });
});
