/**
 * Where the server's CPU time goes, from a V8 CPU profile (run.ts --cpu-prof): self time by area (a package
 * of node_modules, a source file of the server, Node's internals, the garbage collector) and by function,
 * optionally over the last seconds only (the measured run, without start-up and warm-up).
 *   node --import tsx bench/usage/profile-summary.ts <file.cpuprofile> [--last 20] [--top 25]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { last: { type: 'string' }, top: { type: 'string', default: '25' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--last seconds] [--top n]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1] as string;
  if (url.startsWith('node:')) return 'node internals';
  const source = /\/work\/main\/(.+)$/.exec(url.replace('file://', ''));
  return source ? (source[1] as string) : url;
}

const from = args.last ? profile.endTime - Number(args.last) * 1e6 : profile.startTime;
const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
let time = profile.startTime;
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  time += delta;
  if (time < from) return;
  const node = nodes.get(id);
  if (!node) return;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') {
    idle += delta;
    return;
  }
  total += delta;
  const area = areaOf(url, functionName);
  byArea.set(area, (byArea.get(area) ?? 0) + delta);
  const key = `${functionName || '(anonymous)'} ${area}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + delta);
});

const top = Number(args.top);
const show = (title: string, map: Map<string, number>) => {
  console.info(`\n${title}`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.info(
      `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1e6).toFixed(2).padStart(7)} s  ${key}`,
    );
  }
};
console.info(
  `${file}: ${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle` +
    (args.last ? ` (last ${args.last} s)` : ''),
);
show('self time by area', byArea);
show('self time by function', byFunction);
