#!/usr/bin/env node
/**
 * `npm audit --omit=dev` as a step of `npm test`: fails on a high or critical advisory in what ships, and only
 * then. When the advisory service cannot be asked (offline, or a registry mirror without the audit endpoint,
 * as on the development machine: 405), it prints a warning and passes: CI must not fail because a service is
 * down. See docs/reliability.md, Abuse.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What an `npm audit --json` run means for CI: { verdict: 'pass' | 'fail' | 'unavailable', lines }. */
export function judgeAudit(stdout) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { verdict: 'unavailable', lines: ['npm audit gave no readable answer'] };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.message ?? report?.error?.summary ?? 'no audit report';
    return { verdict: 'unavailable', lines: [String(reason).split('\n')[0]] };
  }
  const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, item]) =>
    ['high', 'critical'].includes(item.severity),
  );
  const lines = serious.map(([name, item]) => {
    const titles = (item.via ?? []).filter((via) => typeof via === 'object').map((via) => via.title);
    const fix = item.fixAvailable ? 'fix available (npm audit fix)' : 'no fix yet';
    return `${item.severity}: ${name} ${item.range ?? ''} ${titles.join('; ')} (${fix})`;
  });
  const summary = `${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`;
  return { verdict: serious.length > 0 ? 'fail' : 'pass', lines: [summary, ...lines] };
}

/** Runs the audit of the repository's production dependencies; `extraArgs` e.g. another --registry. */
export function runAudit(extraArgs = []) {
  const args = ['audit', '--omit=dev', '--audit-level=high', '--json', ...extraArgs];
  return new Promise((resolve) => {
    // npm exits 1 both on findings and when it could not ask: the JSON says which.
    execFile(
      npm,
      args,
      { cwd: root, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        if (error && !stdout) resolve({ verdict: 'unavailable', lines: [error.message.split('\n')[0]] });
        else resolve(judgeAudit(stdout));
      },
    );
  });
}

if (process.argv[1] === import.meta.filename) {
  const { verdict, lines } = await runAudit(process.argv.slice(2));
  if (verdict === 'unavailable') {
    console.warn(`⚠ npm audit skipped: the advisory service could not be asked (${lines.join(' ')}).`);
    console.warn('  Not a finding; run "npm audit --omit=dev" where the npm registry is reachable.');
  } else if (verdict === 'fail') {
    console.error(`✖ npm audit: high or critical advisories in production dependencies: ${lines[0]}`);
    for (const line of lines.slice(1)) console.error(`  ${line}`);
    process.exit(1);
  } else {
    console.info(`npm audit: no high or critical advisory in production dependencies (${lines[0]}).`);
  }
}
