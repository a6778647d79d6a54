/**
 * The server's side of handing commands over (hand-over.ts, decision 0028): with the embedded database, the
 * portal server takes `portal` commands on a local socket and runs them with the same code as the command
 * line, on its own database handle, so an operator need not stop the portal to load a day's data. PGlite
 * runs one transaction at a time, so a command's transactions and the requests' take turns.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { CliIo, CliRuntime } from './context.ts';
import {
  controlFileOf,
  HAND_OVER_PROTOCOL,
  type HandOverMessage,
  MAX_REQUEST_BYTES,
  requestSchema,
  schemaVersion,
  socketPathFor,
  tokensEqual,
} from './hand-over.ts';
import { runCli } from './main.ts';
import type { Progress, ProgressSpec } from './progress.ts';

export interface CommandServerLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface CommandServer {
  socket: string;
  /** Stops taking commands, stops the running ones at their next safe point and waits for them. */
  close(): Promise<void>;
}

/** The command's name without its arguments, for the log: arguments can name customers. */
function commandName(argv: string[]): string {
  const words: string[] = [];
  for (const word of argv) {
    if (word.startsWith('-') || words.length === 2) break;
    words.push(word);
  }
  return words.join(' ') || '(none)';
}

/** Progress sent to the operator's terminal, at most once per percent. */
function remoteProgress(send: (message: HandOverMessage) => void, id: number, spec: ProgressSpec): Progress {
  let done = 0;
  let total = Math.max(0, spec.total);
  let item = '';
  let sent = { percent: -1, total: -1, item: '' };
  const flush = (force: boolean) => {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    if (!force && percent === sent.percent && total === sent.total && item === sent.item) return;
    sent = { percent, total, item };
    send({ progress: 'update', id, done, total, item });
  };
  send({ progress: 'start', id, spec });
  return {
    update(value, name) {
      done = value;
      if (name !== undefined) item = name;
      total = Math.max(total, done);
      flush(false);
    },
    increment(by = 1, name) {
      this.update(done + by, name);
    },
    setTotal(value) {
      total = Math.max(value, done);
      flush(false);
    },
    log(line) {
      send({ progress: 'log', id, line });
    },
    stop() {
      flush(true);
      send({ progress: 'stop', id });
    },
  };
}

/** A client that has not sent its request in this long is dropped. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Reads the request: the first line, at most MAX_REQUEST_BYTES. */
function firstLine(socket: net.Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let buffered = '';
    const timer = setTimeout(() => done(null), REQUEST_TIMEOUT_MS);
    const done = (line: string | null) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
      resolve(line);
    };
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const end = buffered.indexOf('\n');
      if (end >= 0) done(buffered.slice(0, end));
      else if (buffered.length > MAX_REQUEST_BYTES) done(null);
    };
    const onEnd = () => done(null);
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onEnd);
  });
}

export async function serveCommands(options: {
  dataDir: string;
  database: DatabaseHandle;
  config: Config;
  log: CommandServerLog;
}): Promise<CommandServer> {
  const { dataDir, database, config, log } = options;
  // When DATA_DIR's path is too long for the socket: a folder of our own in the temporary folder, created by
  // mkdtemp (exclusively, 0700, under a random name), so that no other local user can take its place first or
  // reach the socket in it.
  const inDataDir = socketPathFor(dataDir);
  const socketDir = inDataDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-'));
  const socketPath = inDataDir ?? path.join(socketDir as string, 'portal.sock');
  const controlPath = controlFileOf(dataDir);
  const token = crypto.randomBytes(32).toString('base64url');
  const schema = schemaVersion();
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();

  const handle = async (socket: net.Socket) => {
    socket.on('error', () => {});
    const send = (message: HandOverMessage) => {
      if (!socket.destroyed && socket.writable) socket.write(`${JSON.stringify(message)}\n`);
    };
    const refuse = (message: string) => {
      send({ err: `error: ${message}` });
      send({ exit: 1 });
      socket.end();
    };
    const line = await firstLine(socket);
    let request: ReturnType<typeof requestSchema.safeParse>;
    try {
      request = requestSchema.safeParse(JSON.parse(line ?? ''));
    } catch {
      request = requestSchema.safeParse(null);
    }
    if (!request.success) return refuse('not a portal command request');
    const { data } = request;
    if (!tokensEqual(data.token, token)) {
      log.warn({}, 'a portal command with a wrong token was refused');
      return refuse('the portal server refused the command: wrong token');
    }
    if (data.protocol !== HAND_OVER_PROTOCOL || data.schema !== schema) {
      return refuse(
        `the running portal server (process ${process.pid}) runs other code than this command ` +
          `(database schema ${schema}, this command ${data.schema}): restart the server, then run the command again`,
      );
    }
    if (!path.isAbsolute(data.cwd)) return refuse('not a portal command request');

    const gone = new AbortController();
    socket.once('close', () => gone.abort());
    let progressId = 0;
    const io: CliIo = {
      out: (text) => send({ out: text }),
      err: (text) => send({ err: text }),
      interactive: data.interactive,
      progress: (spec) => remoteProgress(send, ++progressId, spec),
    };
    const runtime: CliRuntime = {
      cwd: data.cwd,
      signal: AbortSignal.any([gone.signal, stopping.signal]),
      config: () => config,
      withDatabase: (work) => work(database, config),
      inServer: true,
    };
    const command = commandName(data.argv);
    const started = performance.now();
    log.info({ command }, 'portal command started');
    const code = await runCli(data.argv, io, runtime);
    log.info(
      {
        command,
        exitCode: code,
        ms: Math.round(performance.now() - started),
        operatorLeft: gone.signal.aborted,
      },
      'portal command ended',
    );
    send({ exit: code });
    socket.end();
  };

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    const task = handle(socket).catch((error: unknown) => {
      log.warn({ err: error }, 'a portal command failed unexpectedly');
      socket.destroy();
    });
    running.add(task);
    void task.finally(() => running.delete(task));
  });
  // This process holds the DATA_DIR lock: a socket file left there is a dead server's.
  fs.rmSync(socketPath, { force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if (socketDir) fs.rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  fs.chmodSync(socketPath, 0o600);
  const temporary = `${controlPath}.${process.pid}`;
  fs.writeFileSync(temporary, JSON.stringify({ pid: process.pid, socket: socketPath, token }), {
    mode: 0o600,
  });
  fs.renameSync(temporary, controlPath);

  let removed = false;
  const removeFiles = () => {
    if (removed) return;
    removed = true;
    process.off('exit', removeFiles);
    fs.rmSync(controlPath, { force: true });
    fs.rmSync(socketPath, { force: true });
    if (socketDir) fs.rmSync(socketDir, { recursive: true, force: true });
  };
  process.on('exit', removeFiles);

  return {
    socket: socketPath,
    close: async () => {
      removeFiles();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      stopping.abort();
      await Promise.allSettled([...running]);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
