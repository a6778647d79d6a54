import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { configWith, testConfig } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Navbar } from './navbar.tsx';

function linksContainer(toggle: HTMLElement): HTMLElement {
  const id = toggle.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  const container = document.getElementById(id ?? '');
  if (!container) throw new Error(`aria-controls points at a missing element: ${id}`);
  return container;
}

describe('Navbar', () => {
  it('opens and closes the collapsible links with the menu button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Navbar />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const container = linksContainer(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(container.hidden).toBe(true);
    expect(screen.queryByRole('link', { name: /Help Centre/ })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(container.hidden).toBe(false);
    expect(within(container).getByRole('link', { name: /Help Centre/ })).toBeTruthy();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(container.hidden).toBe(true);
  });

  it('closes on Escape and gives the focus back to the menu button (issue 15 item 10)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Navbar />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const container = linksContainer(toggle);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // From a link inside the menu, as a keyboard user would be.
    await user.tab();
    expect(container.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(container.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
    // Escape on the button itself closes it too, and Escape with the menu closed does nothing.
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('links the logo, Help Centre and account site in new tabs', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Navbar />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));

    const expected = [
      [testConfig.retailer.name, testConfig.retailer.siteUrl],
      ['Help Centre', testConfig.retailer.helpCentreUrl],
      ['My Account', testConfig.retailer.accountSiteUrl],
    ] as const;
    for (const [name, href] of expected) {
      const link = screen.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(link.textContent).toBe(`${name} (opens in a new tab)`);
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('shows neither links nor menu button when links are switched off', () => {
    renderWithProviders(<Navbar />, { config: configWith({ showLinks: false }) });
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(screen.queryByText('Help Centre')).toBeNull();
    expect(screen.queryByText('My Account')).toBeNull();
    // The logo stays.
    expect(screen.getByRole('link', { name: /Brightside Energy/ })).toBeTruthy();
  });
});
