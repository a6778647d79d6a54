/**
 * The chart hint (spec §2, §9): shown until the cookie `tracker__viewedHint` records that it was viewed.
 * The cookie is set as soon as the hint has been on screen (with the chart it explains), so the next visit
 * does not show it again; on this visit it stays until the customer dismisses it or leaves, so it never
 * vanishes while being read.
 */
import { TRACKER_HINT_COOKIE } from '@portal/contracts';
import Cookies from 'js-cookie';
import { useCallback, useEffect, useState } from 'react';

/** A year, so the hint stays away for regular customers; lax and path-wide like the rest of the portal. */
const COOKIE_DAYS = 365;

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

/** `visible` is decided once per page visit; `shown` tells the hook the hint is on screen now. */
export function useHint(shown: boolean) {
  const [visible, setVisible] = useState(() => !hintViewed());
  useEffect(() => {
    if (visible && shown) recordHintViewed();
  }, [visible, shown]);
  const dismiss = useCallback(() => {
    recordHintViewed();
    setVisible(false);
  }, []);
  return { visible, dismiss };
}
