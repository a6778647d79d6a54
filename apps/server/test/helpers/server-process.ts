/**
 * The real server (apps/server/src/main.ts) as a child process on a free port, as an operator runs it, with
 * its JSON log lines collected, for tests of signals, restarts and connections.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** The log lines so far, parsed (pino JSON). */
  logs: Record<string, unknown>[];
  /** Everything it wrote, for failure messages. */
  output(): string;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals>;
  /** Ends it (SIGKILL) if it is still running. */
  kill(): Promise<void>;
}

function spawnServer(env: Record<string, string>): ChildProcessWithoutNullStreams {
  const root = path.resolve(import.meta.dirname, '../../../..');
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DEMO_SEED: 'false',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'portal-test-no-web'),
      ...env,
    },
    stdio: 'pipe',
  });
}

/**
 * Runs the server expecting it to refuse to start: its exit code and everything it wrote, or 'started' (the
 * server then killed) when it began to listen after all.
 */
export async function refusedServerStart(
  env: Record<string, string>,
): Promise<{ exit: number | NodeJS.Signals | 'started'; stdout: string; stderr: string }> {
  const child = spawnServer(env);
  let stdout = '';
  let stderr = '';
  const exit = new Promise<number | NodeJS.Signals | 'started'>((resolve) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (/Server listening at/.test(stdout)) {
        child.kill('SIGKILL');
        resolve('started');
      }
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal as NodeJS.Signals)));
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const result = await exit;
  if (child.exitCode === null && child.signalCode === null) {
    await new Promise((resolve) => child.once('exit', resolve));
  }
  return { exit: result, stdout, stderr };
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawnServer(env);
  let output = '';
  let pending = '';
  const logs: Record<string, unknown>[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        // not a log line
      }
    }
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  let exitedYet = false;
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => {
      exitedYet = true;
      resolve(code ?? (signal as NodeJS.Signals));
    }),
  );
  const kill = async () => {
    if (!exitedYet) child.kill('SIGKILL');
    await exited;
  };
  let port = 0;
  try {
    await vi.waitFor(
      () => {
        if (exitedYet) throw new Error(`the server exited:\n${output}`);
        const listening = logs
          .map((line) => /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(String(line.msg)))
          .find(Boolean);
        if (!listening) throw new Error(`not listening yet:\n${output}`);
        port = Number(listening[1]);
      },
      { timeout: 60_000, interval: 50 },
    );
  } catch (error) {
    await kill();
    throw error;
  }
  return { child, origin: `http://127.0.0.1:${port}`, port, logs, output: () => output, exited, kill };
}
