/**
 * The database password never on pg_dump's command line (which `ps` shows every local user) nor in a message
 * (issue 25 item 5): it reaches the tool through PGPASSWORD, wherever the connection string carried it. With
 * a stand-in pg_dump that records what it was given and fails without a word, so that the message is the
 * portal's own; the real tools, and pg_restore, in api/backup-restore.test.ts (api:postgres).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BackupError, backupPostgres } from '../../src/db/backup.ts';
import { recordingTools } from '../helpers/recording-tools.ts';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-credentials-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

let tools: ReturnType<typeof recordingTools> | undefined;
afterEach(() => tools?.restore());

describe('backupPostgres', () => {
  it.each([
    ['in the user part', 'postgres://portal:pw-Secret-1@127.0.0.1:5432/portal', 'pw-Secret-1'],
    ['percent-encoded', 'postgres://portal:pw%40Secret%2F2@127.0.0.1:5432/portal', 'pw@Secret/2'],
    [
      'as a password parameter',
      'postgresql://portal@127.0.0.1:5432/portal?sslmode=disable&password=pw-Secret-3&application_name=a%20b',
      'pw-Secret-3',
    ],
  ])('gives pg_dump the password %s through PGPASSWORD, and prints it nowhere', async (_, url, password) => {
    tools = recordingTools(path.join(workDir, 'bin'), ['pg_dump'], 'fail-silently');
    const file = path.join(workDir, 'portal.pgdump');
    const failure = await backupPostgres(url, file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackupError);
    const message = (failure as Error).message;
    expect(message).toBe('pg_dump failed (exit code 1)');

    const [run, ...more] = tools.runs();
    expect(more).toEqual([]);
    expect(run?.password).toBe(password);
    const encoded = encodeURIComponent(password);
    expect(run?.argv.filter((arg) => arg.includes(password) || arg.includes(encoded))).toEqual([]);
    // The rest of the connection string is passed as it was.
    expect(run?.argv.at(-1)).toContain('127.0.0.1:5432/portal');
    if (url.includes('?')) expect(run?.argv.at(-1)).toContain('sslmode=disable&application_name=a%20b');
    // Nothing left behind: neither the file nor its temporary.
    expect(fs.readdirSync(workDir)).toEqual(['bin']);
  });

  it('leaves an inherited PGPASSWORD alone when the connection string has no password', async () => {
    tools = recordingTools(path.join(workDir, 'bin'), ['pg_dump'], 'fail-silently');
    const failure = await backupPostgres(
      'postgres://portal@127.0.0.1:5432/portal',
      path.join(workDir, 'portal.pgdump'),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackupError);
    expect(tools.runs()[0]?.password ?? null).toBe(process.env.PGPASSWORD ?? null);
  });
});
