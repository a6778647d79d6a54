/**
 * Stored prefixes completed per request (lib/compression.ts, decision 0036): whatever the prefix and the suffix,
 * the completed br and gzip bodies decode to the two texts joined, by Node's decoders here and by Chromium's in
 * the end-to-end tests (the Tracker's answers are sent so).
 */
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptedEncoding,
  acceptsEncoding,
  compressPrefix,
  crc32Combine,
  deflatedPart,
  gzipOfParts,
  storedGzipPart,
  withSuffix,
} from '../../src/lib/compression.ts';

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 3000 }),
  // Repetitive, as JSON is: long matches in the prefix that the suffix must not be taken into.
  fc
    .array(fc.constantFrom('{"day":', '"12.34"', ',', '}', '[', ']', 'null'), { maxLength: 4000 })
    .map((parts) => parts.join('')),
);

async function joined(prefix: Buffer, suffix: Buffer) {
  const stored = await compressPrefix(prefix);
  return {
    br: zlib.brotliDecompressSync(withSuffix('br', stored.br, suffix)),
    gzip: zlib.gunzipSync(withSuffix('gzip', stored.gzip, suffix)),
    identity: withSuffix('identity', prefix, suffix),
  };
}

describe('a stored prefix completed by a suffix', () => {
  it('decodes to the prefix and the suffix joined, in every encoding (property)', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (prefix, suffix) => {
        // Bytes joined, not strings: a lone surrogate at the end of one and the start of the other would pair.
        const [head, tail] = [Buffer.from(prefix), Buffer.from(suffix)];
        const whole = Buffer.concat([head, tail]);
        const bodies = await joined(head, tail);
        expect(bodies.br.equals(whole)).toBe(true);
        expect(bodies.gzip.equals(whole)).toBe(true);
        expect(bodies.identity.equals(whole)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('takes a suffix longer than one uncompressed brotli meta-block, and an empty prefix or suffix', async () => {
    const long = Buffer.alloc(65_536 * 2 + 17, 'x');
    for (const [prefix, suffix] of [
      [Buffer.from('{"a":1,'), long],
      [Buffer.alloc(0), Buffer.from('}')],
      [Buffer.from('{"a":1}'), Buffer.alloc(0)],
      [Buffer.alloc(0), Buffer.alloc(0)],
    ] as const) {
      const bodies = await joined(prefix, suffix);
      const whole = Buffer.concat([prefix, suffix]);
      expect(bodies.br.equals(whole)).toBe(true);
      expect(bodies.gzip.equals(whole)).toBe(true);
    }
  });

  it('gives the gzip trailer of the whole body: its CRC-32 and its length', async () => {
    const prefix = Buffer.from('{"week":"2026-11-16",');
    const suffix = Buffer.from('"forecast":null}');
    const body = withSuffix('gzip', (await compressPrefix(prefix)).gzip, suffix);
    const whole = Buffer.concat([prefix, suffix]);
    expect(body.readUInt32LE(body.length - 8)).toBe(zlib.crc32(whole));
    expect(body.readUInt32LE(body.length - 4)).toBe(whole.length);
  });
});

describe('a gzip body joined from parts compressed apart (decision 0050)', () => {
  it("gives the CRC-32 of two texts joined from each one's CRC and the second's length (property)", () => {
    fc.assert(
      fc.property(text, text, (first, second) => {
        const [a, b] = [Buffer.from(first), Buffer.from(second)];
        expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), b.length)).toBe(zlib.crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 500 },
    );
  });

  it('decodes to the texts of its parts in order, whether compressed here or stored by compressPrefix (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ text, stored: fc.boolean() }), { maxLength: 6 }),
        text,
        async (pieces, last) => {
          const parts = await Promise.all(
            pieces.map(async ({ text: piece, stored }) =>
              stored
                ? storedGzipPart((await compressPrefix(Buffer.from(piece))).gzip)
                : deflatedPart(Buffer.from(piece)),
            ),
          );
          const body = gzipOfParts(parts, Buffer.from(last));
          const whole = Buffer.concat([
            ...pieces.map(({ text: piece }) => Buffer.from(piece)),
            Buffer.from(last),
          ]);
          // gunzip checks the trailer: the whole's CRC-32 and length.
          expect(zlib.gunzipSync(body).equals(whole)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the encodings a client takes', () => {
  it('names the best for a stored answer, and says whether gzip is taken at all', () => {
    const cases: [string | undefined, 'br' | 'gzip' | null, boolean][] = [
      ['gzip, deflate, br, zstd', 'br', true],
      ['gzip;q=1, br;q=0', 'gzip', true],
      ['br', 'br', false],
      ['*', 'br', true],
      ['gzip;q=0, br', 'br', false],
      ['identity', null, false],
      [undefined, null, false],
      ['', null, false],
    ];
    for (const [header, best, gzip] of cases) {
      expect(acceptedEncoding(header), String(header)).toBe(best);
      expect(acceptsEncoding(header, 'gzip'), String(header)).toBe(gzip);
    }
  });
});
