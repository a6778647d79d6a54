import { renderHook } from '@testing-library/react';
import type { TouchEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SWIPE_MIN_PX, useSwipe } from './use-swipe.ts';

type Point = [number, number];
const touches = (...points: Point[]) =>
  ({ touches: points.map(([clientX, clientY]) => ({ clientX, clientY })) }) as unknown as TouchEvent;

function gesture(moves: Point[][]) {
  const onLeft = vi.fn();
  const onRight = vi.fn();
  const { result } = renderHook(() => useSwipe({ onLeft, onRight }));
  const [first, ...rest] = moves;
  result.current.onTouchStart(touches(...(first ?? [])));
  for (const points of rest) result.current.onTouchMove(touches(...points));
  result.current.onTouchEnd();
  return { onLeft, onRight };
}

describe('useSwipe', () => {
  it('takes a finger moved far enough across as a swipe that way', () => {
    const left = gesture([[[300, 100]], [[200, 102]], [[100, 104]]]);
    expect(left.onLeft).toHaveBeenCalledOnce();
    expect(left.onRight).not.toHaveBeenCalled();
    const right = gesture([[[100, 100]], [[100 + SWIPE_MIN_PX, 100]]]);
    expect(right.onRight).toHaveBeenCalledOnce();
    expect(right.onLeft).not.toHaveBeenCalled();
  });

  it('ignores a short move, a move more up or down than across, and two fingers', () => {
    for (const moves of [
      [[[100, 100]], [[100 + SWIPE_MIN_PX - 1, 100]]],
      [[[100, 100]], [[160, 200]]],
      [
        [
          [100, 100],
          [200, 100],
        ],
        [
          [300, 100],
          [400, 100],
        ],
      ],
    ] as Point[][][]) {
      const { onLeft, onRight } = gesture(moves);
      expect(onLeft).not.toHaveBeenCalled();
      expect(onRight).not.toHaveBeenCalled();
    }
  });

  it('goes by the last move once the finger has gone far enough', () => {
    // Out to the right, then back past the start: a swipe to the left.
    const { onLeft, onRight } = gesture([[[100, 100]], [[200, 100]], [[40, 100]]]);
    expect(onLeft).toHaveBeenCalledOnce();
    expect(onRight).not.toHaveBeenCalled();
  });
});
