/**
 * Keyboard moves within a row of chart items that share one tab stop (roving tabindex): the arrows step by
 * one, Home and End jump to the ends. `forward` names the vertical arrow that steps forward (as ArrowRight
 * does): ArrowDown in a list of days read top to bottom, ArrowUp in bars that rise with their value.
 */
export function rovingIndex(
  key: string,
  current: number,
  count: number,
  forward: 'ArrowDown' | 'ArrowUp',
): number | undefined {
  const last = count - 1;
  const next = Math.min(current + 1, last);
  const previous = Math.max(current - 1, 0);
  switch (key) {
    case 'ArrowRight':
      return next;
    case 'ArrowLeft':
      return previous;
    case 'ArrowDown':
      return forward === 'ArrowDown' ? next : previous;
    case 'ArrowUp':
      return forward === 'ArrowUp' ? next : previous;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
