/**
 * Stored prefixes completed per request (lib/compression.ts, decision 0036): whatever the prefix and the suffix,
 * the completed br and gzip bodies decode to the two texts joined, by Node's decoders here and by Chromium's in
 * the end-to-end tests (the Tracker's answers are sent so).
 */
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressPrefix, withSuffix } from '../../src/lib/compression.ts';

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
