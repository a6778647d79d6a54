/**
 * Answers compressed once, when they are built (decision 0036), and the encoding a client takes: one place for
 * both, used by the stored Tracker answers and the HTTP layer that sends them.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings an answer is kept in, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * Brotli at quality 5: half a millisecond for a week's 72 KB; 9 took ten times as long for no smaller body, and
 * 11 a tenth of a second, which a week built by its first reader cannot spend.
 */
export const brotli = promisify((input: Buffer, done: (error: Error | null, result: Buffer) => void) =>
  zlib.brotliCompress(
    input,
    {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      },
    },
    done,
  ),
);

/** gzip at zlib's default level (6). */
export const gzip = promisify((input: Buffer, done: (error: Error | null, result: Buffer) => void) =>
  zlib.gzip(input, done),
);

/** A strong validator of a body: its SHA-1, quoted as an entity tag. */
export const entityTagOf = (body: Buffer | string) =>
  `"${createHash('sha1').update(body).digest('base64url')}"`;

/** The best encoding the client takes (a q of 0 refuses one), or null for the identity. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  for (const encoding of ENCODINGS) {
    if (accepted.has(encoding) || accepted.has('*')) return encoding;
  }
  return null;
}
