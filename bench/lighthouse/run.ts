/**
 * The web pages in Lighthouse (issue: performance). Starts the real server (apps/server/src/main.ts) in
 * production mode with the built web app, on an embedded database in a temporary DATA_DIR seeded with the
 * demo accounts (or on --database-url), then runs Lighthouse (programmatic API, Lighthouse's default mobile
 * form factor and simulated throttling) in Debian's Chromium on each page, --runs times, the pages taken in
 * turn within each run. Reports the median per page of the performance and accessibility scores, LCP, CLS,
 * TBT and the total transfer size, and for the median run what costs the most (the LCP element, layout
 * shifts, failed accessibility audits, render-blocking requests).
 *   node --import tsx bench/lighthouse/run.ts [--runs 5] [--pages landing,tracker-week,…] [--build]
 *     [--database-url postgres://…] [--chromium /usr/bin/chromium] [--label text]
 * Targets: performance >= 90, accessibility 100, LCP <= 2.5 s, CLS <= 0.05; results also go to
 * bench/.data/lighthouse/result.md and one JSON report per page and run to bench/.data/lighthouse/.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { addDays, dayOfWeek, marketToday, paths, weekStart } from '@portal/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { benchmarkCallLimits, freePort, waitForHealth } from '../support/processes.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '' },
    /** Build the web app first (it is built anyway when apps/web/dist is missing). */
    build: { type: 'boolean', default: false },
    /** A PostgreSQL database to use instead of a temporary PGlite directory (seeded with the demo at start). */
    'database-url': { type: 'string', default: '' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    /** Written at the head of the result, to tell runs apart (say "before" and "after"). */
    label: { type: 'string', default: '' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');
const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'bench/.data/lighthouse');
fs.mkdirSync(outDir, { recursive: true });
if (!fs.existsSync(args.chromium)) {
  throw new Error(`Chromium not found at ${args.chromium}: install it with "apt-get install -y chromium"`);
}

// --- The server -------------------------------------------------------------------------------------------

if (args.build || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.info('building the web app…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the web app failed');
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = args['database-url']
  ? undefined
  : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: args['database-url'],
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    DEMO_SEED: 'true',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Every run records visits; keep the rate limits out of the measurement.
    INTERACTIONS_PER_MINUTE: '100000',
    ACCOUNT_LOOKUP_FAILURES: '100000',
    ACCOUNT_LOOKUP_CONCURRENCY: '1000',
    ...benchmarkCallLimits,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const serverExit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
let stopping = false;
void serverExit.then((code) => {
  if (!stopping) {
    console.error(`the server exited (${code}) during the benchmark`);
    process.exit(1);
  }
});

async function stopServer(): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  const code = await Promise.race([serverExit, sleep(15_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    server.kill('SIGKILL');
    await serverExit;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.once('SIGINT', () => void stopServer().then(() => process.exit(130)));

// --- The pages --------------------------------------------------------------------------------------------

/** The demo account's most recent Reduce & Reward event (docs/product.md#demo-accounts: demo-home has a history of events). */
async function latestEventId(accountId: string): Promise<string> {
  const response = await fetch(`${base}/reduce_and_reward/tracker/dr_events?account_id=${accountId}`);
  if (!response.ok) throw new Error(`dr_events for ${accountId}: HTTP ${response.status}`);
  const body = (await response.json()) as { dr_events: { dr_event: { id: number } }[] };
  const last = body.dr_events.at(-1);
  if (!last) throw new Error(`${accountId} has no Reduce & Reward events`);
  return String(last.dr_event.id);
}

const startedAt = Date.now();
await waitForHealth(base, 180_000);
console.info(`server ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s at ${base}`);

// Yesterday is the last day with demo data: its week and its day.
const yesterday = addDays(marketToday(), -1);
const allPages: Record<string, string> = {
  landing: paths.landing.href(),
  'tracker-week': paths.usage.href('demo-home'),
  'tracker-day': paths.usage.href('demo-home', weekStart(yesterday), dayOfWeek(yesterday)),
  'reduce-and-reward': paths.reduceAndReward.href('demo-home'),
  'reduce-and-reward-event': paths.event.href('demo-home', await latestEventId('demo-home')),
  'happy-hours': paths.happyHoursSignup.href('demo-home'),
};
const pageNames = args.pages ? args.pages.split(',').map((name) => name.trim()) : Object.keys(allPages);
for (const name of pageNames) if (!allPages[name]) throw new Error(`unknown page ${name}`);

// --- Lighthouse -------------------------------------------------------------------------------------------

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Measurement {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  bytes: number;
  benchmarkIndex: number;
  lhr: Result;
}

/** One Lighthouse run on a fresh Chromium (mobile, simulated throttling: Lighthouse's defaults). */
async function measure(url: string): Promise<Measurement> {
  const chrome = await chromeLauncher.launch({ chromePath: args.chromium, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`${url}: no value for ${id}`);
      return value;
    };
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      fcpMs: numeric('first-contentful-paint'),
      bytes: numeric('total-byte-weight'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lhr,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse now and then fails to record a load (NO_NAVSTART, NO_FCP on a busy machine): such a run is made
 * again, at most twice, rather than losing the whole benchmark. Failures of the page itself are not retried.
 */
async function measureWithRetry(url: string, attempts = 3): Promise<Measurement> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url);
    } catch (error) {
      const code = error instanceof Error ? /: (NO_\w+) /.exec(error.message)?.[1] : undefined;
      if (!code || attempt >= attempts) throw error;
      console.warn(`${url}: Lighthouse could not record the load (${code}); running it again`);
    }
  }
}

const results: Record<string, Measurement[]> = Object.fromEntries(pageNames.map((name) => [name, []]));
try {
  for (let run = 1; run <= runs; run++) {
    for (const name of pageNames) {
      const url = `${base}${allPages[name]}`;
      const m = await measureWithRetry(url);
      results[name]?.push(m);
      fs.writeFileSync(path.join(outDir, `${name}-${run}.json`), JSON.stringify(m.lhr));
      console.info(
        `run ${run}/${runs} ${name}: performance ${m.performance}, accessibility ${m.accessibility}, ` +
          `LCP ${(m.lcpMs / 1000).toFixed(2)} s, CLS ${m.cls.toFixed(3)}, TBT ${Math.round(m.tbtMs)} ms, ` +
          `${(m.bytes / 1024).toFixed(0)} KiB (benchmark index ${Math.round(m.benchmarkIndex)})`,
      );
    }
  }
} finally {
  await stopServer();
}

// --- Report -----------------------------------------------------------------------------------------------

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** What a report says costs the most: the LCP element and its phases, shifts, a11y failures, blocking requests. */
function diagnose(lhr: Result): string[] {
  const lines: string[] = [];
  const details = (id: string) =>
    lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
  const lcpElement = details('largest-contentful-paint-element')?.items?.[0] as
    | { items?: { node?: { snippet?: string; selector?: string } }[] }
    | undefined;
  const node = lcpElement?.items?.[0]?.node;
  if (node) lines.push(`LCP element: ${node.snippet ?? node.selector}`);
  const shifts = details('layout-shifts')?.items ?? [];
  for (const shift of shifts.slice(0, 3)) {
    const shiftNode = shift.node as { snippet?: string } | undefined;
    lines.push(`layout shift ${Number(shift.score).toFixed(3)}: ${shiftNode?.snippet ?? '(no element)'}`);
  }
  for (const audit of Object.values(lhr.audits)) {
    const inAccessibility = lhr.categories.accessibility?.auditRefs.some(
      (ref) => ref.id === audit.id && ref.weight > 0,
    );
    if (inAccessibility && audit.score !== null && audit.score < 1)
      lines.push(`accessibility: ${audit.id}: ${audit.title}`);
  }
  const blocking = details('render-blocking-resources')?.items ?? [];
  for (const item of blocking)
    lines.push(`render-blocking: ${String(item.url)} (${Number(item.wastedMs).toFixed(0)} ms)`);
  const chains = lhr.audits['critical-request-chains']?.displayValue;
  if (chains) lines.push(`critical request chains: ${chains}`);
  return lines;
}

const rows: string[] = [];
const notes: string[] = [];
for (const name of pageNames) {
  const list = results[name] ?? [];
  const m = (pick: (x: Measurement) => number) => median(list.map(pick));
  const every = (pick: (x: Measurement) => number, format: (value: number) => string) =>
    list.map((x) => format(pick(x))).join('; ');
  rows.push(
    `| ${name} \`${allPages[name]}\` | ${m((x) => x.performance)} | ${m((x) => x.accessibility)} | ${seconds(m((x) => x.lcpMs))} | ` +
      `${m((x) => x.cls).toFixed(3)} | ${Math.round(m((x) => x.tbtMs))} ms | ${seconds(m((x) => x.fcpMs))} | ${kib(m((x) => x.bytes))} | ` +
      `${every((x) => x.performance, String)} | ${every(
        (x) => x.lcpMs,
        (v) => (v / 1000).toFixed(2),
      )} |`,
  );
  // The run whose performance score is the median, for the diagnosis.
  const sorted = [...list].sort((a, b) => a.performance - b.performance);
  const medianRun = sorted[Math.floor((sorted.length - 1) / 2)];
  if (medianRun) notes.push(`- ${name}:`, ...diagnose(medianRun.lhr).map((line) => `  - ${line}`));
}
const benchmarkIndexes = Object.values(results).flatMap((list) => list.map((x) => x.benchmarkIndex));
const first = Object.values(results)[0]?.[0]?.lhr;
const report = [
  `# Lighthouse ${first?.lighthouseVersion ?? ''}${args.label ? ` (${args.label})` : ''}`,
  '',
  `${new Date().toISOString()}; ${runs} runs a page; mobile emulation, simulated throttling (Lighthouse's defaults);`,
  `${first?.environment.hostUserAgent ?? ''}; Node ${process.version}; ${os.cpus().length} CPUs;`,
  `Lighthouse benchmark index median ${Math.round(median(benchmarkIndexes))} (min ${Math.round(Math.min(...benchmarkIndexes))}, max ${Math.round(Math.max(...benchmarkIndexes))}).`,
  '',
  '| page | performance | accessibility | LCP | CLS | TBT | FCP | transfer | every run: performance | every run: LCP (s) |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  'The median run of each page:',
  ...notes,
  '',
].join('\n');
fs.writeFileSync(path.join(outDir, 'result.md'), report);
console.info(`\n${report}`);
process.exit(0);
