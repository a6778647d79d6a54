/**
 * What completing a stored Tracker week costs per request (decision 0036), beside what compressing the whole
 * answer per request would cost (the alternative the stored, open-ended forms avoid). One process, no load.
 * The answer: a saved usage answer (`curl -s 'http://127.0.0.1:3000/api/tracker/usage?account_id=demo-solar'
 * > answer.json`), or by default one of the same shape made here (7 days of 24 hours with every field, figures
 * that vary as real ones do); its forecast is the suffix. Prints the median of 2,000 runs (300 for the whole
 * compressions), in microseconds.
 *   node --import tsx bench/usage/splice.ts [answer.json]
 */

import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { compressPrefix, entityTagOf, withSuffix } from '../../apps/server/src/lib/compression.ts';

/** A week's answer of the real shape: every hour of 7 days with its figures, insights and forecast. */
function madeAnswer(): string {
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const money = () => (next() * 2).toFixed(2);
  const column = () => ({
    total_spend: money(),
    usage: money(),
    supply: '0.04',
    solar: next() < 0.4 ? `-${money()}` : '0.00',
    concession: '0.00',
    usage_kwh: (next() * 3).toFixed(2),
  });
  const days = Array.from({ length: 7 }, (_, day) => ({
    interval_range: { from: `2026-11-${16 + day}T00:00`, to: `2026-11-${16 + day}T23:59` },
    column_data: column(),
    average: column(),
    estimated_share: 0,
    insights: { trend: next() < 0.5 ? 'up' : 'down', diversion: { period: 'evening', value: money() } },
    intervals: Array.from({ length: 24 }, (_, hour) => ({
      interval_range: {
        from: `${String(hour).padStart(2, '0')}:00`,
        to: `${String(hour).padStart(2, '0')}:59`,
      },
      column_data: column(),
      average: column(),
      estimated_share: 0,
      insights: {},
    })),
  }));
  return JSON.stringify({
    customer: { budget: 40, no_email: false, email_click_count: 2, completed_survey: false },
    metadata: { has_solar: true },
    previous_week: { from: '2026-11-09', has_data: true },
    next_week: { from: '2026-11-23', has_data: true },
    current_week: { interval_range: { from: '2026-11-16', to: '2026-11-22' }, insights: {}, intervals: days },
    forecast: {
      quarter_start: '2026-10-01',
      quarter_end: '2026-12-31',
      spend_to_date: '487.10',
      projected_total: '782.26',
      days_with_data: 56,
      days_projected: 36,
      method: 'weekday_average_seasonal',
    },
  });
}

const whole = process.argv[2] ? fs.readFileSync(process.argv[2], 'utf8') : madeAnswer();
const cut = whole.lastIndexOf('"forecast":') + '"forecast":'.length;
const prefix = Buffer.from(whole.slice(0, cut));
const suffix = Buffer.from(whole.slice(cut));
const stored = await compressPrefix(prefix);
const weekTag = entityTagOf(prefix);

function median(run: () => void, times = 2000): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return (samples[Math.floor(times / 2)] as number) * 1000;
}

const quality = {
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
};
const rows = {
  'answer bytes (identity, br stored, gzip stored)': [whole.length, stored.br.length, stored.gzip.length],
  'forecast suffix bytes': [suffix.length],
  'complete br (µs)': [median(() => withSuffix('br', stored.br, suffix))],
  'complete gzip (µs)': [median(() => withSuffix('gzip', stored.gzip, suffix))],
  'complete identity (µs)': [median(() => withSuffix('identity', prefix, suffix))],
  'ETag of week and forecast (µs)': [
    median(() => entityTagOf(Buffer.concat([Buffer.from(weekTag), suffix]))),
  ],
  'brotli q5 of the whole answer (µs)': [
    median(() => zlib.brotliCompressSync(whole, { params: quality }), 300),
  ],
  'gzip 6 of the whole answer (µs)': [median(() => zlib.gzipSync(whole), 300)],
};
for (const [name, values] of Object.entries(rows)) {
  console.info(`${name.padEnd(50)} ${values.map((value) => Math.round(value * 10) / 10).join(' / ')}`);
}
