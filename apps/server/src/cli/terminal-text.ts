/**
 * What the CLI prints cannot drive the operator's terminal (docs/reliability.md#what-the-cli-prints): a NEM12
 * field, a file or zip entry name, a tariff name or an argument may hold control characters, escape sequences
 * (colours, a cleared screen, a window title, a hyperlink) or bidi overrides that make text read otherwise.
 * Every line the CLI prints passes `terminalSafe` once, in `terminalSafeIo`, which runCli and buildCli put
 * around whatever they print to (the console, a test, the socket of a handed-over command): each such
 * character is written as its JSON escape (`\u001b`), so a --json result stays valid JSON and reads back the
 * same. Newline and tab are kept (multi-line messages, TSV rows); a TSV field escapes its own (`tsvRow`).
 */
import type { CliIo } from './context.ts';
import { createProgress, type Progress, type ProgressSpec } from './progress.ts';

/** C0 but tab and newline, DEL, C1, the bidi controls (ALM, LRM, RLM, embeddings, overrides, isolates), LS, PS. */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text as it may be printed: each unsafe character as its escape. Applying it twice changes nothing more. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escaped);
}

/** One TSV line: a field's own tab and line breaks are escaped so that the columns stay columns. */
export function tsvRow(fields: readonly string[]): string {
  return fields.map((field) => field.replace(/[\t\n\r]/g, escaped)).join('\t');
}

const safeIos = new WeakSet<CliIo>();

/** `io` with everything it is given made safe first: lines, progress labels, items and log lines. */
export function terminalSafeIo(io: CliIo): CliIo {
  if (safeIos.has(io)) return io;
  const safe: CliIo = {
    out: (line) => io.out(terminalSafe(line)),
    err: (line) => io.err(terminalSafe(line)),
    interactive: io.interactive,
    progress: (spec) => {
      const safeSpec: ProgressSpec = {
        ...spec,
        label: terminalSafe(spec.label),
        unit: terminalSafe(spec.unit),
      };
      // A bar draws on the terminal itself (progress.ts), so it too is given safe text only.
      return safeProgress(io.progress ? io.progress(safeSpec) : createProgress(safe, safeSpec));
    },
  };
  safeIos.add(safe);
  return safe;
}

const safeItem = (item: string | undefined) => (item === undefined ? undefined : terminalSafe(item));

function safeProgress(progress: Progress): Progress {
  return {
    update: (done, item) => progress.update(done, safeItem(item)),
    increment: (by, item) => progress.increment(by, safeItem(item)),
    setTotal: (total) => progress.setTotal(total),
    log: (line) => progress.log(terminalSafe(line)),
    stop: () => progress.stop(),
  };
}
