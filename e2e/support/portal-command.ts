/**
 * Runs a `portal` command beside this file's running server (it is handed to the server, decision 0028) and
 * answers what it printed as JSON (the command is given `--json`).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { dataDir } from './browser.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

export function runPortalJson(args: readonly string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const child = spawn(process.execPath, ['bin/portal.mjs', ...args, '--json'], {
      cwd: path.resolve(repoRoot, '..'),
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir(), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out))
        : reject(new Error(`portal ${args.join(' ')} exited ${code}: ${err}`)),
    );
  });
}
