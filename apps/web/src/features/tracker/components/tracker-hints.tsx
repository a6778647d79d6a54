/**
 * The chart hints of docs/screens.md, word for word: the longer one on wider screens, the shorter one on phones
 * (only one is rendered visible at a time, by the stylesheet), with a button to dismiss them.
 */
import { messages, trackerCopy } from '@portal/contracts';
import type { Ref } from 'react';

export function TrackerHints({ onDismiss, ref }: { onDismiss(): void; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="tracker-hint" role="note" data-testid="tracker-hint">
      <svg
        className="tracker-hint__icon"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M9 11V5a2 2 0 0 1 4 0v6m0-1a2 2 0 0 1 4 0v2m0-1a2 2 0 0 1 3 1.7V15a7 7 0 0 1-7 7h-1a6 6 0 0 1-5-2.7L4 15a2 2 0 0 1 3.3-2.3L9 15"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="tracker-hint__text">
        <span className="tracker-hint__long">{messages.hintInteractive}</span>
        <span className="tracker-hint__short">{messages.hintClickColumn}</span>
      </p>
      <button type="button" className="tracker-hint__dismiss" onClick={onDismiss}>
        {trackerCopy.hintDismiss}
      </button>
    </div>
  );
}
