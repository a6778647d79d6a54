/**
 * The operator's side of handing commands to the running server (cli/hand-over.ts, decision 0028): with no
 * server, or only what a killed one left behind, or PostgreSQL, the command is not handed over and runs on
 * its own as it always has (cli.test.ts runs one so).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_FILE, handOverToServer, readControlFile, socketPathFor } from '../../src/cli/hand-over.ts';

let dataDir: string;
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-hand-over-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
});
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const writeControl = (value: unknown) =>
  fs.writeFileSync(
    path.join(dataDir, CONTROL_FILE),
    typeof value === 'string' ? value : JSON.stringify(value),
  );
const token = 'x'.repeat(43);
const lines: string[] = [];
const io = {
  out: (line: string) => lines.push(line),
  err: (line: string) => lines.push(line),
  interactive: true,
};
const handOver = () => handOverToServer(['accounts', 'list'], io);

describe('handOverToServer', () => {
  it('leaves the command to run on its own without a control file', async () => {
    expect(await handOver()).toBeNull();
  });

  it("leaves it when a killed server's control file and socket remain", async () => {
    const socket = path.join(dataDir, 'portal.sock');
    const listener = net.createServer();
    await new Promise<void>((resolve) => listener.listen(socket, resolve));
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    fs.writeFileSync(socket, '');
    writeControl({ pid: 999_999_999, socket, token });
    expect(readControlFile(dataDir)).toBeNull();
    expect(await handOver()).toBeNull();
  });

  it('leaves it when the server named is alive but does not answer (starting or stopping)', async () => {
    writeControl({ pid: process.pid, socket: path.join(dataDir, 'nobody.sock'), token });
    expect(readControlFile(dataDir)).toMatchObject({ pid: process.pid });
    expect(await handOver()).toBeNull();
  });

  it('ignores a control file that is not one', async () => {
    writeControl('{ not json');
    expect(readControlFile(dataDir)).toBeNull();
    writeControl({ pid: process.pid, socket: '', token: 'short' });
    expect(readControlFile(dataDir)).toBeNull();
    expect(await handOver()).toBeNull();
  });

  it('never hands over with DATABASE_URL, even when a server answers on DATA_DIR', async () => {
    const socket = path.join(dataDir, 'answering.sock');
    const connections: net.Socket[] = [];
    const listener = net.createServer((connection) => {
      connections.push(connection);
      connection.end('{"exit":0}\n');
    });
    await new Promise<void>((resolve) => listener.listen(socket, resolve));
    try {
      writeControl({ pid: process.pid, socket, token });
      expect(await handOver()).toBe(0);
      process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';
      expect(await handOver()).toBeNull();
    } finally {
      delete process.env.DATABASE_URL;
      for (const connection of connections) connection.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
    expect(lines).toEqual([`(run by the portal server, process ${process.pid}, on ${dataDir})`]);
  });

  it('says so, exit code 1, when the server goes away before the command ends', async () => {
    const socket = path.join(dataDir, 'dying.sock');
    const listener = net.createServer((connection) => {
      connection.once('data', () => {
        connection.write('{"out":"Importing..."}\n');
        connection.destroy();
      });
    });
    await new Promise<void>((resolve) => listener.listen(socket, resolve));
    try {
      writeControl({ pid: process.pid, socket, token });
      lines.length = 0;
      expect(await handOver()).toBe(1);
      expect(lines.slice(1)).toEqual([
        'Importing...',
        `error: the portal server (process ${process.pid}) closed the connection before the command ended; see its log`,
      ]);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it('puts the socket in DATA_DIR, or leaves it to the server when that path is too long for a socket', () => {
    expect(socketPathFor('/srv/portal/data')).toBe('/srv/portal/data/portal.sock');
    // The server makes a private folder for it (api/private-files.test.ts): no name anyone could work out.
    expect(socketPathFor(`/srv/${'d'.repeat(120)}`)).toBeNull();
  });
});
