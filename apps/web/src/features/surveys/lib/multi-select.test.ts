import { describe, expect, it } from 'vitest';
import { isOptionDisabled, toggleOption } from './multi-select.ts';

const skip = ['skip'];
const no = ['no'];

describe('multi-select rules (docs/rules.md#states-and-transitions)', () => {
  it("chooses 'Rather not say' only while nothing else is selected, and then it is the whole answer", () => {
    expect(toggleOption([], 'skip', skip)).toEqual(['skip']);
    expect(isOptionDisabled([], 'skip', skip)).toBe(false);
    expect(isOptionDisabled(['skip'], 'skip', skip)).toBe(false);
  });

  it("disables 'Rather not say' once any option is selected, and ignores a tick on it", () => {
    expect(isOptionDisabled(['tv'], 'skip', skip)).toBe(true);
    expect(isOptionDisabled(['tv', 'dryer'], 'skip', skip)).toBe(true);
    expect(toggleOption(['tv'], 'skip', skip)).toEqual(['tv']);
  });

  it('removes the skip value when another option is ticked', () => {
    expect(toggleOption(['skip'], 'tv', skip)).toEqual(['tv']);
    expect(isOptionDisabled(['skip'], 'tv', skip)).toBe(false);
  });

  it("treats the pool question's 'No' the same way: exclusive, disabled beside others, removed by a tick", () => {
    expect(toggleOption([], 'no', no)).toEqual(['no']);
    expect(isOptionDisabled(['spa'], 'no', no)).toBe(true);
    expect(toggleOption(['spa'], 'no', no)).toEqual(['spa']);
    expect(toggleOption(['no'], 'spa', no)).toEqual(['spa']);
    expect(toggleOption(['no'], 'pool_pump', no)).toEqual(['pool_pump']);
  });

  it('adds other options alongside each other', () => {
    expect(toggleOption(['tv'], 'dryer', skip)).toEqual(['tv', 'dryer']);
    expect(isOptionDisabled(['tv'], 'dryer', skip)).toBe(false);
  });

  it('unticks a ticked option, including an exclusive one', () => {
    expect(toggleOption(['tv', 'dryer'], 'tv', skip)).toEqual(['dryer']);
    expect(toggleOption(['skip'], 'skip', skip)).toEqual([]);
    expect(toggleOption(['no'], 'no', no)).toEqual([]);
    expect(toggleOption(['spa'], 'spa', no)).toEqual([]);
  });

  it('never leaves an exclusive value beside another, whatever the sequence of ticks', () => {
    const options = ['skip', 'a', 'b', 'c'];
    let selected: string[] = [];
    // A fixed pseudo-random walk through ticks.
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      selected = toggleOption(selected, options[seed % options.length] as string, skip);
      expect(new Set(selected).size).toBe(selected.length);
      if (selected.includes('skip')) expect(selected).toEqual(['skip']);
    }
  });

  it('does not change the list it is given', () => {
    const selected = Object.freeze(['skip']) as readonly string[];
    toggleOption(selected, 'tv', skip);
    expect(selected).toEqual(['skip']);
  });
});
