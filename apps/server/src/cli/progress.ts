/**
 * Progress of a long command: a bar on standard error when it is a terminal (cli-progress), otherwise a plain
 * line at every tenth of the way, so that a log file or a cron mail shows how far a run got without a line
 * per item. Commands see only the Progress interface; a command handed to the running server sends its
 * progress to the operator's terminal, which draws it with these same classes (hand-over.ts).
 */
import cliProgress from 'cli-progress';

export interface ProgressSpec {
  /** What is being done, e.g. 'Importing'. */
  label: string;
  total: number;
  /** 'bytes' (shown in MB), or the noun of what is counted, e.g. 'snapshot'. */
  unit: string;
}

export interface Progress {
  /** Sets how much is done, naming the item at work. */
  update(done: number, item?: string): void;
  increment(by?: number, item?: string): void;
  /** A total found to be larger (or smaller) on the way. */
  setTotal(total: number): void;
  /** A line for the operator while the bar runs: above the bar on a terminal, on standard output otherwise. */
  log(line: string): void;
  /** Ends it (a bar is cleared from the terminal: the command's summary follows). */
  stop(): void;
}

/** Where progress goes: the command's output lines and whether standard error is a terminal. */
export interface ProgressOutput {
  out: (line: string) => void;
  err: (line: string) => void;
  interactive: boolean;
}

/** '3.1 of 12.4 MB', '12 of 40 kB' or '30 of 100 snapshots'. */
export function amount(spec: ProgressSpec, done: number, total: number): string {
  if (spec.unit === 'bytes') {
    return total >= 1024 * 1024
      ? `${(done / 1024 / 1024).toFixed(1)} of ${(total / 1024 / 1024).toFixed(1)} MB`
      : `${Math.ceil(done / 1024)} of ${Math.ceil(total / 1024)} kB`;
  }
  return `${done.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')} ${spec.unit}${total === 1 ? '' : 's'}`;
}

abstract class CountingProgress implements Progress {
  protected done = 0;
  protected total: number;
  protected item = '';
  constructor(protected readonly spec: ProgressSpec) {
    this.total = Math.max(0, spec.total);
  }
  update(done: number, item?: string) {
    this.done = done;
    if (item !== undefined) this.item = item;
    if (this.done > this.total) this.total = this.done;
    this.render();
  }
  increment(by = 1, item?: string) {
    this.update(this.done + by, item);
  }
  setTotal(total: number) {
    this.total = Math.max(total, this.done);
    this.render();
  }
  abstract log(line: string): void;
  abstract stop(): void;
  protected abstract render(): void;
}

/** Plain lines on standard error: '<label>: 40% (4 of 10 events)' once each tenth is passed. */
class PlainProgress extends CountingProgress {
  private lastTenth = 0;
  constructor(
    private readonly output: ProgressOutput,
    spec: ProgressSpec,
  ) {
    super(spec);
  }
  log(line: string) {
    this.output.out(line);
  }
  stop() {}
  protected render() {
    if (this.total === 0) return;
    const tenth = Math.floor((this.done / this.total) * 10);
    if (tenth <= this.lastTenth) return;
    this.lastTenth = tenth;
    const percent = Math.floor((this.done / this.total) * 100);
    this.output.err(
      `${this.spec.label}: ${percent}% (${amount(this.spec, this.done, this.total)})${this.item ? ` ${this.item}` : ''}`,
    );
  }
}

/** A bar on the terminal (standard error), cleared when it stops. */
class TerminalProgress extends CountingProgress {
  private readonly bars: cliProgress.MultiBar;
  private readonly bar: cliProgress.SingleBar;
  constructor(spec: ProgressSpec, stream: NodeJS.WritableStream) {
    super(spec);
    this.bars = new cliProgress.MultiBar(
      {
        format: `${spec.label} {bar} {percentage}% | {amount}{item}`,
        hideCursor: true,
        clearOnComplete: true,
        stream,
      },
      cliProgress.Presets.shades_classic,
    );
    this.bar = this.bars.create(Math.max(1, this.total), 0, {
      amount: amount(spec, 0, this.total),
      item: '',
    });
  }
  log(line: string) {
    this.bars.log(`${line}\n`);
  }
  stop() {
    this.bars.stop();
  }
  protected render() {
    this.bar.setTotal(Math.max(1, this.total));
    this.bar.update(this.done, {
      amount: amount(this.spec, this.done, this.total),
      item: this.item ? ` | ${this.item}` : '',
    });
  }
}

export function createProgress(
  output: ProgressOutput,
  spec: ProgressSpec,
  stream: NodeJS.WritableStream = process.stderr,
): Progress {
  return output.interactive ? new TerminalProgress(spec, stream) : new PlainProgress(output, spec);
}
