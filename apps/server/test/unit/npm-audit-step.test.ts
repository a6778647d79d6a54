/**
 * The `npm audit` step of `npm test` (scripts/audit.mjs, docs/reliability.md): the real npm, against a stand-in
 * registry whose advisory endpoint answers as told. It fails on a high or critical advisory in a production
 * dependency, passes on lesser ones, and only warns when the advisory service cannot be asked.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../../../scripts/audit.mjs');
const cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-audit-'));

/** What the stand-in's advisory endpoint does next: a severity for fastify, or an HTTP status. */
let answer: { severity: string } | { status: number } = { status: 405 };
const registry = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (!request.url?.endsWith('/-/npm/v1/security/advisories/bulk')) {
      response.writeHead(404).end('{}');
    } else if ('status' in answer) {
      response.writeHead(answer.status).end();
    } else {
      const advisory = {
        id: 1,
        url: 'https://advisories.invalid/1',
        title: 'Stand-in advisory',
        severity: answer.severity,
        vulnerable_versions: '<99.0.0',
        cwe: [],
        cvss: { score: 0 },
      };
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ fastify: [advisory] }));
    }
  });
});
let registryUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  const address = registry.address();
  registryUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});
afterAll(async () => {
  await new Promise((resolve) => registry.close(resolve));
  fs.rmSync(cacheRoot, { recursive: true, force: true });
});

let run = 0;
/** Runs the step against a registry; a fresh npm cache each time (npm keeps advisory answers). */
const audit = (registryAddress: string) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    const cache = path.join(cacheRoot, String(++run));
    execFile(
      process.execPath,
      [script, `--registry=${registryAddress}`, `--cache=${cache}`],
      { encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });

describe('the npm audit step', () => {
  it.each(['high', 'critical'])('fails on a %s advisory in a production dependency', async (severity) => {
    answer = { severity };
    const result = await audit(registryUrl);
    expect(result.code).toBe(1);
    expect(result.output).toContain(`${severity}: fastify`);
    expect(result.output).toContain('Stand-in advisory');
  });

  it('passes with only moderate advisories, saying so', async () => {
    answer = { severity: 'moderate' };
    const result = await audit(registryUrl);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/no high or critical advisory .*moderate/);
  });

  it('warns and passes when the advisory service cannot be asked', async () => {
    answer = { status: 405 };
    const refused = await audit(registryUrl);
    expect(refused.code).toBe(0);
    expect(refused.output).toContain('npm audit skipped');
    expect(refused.output).toContain('405');
    const away = await audit('http://127.0.0.1:1/');
    expect(away.code).toBe(0);
    expect(away.output).toContain('npm audit skipped');
  });
});
