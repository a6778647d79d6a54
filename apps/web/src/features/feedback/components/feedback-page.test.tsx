import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noContentFetch } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';

describe('Feedback screen', () => {
  let fetchMock: ReturnType<typeof noContentFetch>;
  beforeEach(() => {
    fetchMock = noContentFetch();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('tells the customer to email the ideas address and that we will get back shortly', async () => {
    renderRoute('/new/feedback/demo-home');
    await screen.findByRole('heading', { level: 1, name: 'Feedback' });
    const request = screen.getByText(/Please send an email to/);
    expect(request.textContent).toBe(
      'Please send an email to ideas@brightside.example and we will get back to you shortly.',
    );
    const link = screen.getByRole('link', { name: 'ideas@brightside.example' });
    expect(link.getAttribute('href')).toBe('mailto:ideas@brightside.example');
    await waitFor(() => expect(document.title).toBe('Feedback – Brightside Energy'));
  });

  it('records one feedback visit for the account', async () => {
    renderRoute('/new/feedback/demo-home');
    await screen.findByRole('heading', { level: 1, name: 'Feedback' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ page_name: 'feedback', account_identifier: 'demo-home' });
    expect(body.url).toBe(window.location.href);
  });
});
