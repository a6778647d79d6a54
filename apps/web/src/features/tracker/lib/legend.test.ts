import { describe, expect, it } from 'vitest';
import { legendEntries } from './legend.ts';

const base = { unit: 'dollars' as const, hasSolar: false, budget: 40, hasEstimates: false };

describe('legend entries (docs/screens.md)', () => {
  it('week view: Usage, Supply, Average and Budget; Solar Export only for solar accounts', () => {
    expect(legendEntries({ ...base, view: 'week' })).toEqual(['usage', 'supply', 'average', 'budget']);
    expect(legendEntries({ ...base, view: 'week', hasSolar: true })).toEqual([
      'usage',
      'supply',
      'solarExport',
      'average',
      'budget',
    ]);
  });

  it('day view: no Supply and no Budget', () => {
    expect(legendEntries({ ...base, view: 'day' })).toEqual(['usage', 'average']);
    expect(legendEntries({ ...base, view: 'day', hasSolar: true })).toEqual([
      'usage',
      'solarExport',
      'average',
    ]);
  });

  it('leaves Budget out when no budget is set (no line is drawn)', () => {
    expect(legendEntries({ ...base, view: 'week', budget: 0 })).toEqual(['usage', 'supply', 'average']);
  });

  it('in kWh shows only what is drawn in kWh, and Estimated when a column has estimated reads', () => {
    expect(legendEntries({ ...base, view: 'week', unit: 'kwh', hasSolar: true })).toEqual([
      'usage',
      'solarExport',
    ]);
    expect(legendEntries({ ...base, view: 'day', hasEstimates: true })).toEqual([
      'usage',
      'average',
      'estimated',
    ]);
  });
});
