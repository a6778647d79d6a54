/**
 * The chart hint (docs/screens.md, docs/rules.md#limits): shown until the cookie `tracker__viewedHint` records that it was viewed.
 * Viewed means in view: the cookie is set once most of the hint has been inside the viewport (an
 * IntersectionObserver watches the element given to `ref`), or when it is dismissed; a hint that rendered below
 * the fold of a phone and was never scrolled to is not used up. On this visit it stays until dismissed, so it
 * never vanishes while being read.
 */
import { TRACKER_HINT_COOKIE } from '@portal/contracts';
import Cookies from 'js-cookie';
import { useCallback, useEffect, useState } from 'react';

/** A year, so the hint stays away for regular customers; lax and path-wide like the rest of the portal. */
const COOKIE_DAYS = 365;
/** The share of the hint that must be inside the viewport for it to count as seen. */
export const HINT_SEEN_RATIO = 0.75;

export function hintViewed(): boolean {
  return Cookies.get(TRACKER_HINT_COOKIE) !== undefined;
}

export function recordHintViewed(): void {
  Cookies.set(TRACKER_HINT_COOKIE, 'true', {
    expires: COOKIE_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

/** `visible` is decided once per page visit; `ref` goes on the hint, whose being in view records it. */
export function useHint() {
  const [visible, setVisible] = useState(() => !hintViewed());
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!visible || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= HINT_SEEN_RATIO)) {
          recordHintViewed();
          observer.disconnect();
        }
      },
      { threshold: [HINT_SEEN_RATIO, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, element]);
  const dismiss = useCallback(() => {
    recordHintViewed();
    setVisible(false);
  }, []);
  return { visible, dismiss, ref: setElement };
}
