import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { AccountNav } from './account-nav.tsx';

function links() {
  const nav = screen.getByRole('navigation', { name: 'Your account' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);
}

describe('AccountNav', () => {
  it.each([
    ['/new/usage/demo-home/2026-11-16/2', 0],
    ['/new/settings/demo-home', -1],
    ['/ReduceAndReward/demo-home/Event/e1', 1],
    ['/new/plans/demo-home', 2],
  ])('links the account’s areas from %s, marking the current one', (path, current) => {
    renderWithProviders(<AccountNav accountId="demo-home" />, { path });
    const expected = [
      ['Tracker', '/new/usage/demo-home'],
      ['Reduce & Reward', '/ReduceAndReward/demo-home'],
      ['Plans', '/new/plans/demo-home'],
    ].map(([text, href], index) => [text, href, index === current ? 'page' : null]);
    expect(links()).toEqual(expected);
  });

  it('encodes the account id in its links', () => {
    renderWithProviders(<AccountNav accountId="a b/c" />);
    expect(links().map(([, href]) => href)).toEqual([
      '/new/usage/a%20b%2Fc',
      '/ReduceAndReward/a%20b%2Fc',
      '/new/plans/a%20b%2Fc',
    ]);
  });
});
