/**
 * The endpoint registry (docs/decisions/0025) stays out of zod's way: the web app's first load imports it, so
 * nothing it imports at run time may load zod (docs/decisions/0010). Type-only imports leave nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointPath, endpoints, serverRoutePath } from '../src/endpoints.ts';

const src = path.resolve(import.meta.dirname, '../src');

/** The modules a module imports at run time: every import and re-export but `import type`/`export type`. */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?\bfrom\s+'([^']+)'/gms)) {
    if (!match[2]) found.push(match[3] ?? '');
  }
  for (const match of text.matchAll(/^import\s+'([^']+)'/gm)) found.push(match[1] ?? '');
  return found;
}

/** Every package reached from `file` through run-time imports of the contracts' own modules. */
function packagesReached(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const specifier of runtimeImports(file)) {
    if (specifier.startsWith('.')) {
      for (const name of packagesReached(path.resolve(path.dirname(file), specifier), seen))
        packages.add(name);
    } else packages.add(specifier);
  }
  return packages;
}

describe('the endpoint registry', () => {
  it('loads no zod: nothing it imports at run time does', () => {
    expect([...packagesReached(path.join(src, 'endpoints.ts'))]).not.toContain('zod');
  });

  it('the check above sees a schema module load zod', () => {
    expect([...packagesReached(path.join(src, 'usage.ts'))]).toContain('zod');
  });

  it('names each call once', () => {
    const keys = Object.values(endpoints).map(
      (endpoint) => `${endpoint.method} ${serverRoutePath(endpoint)}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("builds our server's route and the path of a call from the pattern", () => {
    expect(serverRoutePath(endpoints.usage)).toBe('/api/tracker/usage');
    expect(serverRoutePath(endpoints.drEvents)).toBe('/reduce_and_reward/tracker/dr_events');
    expect(serverRoutePath(endpoints.hereForYouOptOut)).toBe(
      '/innovative_billing/here_for_you_participants/:accountId/opt_out',
    );
    expect(endpointPath(endpoints.hereForYouOptOut, { accountId: 'a/b c' })).toBe(
      '/here_for_you_participants/a%2Fb%20c/opt_out',
    );
    expect(() => endpointPath(endpoints.hereForYouOptOut, {})).toThrow('no value for {accountId}');
  });
});
