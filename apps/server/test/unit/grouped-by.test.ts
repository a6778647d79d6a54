/** groupedBy: Map.groupBy's contract (which Node 20 lacks), with each row turned into the value kept. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupedBy } from '../../src/lib/grouped-by.ts';

const rows = fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd'), n: fc.integer() }), {
  maxLength: 60,
});

describe('groupedBy', () => {
  it('keeps every row once, under its own key, in the rows’ order; the groups in the order of their first row', () => {
    fc.assert(
      fc.property(rows, (list) => {
        const groups = groupedBy(list, (row) => row.key);
        expect([...groups.keys()]).toEqual([...new Set(list.map((row) => row.key))]);
        for (const [key, group] of groups) expect(group).toEqual(list.filter((row) => row.key === key));
      }),
    );
  });

  it('keeps what the value function makes of each row', () => {
    fc.assert(
      fc.property(rows, (list) => {
        const groups = groupedBy(
          list,
          (row) => row.key,
          (row) => row.n * 2,
        );
        for (const [key, group] of groups)
          expect(group).toEqual(list.filter((row) => row.key === key).map((row) => row.n * 2));
      }),
    );
  });

  it('gives an empty map for no rows', () => {
    expect(groupedBy([], (row: { key: string }) => row.key).size).toBe(0);
  });
});
