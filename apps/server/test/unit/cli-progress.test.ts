/** Progress of long commands (cli/progress.ts): a bar on a terminal, plain lines at each tenth otherwise. */
import { PassThrough } from 'node:stream';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { amount, createProgress } from '../../src/cli/progress.ts';

function output(interactive: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line), interactive },
  };
}

describe('progress', () => {
  it('writes a plain line on standard error once each tenth is passed, and log lines on standard output', () => {
    const { out, err, io } = output(false);
    const progress = createProgress(io, { label: 'Sending', total: 3, unit: 'snapshot' });
    progress.increment(1, 'demo-home');
    progress.log('skipped weekly 2026-11-16 demo-new: no meter data for the period');
    progress.increment(1, 'demo-happy');
    progress.increment(0, 'demo-solar');
    progress.increment(1);
    progress.stop();
    expect(err).toEqual([
      'Sending: 33% (1 of 3 snapshots) demo-home',
      'Sending: 66% (2 of 3 snapshots) demo-happy',
      'Sending: 100% (3 of 3 snapshots) demo-solar',
    ]);
    expect(out).toEqual(['skipped weekly 2026-11-16 demo-new: no meter data for the period']);
  });

  it('says nothing when there is nothing to do, and grows a total that was too small', () => {
    const { err, io } = output(false);
    createProgress(io, { label: 'Settling', total: 0, unit: 'event' }).stop();
    expect(err).toEqual([]);
    const progress = createProgress(io, { label: 'Settling', total: 1, unit: 'event' });
    progress.update(2);
    expect(err).toEqual(['Settling: 100% (2 of 2 events)']);
  });

  it('shows bytes in kB or MB', () => {
    const bytes = { label: 'Importing', total: 0, unit: 'bytes' };
    expect(amount(bytes, 512, 40_000)).toBe('1 of 40 kB');
    expect(amount(bytes, 3_250_000, 13_000_000)).toBe('3.1 of 12.4 MB');
    expect(amount({ label: 'x', total: 0, unit: 'participant' }, 1, 1)).toBe('1 of 1 participant');
  });

  it('draws a bar on a terminal and clears it when it stops', () => {
    // cli-progress redraws on a timer (10 times a second): on fake timers, each step below lets it draw once.
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const drawnOnce = () => vi.advanceTimersByTime(150);
    const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    let drawn = '';
    terminal.on('data', (chunk) => {
      drawn += chunk;
    });
    const { out, err, io } = output(true);
    const progress = createProgress(
      io,
      { label: 'Importing', total: 2 * 1024 * 1024, unit: 'bytes' },
      terminal,
    );
    progress.update(1024 * 1024, 'day.csv');
    progress.log('a line above the bar');
    drawnOnce();
    progress.update(2 * 1024 * 1024);
    drawnOnce();
    progress.stop();
    expect(drawn).toContain('Importing');
    expect(drawn).toMatch(/100% \| 2\.0 of 2\.0 MB \| day\.csv/);
    expect(drawn).toContain('a line above the bar');
    // Cleared at the end (clearOnComplete): the summary that follows starts on a clean line.
    expect(drawn.endsWith('\u001b[0J')).toBe(true);
    expect([...out, ...err]).toEqual([]);
  });
});
