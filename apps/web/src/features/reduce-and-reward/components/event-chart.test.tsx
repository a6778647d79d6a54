/**
 * The event chart's focus (issue 26 item 14): a keyboard user sees which interval has focus whatever its
 * height, as a frame over the plot's whole height; it follows the arrow keys and goes when focus leaves.
 */
import type { EventProgressResponse } from '@portal/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventChartModel } from '../lib/event-chart.ts';
import { EventChart } from './event-chart.tsx';

// Usage at zero, almost zero and a full bar: the first two are a pixel high or less.
const progress: EventProgressResponse = {
  challenge: { status: 'complete', date: '2026-11-02', percent_displacement_factor: -0.3 },
  usage: {
    intervals: [0, 0.001, 0.9].map((value, i) => ({
      local_interval_start_time: `2026-11-02T17:${i % 2 ? '30' : '00'}:00`.replace(
        '17:',
        `${17 + Math.floor(i / 2)}:`,
      ),
      interval_usage_value: value,
    })),
    baseline: 2,
    average: 0.3,
    total_rewards: { cents: 0 },
  },
};

describe('event chart focus', () => {
  it('frames the focused interval over the whole plot, follows the arrow keys and goes on leaving', async () => {
    const user = userEvent.setup();
    const model = eventChartModel(progress);
    render(<EventChart progress={progress} />);
    expect(screen.queryByTestId('focus-band')).toBeNull();
    await user.tab();
    const bars = screen.getAllByRole('img');
    expect(document.activeElement).toBe(bars[0]);
    const band = () => screen.getByTestId('focus-band');
    const framed = (i: number) => {
      const bar = model.bars[i] as (typeof model.bars)[number];
      expect(Number(band().getAttribute('x'))).toBeLessThan(bar.x);
      expect(Number(band().getAttribute('x')) + Number(band().getAttribute('width'))).toBeGreaterThan(
        bar.x + bar.width,
      );
      expect(Number(band().getAttribute('y'))).toBe(model.plot.top);
      expect(Number(band().getAttribute('height'))).toBe(model.plot.bottom - model.plot.top);
    };
    framed(0);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(bars[1]);
    framed(1);
    await user.tab();
    // On to the table of values below the chart.
    expect(bars).not.toContain(document.activeElement);
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.queryByTestId('focus-band')).toBeNull();
  });
});
