import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noContentFetch, testConfig } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';

describe('Landing screen', () => {
  let fetchMock: ReturnType<typeof noContentFetch>;
  beforeEach(() => {
    fetchMock = noContentFetch();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('asks for a link from a Tracker email, word for word, with the access address as a mailto link', async () => {
    renderRoute('/');
    const request = await screen.findByText(/^Please click a link/);
    expect(request.textContent).toBe(
      'Please click a link from a Tracker email to access your data. To request access to Tracker please contact us on tracker@brightside.example',
    );
    const email = within(request).getByRole('link', { name: 'tracker@brightside.example' });
    expect(email.getAttribute('href')).toBe('mailto:tracker@brightside.example');
  });

  it('introduces the service and shows the four feature blocks', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Tracker' });
    const intro = screen.getByText(/^Tracker uses your own smart-meter data/);
    for (const phrase of [
      'hour by hour',
      'budget',
      'projected balance for the next quarter',
      'weekly or monthly',
      'any device',
    ]) {
      expect(intro.textContent).toContain(phrase);
    }
    const blocks = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(blocks).toEqual(['Your data', 'Your detailed usage', 'Manage your usage', 'Regular updates']);
    for (const heading of screen.getAllByRole('heading', { level: 2 })) {
      expect(heading.nextElementSibling?.textContent?.length ?? 0).toBeGreaterThan(20);
    }
  });

  it('has the navigation bar and footer, and the page title', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Tracker' });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain(testConfig.retailer.legalEntity);
    await waitFor(() => expect(document.title).toBe('Tracker – Brightside Energy'));
  });

  it('records one landing visit without an account', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Tracker' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/web_interactions');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      type: 'tracker_ui_visit',
      page_name: 'landing',
      account_identifier: null,
    });
  });
});
