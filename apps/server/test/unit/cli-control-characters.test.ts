/**
 * Nothing a file or an argument holds can drive the operator's terminal (issue 25 item 5): control characters
 * (C0 but newline and tab, DEL, C1), escape sequences and bidi overrides in NEM12 fields, file names, zip
 * entry names, tariff names and arguments reach standard output and error escaped (`\u001b`), through every
 * path the CLI prints by: the import's summary, warnings and rejections, its progress, its error, its --json
 * result, a TSV listing, a command-line error and a failed command's message. A property over such strings.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type CliIo, runCli } from '../../src/cli/main.ts';
import type { ProgressSpec } from '../../src/cli/progress.ts';
import { runPortal, withTemporaryDataDir } from '../helpers/cli.ts';
import { NEM12_SAMPLES } from '../helpers/samples.ts';
import { zipOf } from '../helpers/zip.ts';

const dataDir = withTemporaryDataDir('portal-cli-control-', {
  migrated: true,
  prepare: async () => {
    expect((await runPortal('db', 'migrate')).code).toBe(0);
  },
  // The run's migrated DATA_DIR is made beside the first files: a file may wait for it.
  timeoutMs: 120_000,
});

/** What must never reach the terminal raw: every control character but newline and tab, and bidi controls. */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const sequences = [
  '\u001b[31m', // colour
  '\u001b[2J\u001b[H', // clear the screen
  '\u001b]0;pwned\u0007', // set the window title
  '\u001b]8;;https://evil.example\u001b\\', // a hyperlink
  '\u009b2K', // C1 CSI: erase the line
  '\u202e', // right-to-left override
  '\u2066',
  '\r',
  '\u0008',
  '\u007f',
  '\u0085',
  '\u2028',
];
/** Text with control characters in it: sequences, any character of the unsafe ranges, plain letters. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(...sequences),
      fc.integer({ min: 1, max: 0x1f }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
      fc.constantFrom('\u061c', '\u200e', '\u200f', '\u202a', '\u202d', '\u2069', '\u2029'),
      fc.string({ maxLength: 3 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''))
  .filter((text) => UNSAFE.test(text));

/**
 * As a file name can hold it (no slash, no NUL; no backslash, which a zip entry's name reads as a folder
 * separator, APPNOTE 4.4.17) and as a CSV field can (no comma, quote or line break).
 */
const asFileName = (text: string) =>
  text.replaceAll('/', '_').replaceAll('\\', '_').replaceAll('\u0000', '_').slice(0, 40);
const asField = (text: string) => text.replace(/[,"\n\r]/g, '_');

const sample = fs.readFileSync(path.join(NEM12_SAMPLES, 'Example_NEM12_actual_interval.csv'), 'utf8');
/**
 * Imported with a warning: the header's creation time is not a date. It starts with a letter: a field of only
 * what the parser trims (U+2028, a vertical tab) reads as no creation time, which is no warning.
 */
const warned = (field: string) => sample.replace(/^100,NEM12,\d+,/, () => `100,NEM12,T${asField(field)},`);
/** Rejected: the NMI is not letters or digits. (Both put the field in by a function: a replacement string would
 * read a `$'` or `$&` in it as a pattern, and the file would not be the one meant.) */
const rejected = (field: string) => sample.replace(/^200,VABD000163,/m, () => `200,${asField(field)},`);

interface Printed {
  code: number;
  out: string[];
  err: string[];
  progress: string[];
}

/** Runs `portal <argv>`, keeping what it prints and what it hands to a progress bar (as a terminal would draw it). */
async function portal(argv: string[], interactive: boolean): Promise<Printed> {
  const printed: Printed = { code: 0, out: [], err: [], progress: [] };
  const io: CliIo = {
    out: (line) => printed.out.push(line),
    err: (line) => printed.err.push(line),
    interactive,
    ...(interactive
      ? {
          progress: (spec: ProgressSpec) => {
            printed.progress.push(spec.label, spec.unit);
            return {
              update: (_done, item) => printed.progress.push(item ?? ''),
              increment: (_by, item) => printed.progress.push(item ?? ''),
              setTotal: () => {},
              log: (line) => printed.progress.push(line),
              stop: () => {},
            };
          },
        }
      : {}),
  };
  printed.code = await runCli(argv, io);
  return printed;
}

function expectNothingUnsafe(printed: Printed, what: string) {
  for (const line of [...printed.out, ...printed.err, ...printed.progress]) {
    expect(UNSAFE.test(line), `${what} printed ${JSON.stringify(line)}`).toBe(false);
  }
}

let run = 0;

it('prints every control character escaped, whatever path it takes (property)', async () => {
  await fc.assert(
    fc.asyncProperty(hostile, async (text) => {
      run += 1;
      const folder = path.join(dataDir(), `run-${run}`);
      fs.mkdirSync(folder);
      const name = asFileName(text);
      fs.writeFileSync(path.join(folder, `warned-${name}.csv`), warned(text));
      fs.writeFileSync(path.join(folder, `rejected-${name}.csv`), rejected(text));
      fs.writeFileSync(
        path.join(folder, 'entries.zip'),
        zipOf([
          { name: `w-${name}.csv`, content: warned(text) },
          { name: `r-${name}.csv`, content: rejected(text) },
        ]),
      );

      // The summary, warnings, rejections, plain progress and the error: not a terminal.
      const plain = await portal(['import', 'nem12', folder], false);
      expect(plain.code).toBe(1);
      expectNothingUnsafe(plain, 'import nem12');
      expect(plain.out.some((line) => line.startsWith('warning: '))).toBe(true);
      expect(plain.out.filter((line) => line.startsWith('rejected: '))).toHaveLength(2);

      // On a terminal, as --json: valid JSON holding the names as they are.
      const json = await portal(['import', 'nem12', '--json', folder], true);
      expectNothingUnsafe(json, 'import nem12 --json');
      expect(json.progress.length).toBeGreaterThan(2);
      const files = (JSON.parse(json.out.join('\n')) as { files: { file: string }[] }).files.map(
        (file) => file.file,
      );
      expect(files).toContain(path.join(folder, `warned-${name}.csv`));
      expect(files).toContain(`${path.join(folder, 'entries.zip')}:r-${name}.csv`);

      // A TSV listing: each row keeps its columns, whatever a name holds.
      const tariffs = path.join(folder, 'tariffs.json');
      fs.writeFileSync(
        tariffs,
        JSON.stringify([
          {
            code: `CONTROL-${run}`,
            name: `Plan ${text}`.slice(0, 100),
            supply_cents_per_day: '100.00',
            usage: { type: 'flat', cents_per_kwh: '30.00' },
          },
        ]),
      );
      const imported = await portal(['tariffs', 'import', tariffs], false);
      expect(imported.code, imported.err.join('\n')).toBe(0);
      const listed = await portal(['tariffs', 'list'], false);
      expectNothingUnsafe(listed, 'tariffs list');
      const [header, ...rows] = listed.out.slice(0, -1);
      for (const row of rows) expect(row.split('\t')).toHaveLength(header?.split('\t').length ?? 0);

      // A command-line error (commander's message) and a failed command's message.
      const unknownOption = await portal(['import', 'nem12', `--x${text}`, folder], false);
      expect(unknownOption.code).not.toBe(0);
      expectNothingUnsafe(unknownOption, 'an unknown option');
      const failed = await portal(
        ['export', '--account', text, '--from', '2026-01-01', '--to', '2026-01-02'],
        false,
      );
      expect(failed.code).toBe(1);
      expectNothingUnsafe(failed, 'export --account');
    }),
    // The text once found to fail: a `$'` a replacement string would have read as a pattern.
    { numRuns: 6, examples: [["\u0001$'"]] },
  );
});
