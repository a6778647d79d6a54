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

/** The prefix in one of the stored forms that `withSuffix` completes. */
export async function compressPrefixAs(prefix: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotliFlushed(prefix);
  const deflated = await deflateFlushed(prefix);
  const sums = Buffer.alloc(8);
  sums.writeUInt32LE(zlib.crc32(prefix) >>> 0, 0);
  sums.writeUInt32LE(prefix.length >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, deflated, sums]);
}

/** The prefix in both stored forms that `withSuffix` completes. */
export async function compressPrefix(prefix: Buffer): Promise<CompressedPrefix> {
  const [br, gzip] = await Promise.all([compressPrefixAs(prefix, 'br'), compressPrefixAs(prefix, 'gzip')]);
  return { br, gzip };
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
  return gzipOfParts([storedGzipPart(stored)], suffix);
}

/**
 * A piece of a gzip body made of parts compressed apart (decision 0050): raw deflate flushed to a byte boundary
 * (Z_SYNC_FLUSH, so not the last block), with the CRC-32 and length of the text it holds. Deflate never refers
 * back across a part, so parts join as they are; only the trailer needs the whole's CRC, which `crc32Combine`
 * gives from the parts'.
 */
export interface DeflatedPart {
  deflated: Buffer;
  crc: number;
  length: number;
}

/** Text as a part of a gzip body (`gzipOfParts`). */
export function deflatedPart(text: Buffer): DeflatedPart {
  return {
    deflated: zlib.deflateRawSync(text, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    crc: zlib.crc32(text) >>> 0,
    length: text.length,
  };
}

/** The gzip form that `compressPrefix` stores, as a part: its header left out, its sums read. */
export function storedGzipPart(stored: Buffer): DeflatedPart {
  const end = stored.length - 8;
  return {
    deflated: stored.subarray(GZIP_HEADER.length, end),
    crc: stored.readUInt32LE(end),
    length: stored.readUInt32LE(end + 4),
  };
}

/** A whole gzip body: the parts in order, then `last` (text) compressed as the final block, then the trailer. */
export function gzipOfParts(parts: DeflatedPart[], last: Buffer): Buffer {
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combine(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(last, crc) >>> 0, 0);
  trailer.writeUInt32LE((length + last.length) >>> 0, 4);
  return Buffer.concat([
    GZIP_HEADER,
    ...parts.map((part) => part.deflated),
    zlib.deflateRawSync(last),
    trailer,
  ]);
}

/** CRC-32's reversed polynomial (gzip, zlib.crc32). */
const CRC_POLYNOMIAL = 0xedb88320;

/** a(x)·b(x) modulo the CRC polynomial, bits reflected as CRC-32 keeps them (zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let bits = b >>> 0;
  for (let mask = 0x80000000; mask !== 0; mask >>>= 1) {
    if (a & mask) product ^= bits;
    bits = bits & 1 ? (bits >>> 1) ^ CRC_POLYNOMIAL : bits >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial for k = 0…31, each the square of the one before (zlib's x2n_table). */
const X_TO_TWO_TO_THE = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k += 1) table.push(multiplyModP(table[k - 1] as number, table[k - 1] as number));
  return table;
})();

/**
 * The CRC-32 of A followed by B from A's CRC, B's CRC and B's length (zlib's crc32_combine, which Node does not
 * expose): A's CRC shifted over B's length (times x^(8·length)), added to B's. Lengths up to 2^32 - 1 bytes.
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  // x^(8·lengthB): the bits of lengthB from the third power of two up, as zlib's x2nmodp(len2, 3).
  let shift = 0x80000000;
  let k = 3;
  for (let n = lengthB >>> 0; n !== 0; n >>>= 1, k += 1) {
    if (n & 1) shift = multiplyModP(X_TO_TWO_TO_THE[k & 31] as number, shift);
  }
  return (multiplyModP(shift, crcA) ^ crcB) >>> 0;
}

/** A strong validator of a body: its SHA-1, quoted as an entity tag. */
export const entityTagOf = (body: Buffer | string) =>
  `"${createHash('sha1').update(body).digest('base64url')}"`;

/** The content codings a client takes (a q of 0 refuses one), in lower case. */
function codingsTaken(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of header?.split(',') ?? []) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  return accepted;
}

/** The best encoding the client takes, or null for the identity. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = codingsTaken(header);
  return ENCODINGS.find((encoding) => accepted.has(encoding) || accepted.has('*')) ?? null;
}

/** Whether the client takes this encoding, best or not. */
export function acceptsEncoding(header: string | undefined, encoding: Encoding): boolean {
  const accepted = codingsTaken(header);
  return accepted.has(encoding) || accepted.has('*');
}
