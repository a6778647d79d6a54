/**
 * The helpers that keep DATA_DIR the portal user's own (lib/private-files.ts): what they change and, as much,
 * what they leave alone. The commands and the server that use them: api/private-files.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePrivateDir, tightenTree, writePrivateFile } from '../../src/lib/private-files.ts';
import { loosen, modeOf, sharedEntries } from '../helpers/file-modes.ts';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-private-unit-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('tightenTree', () => {
  it('takes the group and other bits off every folder and file, and follows no link', () => {
    const dir = path.join(workDir, 'tree');
    fs.mkdirSync(path.join(dir, 'pgdata', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'pgdata', 'base', '1234'), 'rows');
    fs.writeFileSync(path.join(dir, 'read-only'), 'kept read-only');
    // Links out of the folder: to a file and to a folder that are not the portal's.
    const outside = path.join(workDir, 'not-ours.txt');
    const outsideDir = path.join(workDir, 'not-ours');
    fs.writeFileSync(outside, 'shared');
    fs.mkdirSync(outsideDir);
    fs.symlinkSync(outside, path.join(dir, 'link-to-file'));
    fs.symlinkSync(outsideDir, path.join(dir, 'link-to-folder'));
    loosen(dir);
    fs.chmodSync(path.join(dir, 'read-only'), 0o444);
    fs.chmodSync(outside, 0o644);
    fs.chmodSync(outsideDir, 0o755);

    tightenTree(dir);
    expect(sharedEntries(dir)).toEqual([]);
    expect(modeOf(path.join(dir, 'pgdata', 'base', '1234'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'read-only'))).toBe(0o400);
    expect(modeOf(outside)).toBe(0o644);
    expect(modeOf(outsideDir)).toBe(0o755);
  });

  it('does nothing to a folder that is not there', () => {
    expect(() => tightenTree(path.join(workDir, 'missing'))).not.toThrow();
    expect(fs.existsSync(path.join(workDir, 'missing'))).toBe(false);
  });
});

describe('makePrivateDir', () => {
  it('creates the folder and its missing parents 0700, and tightens one that exists', () => {
    const dir = path.join(workDir, 'made', 'data', 'outbox');
    makePrivateDir(dir);
    expect(sharedEntries(path.join(workDir, 'made'))).toEqual([]);
    fs.chmodSync(dir, 0o755);
    makePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });
});

describe('writePrivateFile', () => {
  it('writes a new file 0600 and replaces an existing one, readable by all, with a 0600 one', async () => {
    const file = path.join(workDir, 'message.eml');
    await writePrivateFile(file, 'first');
    expect(modeOf(file)).toBe(0o600);
    fs.chmodSync(file, 0o644);
    await writePrivateFile(file, Buffer.from('second'));
    expect(fs.readFileSync(file, 'utf8')).toBe('second');
    expect(modeOf(file)).toBe(0o600);
    expect(fs.readdirSync(workDir).filter((name) => name.includes('.partial'))).toEqual([]);
  });

  it('replaces a link planted at the name rather than writing through it', async () => {
    const victim = path.join(workDir, 'victim.txt');
    fs.writeFileSync(victim, 'untouched');
    const file = path.join(workDir, 'linked.eml');
    fs.symlinkSync(victim, file);
    await writePrivateFile(file, 'message');
    expect(fs.readFileSync(victim, 'utf8')).toBe('untouched');
    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect(modeOf(file)).toBe(0o600);
  });
});
