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
 * A body stored as a compressed prefix, to which each request appends a short suffix (decision 0036: the
 * Tracker's week, stored for as long as its data holds, and the forecast of the day). The stored forms are not
 * complete streams; `withSuffix` completes them:
 * - br: the prefix compressed and flushed to a byte boundary (BROTLI_OPERATION_FLUSH); the suffix follows as
 *   uncompressed meta-blocks (RFC 7932 section 9.2: ISLAST 0, MNIBBLES 4, MLEN - 1, ISUNCOMPRESSED 1, then the
 *   bytes) and an empty last meta-block;
 * - gzip: the gzip header, the prefix as raw deflate flushed to a byte boundary (Z_SYNC_FLUSH), then 8 bytes:
 *   the prefix's CRC-32 and length; the suffix follows as its own raw deflate stream, which needs nothing of
 *   the prefix's, then the trailer of the whole (RFC 1952).
 */
export interface CompressedPrefix {
  br: Buffer;
  gzip: Buffer;
}

/**
 * Brotli at quality 5: half a millisecond for a week's 72 KB; 9 took ten times as long for no smaller body, and
 * 11 a tenth of a second, which a week built by its first reader cannot spend.
 */
const brotliFlushed = promisify((input: Buffer, done: (error: Error | null, result: Buffer) => void) =>
  zlib.brotliCompress(
    input,
    {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      },
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    },
    done,
  ),
);

/** Raw deflate at zlib's default level (6); the gzip header and trailer are written here. */
const deflateFlushed = promisify((input: Buffer, done: (error: Error | null, result: Buffer) => void) =>
  zlib.deflateRaw(input, { finishFlush: zlib.constants.Z_SYNC_FLUSH }, done),
);

/** gzip's fixed header: deflate, no name or comment, no time, operating system unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The empty last meta-block that ends a brotli stream: ISLAST 1, ISLASTEMPTY 1. */
const BROTLI_END = Buffer.from([0x03]);
/** An uncompressed meta-block holds at most 2^16 bytes with a 4-nibble length. */
const BROTLI_RAW_BLOCK = 65_536;

/** The prefix in the stored forms that `withSuffix` completes. */
export async function compressPrefix(prefix: Buffer): Promise<CompressedPrefix> {
  const [br, deflated] = await Promise.all([brotliFlushed(prefix), deflateFlushed(prefix)]);
  const sums = Buffer.alloc(8);
  sums.writeUInt32LE(zlib.crc32(prefix) >>> 0, 0);
  sums.writeUInt32LE(prefix.length >>> 0, 4);
  return { br, gzip: Buffer.concat([GZIP_HEADER, deflated, sums]) };
}

function brotliRawBlocks(suffix: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < suffix.length; start += BROTLI_RAW_BLOCK) {
    const bytes = suffix.subarray(start, start + BROTLI_RAW_BLOCK);
    // Bits from the lowest: ISLAST 0, MNIBBLES 0 (four), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1, 4 bits of padding.
    const header = ((bytes.length - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([header & 0xff, (header >>> 8) & 0xff, header >>> 16]), bytes);
  }
  return parts;
}

/** The stored prefix (`compressPrefix`, or the text itself for the identity) completed by the suffix. */
export function withSuffix(encoding: Encoding | 'identity', stored: Buffer, suffix: Buffer): Buffer {
  if (encoding === 'identity') return Buffer.concat([stored, suffix]);
  if (encoding === 'br') return Buffer.concat([stored, ...brotliRawBlocks(suffix), BROTLI_END]);
  const end = stored.length - 8;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(suffix, stored.readUInt32LE(end)) >>> 0, 0);
  trailer.writeUInt32LE((stored.readUInt32LE(end + 4) + suffix.length) >>> 0, 4);
  return Buffer.concat([stored.subarray(0, end), zlib.deflateRawSync(suffix), trailer]);
}

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
