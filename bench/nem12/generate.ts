/**
 * Writes a benchmark NEM12 file with the same generator as the demo data: `meters` meters over `days` days of
 * half-hourly reads (some with solar export and controlled load). Usage: generate.ts <file> <meters> <days>
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { addDays } from '@portal/contracts';
import { benchmarkNmi, benchmarkProfile, generateNem12 } from '../../apps/server/src/demo/nem12-generator.ts';

export async function generateBenchmarkFile(file: string, meters: number, days: number): Promise<void> {
  const to = '2026-10-31';
  const from = addDays(to, -(days - 1));
  const profiles = Array.from({ length: meters }, (_, index) => ({
    nmi: benchmarkNmi(index),
    profile: benchmarkProfile(index),
  }));
  await pipeline(Readable.from(generateNem12(profiles, from, to)), fs.createWriteStream(file));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, meters, days] = process.argv.slice(2);
  if (!file || !meters || !days) {
    console.error('usage: generate.ts <file> <meters> <days>');
    process.exit(2);
  }
  await generateBenchmarkFile(file, Number(meters), Number(days));
}
