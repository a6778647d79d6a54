/**
 * Handing a command to the running portal server (decision 0028). PGlite is one process's database: while the
 * server holds DATA_DIR, a command cannot open it. So the server listens on a local socket for commands (a
 * unix socket, its file readable by the owner only) and writes `DATA_DIR/portal.control` (mode 0600) with
 * the socket's path and a random token; a command that finds the file sends its arguments and working
 * directory with the token, and the server runs the same command code on its own database handle, sending
 * back the output lines, the progress and the exit code as JSON lines. This file is the operator's side and
 * the protocol; command-server.ts is the server's side.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.ts';
import { migrationsFolder } from '../db/index.ts';
import { isAlive } from '../lib/process-alive.ts';
import type { CliIo } from './context.ts';
import { createProgress, type Progress } from './progress.ts';

/** Raised when the request or answer format changes: an older server refuses a newer command, and back. */
export const HAND_OVER_PROTOCOL = 1;

export const CONTROL_FILE = 'portal.control';

/** The longest request line the server reads (arguments can list many account ids). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

export const controlFileSchema = z.object({
  pid: z.number().int().positive(),
  socket: z.string().min(1),
  token: z.string().min(32),
});
export type ControlFile = z.infer<typeof controlFileSchema>;

export const requestSchema = z.object({
  protocol: z.number().int(),
  /** The newest migration the command's code knows: the server must run the same schema. */
  schema: z.string().max(200),
  token: z.string().max(200),
  argv: z.array(z.string().max(64 * 1024)).max(10_000),
  cwd: z.string().min(1).max(4096),
  interactive: z.boolean(),
});
export type HandOverRequest = z.infer<typeof requestSchema>;

const progressSpecSchema = z.object({ label: z.string(), total: z.number(), unit: z.string() });

export const messageSchema = z.union([
  z.object({ out: z.string() }),
  z.object({ err: z.string() }),
  z.object({ progress: z.literal('start'), id: z.number(), spec: progressSpecSchema }),
  z.object({
    progress: z.literal('update'),
    id: z.number(),
    done: z.number(),
    total: z.number(),
    item: z.string(),
  }),
  z.object({ progress: z.literal('log'), id: z.number(), line: z.string() }),
  z.object({ progress: z.literal('stop'), id: z.number() }),
  z.object({ exit: z.number().int() }),
]);
export type HandOverMessage = z.infer<typeof messageSchema>;

/** The newest migration of this code (drizzle's journal): a server on another schema runs other code. */
export function schemaVersion(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? 'none';
}

export const controlFileOf = (dataDir: string) => path.join(dataDir, CONTROL_FILE);

/**
 * The socket's path in DATA_DIR, or null when that does not fit a socket address (about 100 bytes): the server
 * then makes a folder of its own for it (command-server.ts). The control file says where, so both sides agree.
 */
export function socketPathFor(dataDir: string): string | null {
  const inDataDir = path.join(dataDir, 'portal.sock');
  return Buffer.byteLength(inDataDir) <= 100 ? inDataDir : null;
}

export function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The running server's control file, or null when none is there (or it is a dead server's). */
export function readControlFile(dataDir: string): ControlFile | null {
  let text: string;
  try {
    text = fs.readFileSync(controlFileOf(dataDir), 'utf8');
  } catch {
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = controlFileSchema.safeParse(json);
  return parsed.success && isAlive(parsed.data.pid) ? parsed.data : null;
}

function connect(socketPath: string): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, 5_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    // Refused or gone: a server that is starting, stopping or was killed. The command runs on its own.
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
}

/**
 * Runs the command in the portal server that holds the embedded database of DATA_DIR, when one does and
 * answers: returns its exit code. Returns null when the command should run here: PostgreSQL (DATABASE_URL),
 * no server, or a configuration the command itself will report.
 */
export async function handOverToServer(argv: string[], io: CliIo): Promise<number | null> {
  let dataDir: string;
  try {
    const config = loadConfig();
    if (config.env.DATABASE_URL) return null;
    dataDir = config.dataDir;
  } catch (error) {
    if (error instanceof ConfigError) return null;
    throw error;
  }
  const control = readControlFile(dataDir);
  if (!control) return null;
  const socket = await connect(control.socket);
  if (!socket) return null;

  const request: HandOverRequest = {
    protocol: HAND_OVER_PROTOCOL,
    schema: schemaVersion(),
    token: control.token,
    argv,
    cwd: process.cwd(),
    interactive: io.interactive,
  };
  socket.write(`${JSON.stringify(request)}\n`);
  if (io.interactive) io.err(`(run by the portal server, process ${control.pid}, on ${dataDir})`);

  const bars = new Map<number, Progress>();
  const stopBars = () => {
    for (const bar of bars.values()) bar.stop();
    bars.clear();
  };
  let exitCode: number | null = null;
  const lines = readline.createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY });
  // A broken connection (the server killed) ends the lines; reported below.
  socket.on('error', () => {});
  socket.once('close', () => lines.close());
  for await (const line of lines) {
    let parsed: ReturnType<typeof messageSchema.safeParse>;
    try {
      parsed = messageSchema.safeParse(JSON.parse(line));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    const message = parsed.data;
    if ('out' in message) io.out(message.out);
    else if ('err' in message) io.err(message.err);
    else if ('exit' in message) exitCode = message.exit;
    else if (message.progress === 'start') {
      bars.set(message.id, io.progress ? io.progress(message.spec) : createProgress(io, message.spec));
    } else {
      const bar = bars.get(message.id);
      if (message.progress === 'update') {
        bar?.setTotal(message.total);
        bar?.update(message.done, message.item);
      } else if (message.progress === 'log') {
        if (bar) bar.log(message.line);
        else io.out(message.line);
      } else {
        bar?.stop();
        bars.delete(message.id);
      }
    }
  }
  stopBars();
  socket.destroy();
  if (exitCode === null) {
    io.err(
      `error: the portal server (process ${control.pid}) closed the connection before the command ended; see its log`,
    );
    return 1;
  }
  return exitCode;
}
