import { describe, expect, it } from 'vitest';
import {
  dailyTrendText,
  formatCurtailedKwh,
  formatHours,
  roundToHalfHour,
  showSolarAdvantageWelcome,
  trendDirection,
  weeklyTrendText,
} from './insights.ts';

const trend = (up: boolean, down: boolean, value: number) => ({
  up,
  down,
  stable: !up && !down,
  value_to_times: value,
});

describe('insights in words', () => {
  it('says how the week compares with the weekly average', () => {
    expect(weeklyTrendText(trend(true, false, 1.25))).toBe('25% more than your weekly average');
    expect(weeklyTrendText(trend(false, true, 0.8))).toBe('20% less than your weekly average');
    expect(weeklyTrendText(trend(false, false, 1.02))).toBe('About the same as your weekly average');
    expect(trendDirection(trend(true, false, 1.001))).toBe('stable');
    expect(dailyTrendText(trend(true, false, 1.5), 'Tuesday')).toBe('50% more than your average Tuesday');
  });

  it('rounds curtailed hours to the nearest half hour and kWh to 2 decimals (docs/rules.md#limits)', () => {
    expect(roundToHalfHour(3.2)).toBe(3);
    expect(roundToHalfHour(3.25)).toBe(3.5);
    expect(roundToHalfHour(3.74)).toBe(3.5);
    expect(roundToHalfHour(3.75)).toBe(4);
    expect(formatHours(3.26)).toBe('3.5');
    expect(formatHours(56)).toBe('56');
    expect(formatCurtailedKwh(99.834)).toBe('99.83');
    expect(formatCurtailedKwh(4.125)).toBe('4.13');
    expect(formatCurtailedKwh(7)).toBe('7.00');
  });

  it('shows the Solar Advantage welcome when applicable and not yet seen', () => {
    const c = { cumulative_hours_curtailed: 1, cumulative_kwh_curtailed: 1, cumulative_benefit: 1 };
    expect(showSolarAdvantageWelcome({ ...c, applicable: true, welcome_banner: false })).toBe(true);
    expect(showSolarAdvantageWelcome({ ...c, applicable: true, welcome_banner: true })).toBe(false);
    expect(showSolarAdvantageWelcome({ ...c, applicable: false, welcome_banner: false })).toBe(false);
    expect(showSolarAdvantageWelcome(null)).toBe(false);
  });
});
