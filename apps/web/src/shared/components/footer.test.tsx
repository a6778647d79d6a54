import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configWith, testConfig } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Footer } from './footer.tsx';

function footerLinks() {
  const nav = screen.getByRole('navigation', { name: 'Footer' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('Footer', () => {
  it('links FAQ, Settings and Feedback for an account', () => {
    renderWithProviders(<Footer accountId="demo-home" />);
    expect(footerLinks()).toEqual([
      ['FAQ (opens in a new tab)', testConfig.retailer.faqUrl],
      ['Settings', '/new/settings/demo-home'],
      ['Feedback', '/new/feedback/demo-home'],
    ]);
    const faq = screen.getByRole('link', { name: /FAQ/ });
    expect(faq.getAttribute('target')).toBe('_blank');
    expect(faq.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows only the FAQ link without an account id', () => {
    renderWithProviders(<Footer />);
    expect(footerLinks()).toEqual([['FAQ (opens in a new tab)', testConfig.retailer.faqUrl]]);
  });

  it('hides Settings but keeps Feedback when settings are switched off', () => {
    renderWithProviders(<Footer accountId="demo-home" />, { config: configWith({ hideSettings: true }) });
    expect(footerLinks()).toEqual([
      ['FAQ (opens in a new tab)', testConfig.retailer.faqUrl],
      ['Feedback', '/new/feedback/demo-home'],
    ]);
  });

  it('encodes the account id in its links', () => {
    renderWithProviders(<Footer accountId="a b" />);
    expect(screen.getByRole('link', { name: 'Feedback' }).getAttribute('href')).toBe('/new/feedback/a%20b');
  });

  it('shows the disclaimer, the phone as a tel: link and the legal entity', () => {
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('It is a projection only');
    expect(footer.textContent).toContain('excludes manual adjustments');
    expect(footer.textContent).toContain('Australian Eastern Standard Time (AEST)');
    expect(screen.getByRole('link', { name: '13 00 00' }).getAttribute('href')).toBe('tel:130000');
    expect(footer.textContent).toContain(testConfig.retailer.legalEntity);
    expect(screen.queryByTestId('additional-disclaimer')).toBeNull();
  });

  it('adds the Happy Hours disclaimer with the conditions link when asked', () => {
    renderWithProviders(<Footer accountId="demo-home" showAdditionalDisclaimer />);
    const disclaimer = screen.getByTestId('additional-disclaimer');
    expect(disclaimer.textContent).toContain('exclude supply charges');
    expect(disclaimer.textContent).toContain("20 Business Days' notice");
    const link = within(disclaimer).getByRole('link', { name: /Happy Hours program conditions/ });
    expect(link.getAttribute('href')).toBe(testConfig.retailer.happyHoursConditionsUrl);
  });
});
