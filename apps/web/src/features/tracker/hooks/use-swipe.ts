/**
 * A horizontal swipe by touch over an element (the Tracker's chart: the previous or next week or day). A swipe is
 * one finger moved at least SWIPE_MIN_PX in any direction; its direction is that of the last move, from where
 * the finger went down, and it counts as left or right when it went further across than up or down. What
 * react-swipeable did for the chart, in the few lines the chart needs (it was 2.2 KB gzip of the Tracker's first
 * JavaScript, docs/decisions/0047-less-javascript-before-the-first-paint.md). The listeners are React's, passive:
 * a swipe never stops the page from scrolling.
 */
import type { TouchEvent } from 'react';
import { useRef } from 'react';

/** How far a finger must move before a touch is a swipe (CSS pixels). */
export const SWIPE_MIN_PX = 50;

interface Touching {
  startX: number;
  startY: number;
  deltaX: number;
  deltaY: number;
  /** The finger has gone SWIPE_MIN_PX from where it went down at some point. */
  swiping: boolean;
}

export function useSwipe({ onLeft, onRight }: { onLeft(): void; onRight(): void }) {
  const touching = useRef<Touching | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      // Two fingers are a pinch, not a swipe.
      if (!touch || event.touches.length > 1) return;
      touching.current = {
        startX: touch.clientX,
        startY: touch.clientY,
        deltaX: 0,
        deltaY: 0,
        swiping: false,
      };
    },
    onTouchMove(event: TouchEvent) {
      const current = touching.current;
      const touch = event.touches[0];
      if (!current || !touch || event.touches.length > 1) return;
      const deltaX = touch.clientX - current.startX;
      const deltaY = touch.clientY - current.startY;
      if (!current.swiping && Math.abs(deltaX) < SWIPE_MIN_PX && Math.abs(deltaY) < SWIPE_MIN_PX) return;
      touching.current = { ...current, deltaX, deltaY, swiping: true };
    },
    onTouchEnd() {
      const current = touching.current;
      touching.current = null;
      if (!current?.swiping || Math.abs(current.deltaX) <= Math.abs(current.deltaY)) return;
      if (current.deltaX > 0) onRight();
      else onLeft();
    },
  };
}
