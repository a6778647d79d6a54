import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/data-dir-lock.ts';
import { isDatabaseUnavailable } from '../../src/lib/database-errors.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded database lock', () => {
  it('refuses a data directory held by another live process, naming it', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'portal.lock'), String(holder.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  it('takes over a stale lock and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'portal.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);
  });
});

describe('database availability', () => {
  it('recognises a server that is away', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: { code: '57P01' } }))).toBe(true);
    // statement_timeout: a statement stuck behind a lock.
    expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe(
      true,
    );
  });

  it('does not mistake a query error for an outage', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
