/** A link to another site: opens in a new tab without handing it our window, and says so to screen readers. */
import { copy } from '@portal/contracts';
import type { ReactNode } from 'react';

export function ExternalLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      {/* The space sits inside the hidden text so that no underlined gap shows after the visible text. */}
      <span className="visually-hidden">{` ${copy.opensInNewTab}`}</span>
    </a>
  );
}
