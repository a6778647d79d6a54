/**
 * What reaches the server as raw bytes, on a real socket (issue 16 items 2 and 7): every answer, whichever
 * layer refuses the request (Node's HTTP parser included), is the JSON error shape with the security headers;
 * a client that sends its headers or its body too slowly is answered 408 and cut off within the configured
 * timeouts; one address cannot hold more than MAX_CONNECTIONS_PER_ADDRESS connections, and another address
 * is served meanwhile. The server is the app as `npm start` runs it (no proxy in front).
 */
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../helpers/app.ts';

const MAX_CONNECTIONS = 20;
const harness = testAppForFile({
  HEADERS_TIMEOUT_SECONDS: '1',
  REQUEST_TIMEOUT_SECONDS: '2',
  MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS),
});
let port = 0;

beforeAll(async () => {
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const address = harness.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

/** How many connections the server holds open. */
const openOnServer = () =>
  new Promise<number>((resolve, reject) =>
    harness.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent to the socket's close. */
  /** Who ended the connection: the server, or this client giving up after `waitMs` (no wall-clock bound). */
  closedBy: 'server' | 'client';
}

function parse(text: string): Omit<RawAnswer, 'closedBy'> {
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, split < 0 ? text.length : split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: split < 0 ? '' : text.slice(split + 4) };
}

/** Sends the parts with `gapMs` between them and reads until the server closes (or `waitMs` passes). */
function exchange(
  parts: (string | Buffer)[],
  options: { gapMs?: number; waitMs?: number; localAddress?: string } = {},
): Promise<RawAnswer & { text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.localAddress });
    const chunks: Buffer[] = [];
    let gaveUp = false;
    let timer: NodeJS.Timeout | undefined;
    const give = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ ...parse(text), text, closedBy: gaveUp ? 'client' : 'server' });
    };
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', give);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    const wait = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, options.waitMs ?? 10_000);
    socket.on('close', () => clearTimeout(wait));
    let i = 0;
    const next = () => {
      if (socket.destroyed || i >= parts.length) return;
      socket.write(parts[i++] as string | Buffer);
      timer = setTimeout(next, options.gapMs ?? 0);
    };
    socket.on('connect', next);
  });
}

function expectJsonErrorWithHeaders(answer: RawAnswer, status: number, label: string) {
  expect(answer.status, `${label}: ${JSON.stringify(answer)}`).toBe(status);
  expect(answer.headers['content-type'], label).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
  expect(Object.keys(body), label).toEqual(['error']);
  expect(typeof body.error.code, label).toBe('string');
  expect(body.error.message.length, label).toBeGreaterThan(0);
  expect(answer.headers['content-security-policy'], label).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
  expect(answer.headers['x-frame-options'], label).toBe('DENY');
  expect(answer.headers['strict-transport-security'], label).toBe('max-age=31536000; includeSubDomains');
}

const big = 'x'.repeat(20 * 1024);
const refusedByAnyLayer: [string, string, number][] = [
  [
    'malformed chunking',
    'POST /api/web_interactions HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    400,
  ],
  [
    'two Content-Lengths',
    'POST /api/web_interactions HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    400,
  ],
  [
    'Content-Length with chunked',
    'POST /api/web_interactions HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    400,
  ],
  ['a bad header name', 'GET /api/health HTTP/1.1\r\nHost: a\r\nBad Header: 1\r\n\r\n', 400],
  ['a bad request line', 'GET /api/health HTTP/9.x\r\nHost: a\r\n\r\n', 400],
  ['a 20 KB header', `GET /api/health HTTP/1.1\r\nHost: a\r\nX-Big: ${big}\r\n\r\n`, 431],
  ['a 20 KB query', `GET /api/health?q=${big} HTTP/1.1\r\nHost: a\r\n\r\n`, 431],
  ['a malformed address', 'GET /api/%E0%A4%A HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n', 400],
  ['an unknown method', 'BREW /api/health HTTP/1.1\r\nHost: a\r\n\r\n', 400],
];

describe('every refusal, whatever the layer, is the JSON error with the security headers', () => {
  it.each(refusedByAnyLayer)('%s', async (label, request, status) => {
    const answer = await exchange([request]);
    expectJsonErrorWithHeaders(answer, status, label);
  });
});

describe('slow clients are cut off (headers timeout 1 s, request timeout 2 s)', () => {
  it('slow headers: a byte every 200 ms is answered 408 and closed', async () => {
    const header = 'GET /api/health HTTP/1.1\r\nHost: a\r\nX-Slow: ';
    const parts = [header, ...Array.from({ length: 100 }, () => 'a')];
    // A hundred bytes 200 ms apart take 20 s to send: only the server's timeout can end it before the client
    // gives up at 25 s.
    const answer = await exchange(parts, { gapMs: 200, waitMs: 25_000 });
    expect(answer.closedBy).toBe('server');
    expectJsonErrorWithHeaders(answer, 408, 'slow headers');
  });

  it('slow body: a byte every 200 ms is answered 408 and closed', async () => {
    const head =
      'POST /api/web_interactions HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const parts = [head, ...Array.from({ length: 200 }, () => ' ')];
    // Two hundred bytes 200 ms apart take 40 s to send; the client gives up at 25 s.
    const answer = await exchange(parts, { gapMs: 200, waitMs: 25_000 });
    expect(answer.closedBy).toBe('server');
    expectJsonErrorWithHeaders(answer, 408, 'slow body');
  });

  it('a client that connects and sends nothing is closed', async () => {
    const answer = await exchange([''], { waitMs: 25_000 });
    expect(answer.closedBy).toBe('server');
  });
});

describe('connections per address', () => {
  it(`holds at most ${MAX_CONNECTIONS} from one address; another address is served meanwhile`, async () => {
    const extra = 10;
    const answers = new Map<net.Socket, string>();
    const refusedSockets = new Set<net.Socket>();
    let refused = 0;
    let onRefused = () => {};
    const allRefused = new Promise<void>((resolve) => {
      onRefused = () => {
        refused += 1;
        if (refused === extra) resolve();
      };
    });
    const sockets = await Promise.all(
      Array.from(
        { length: MAX_CONNECTIONS + extra },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
            socket.on('error', () => {});
            socket.on('data', (chunk: Buffer) => {
              const answer = (answers.get(socket) ?? '') + chunk.toString('latin1');
              answers.set(socket, answer);
              if (answer.startsWith('HTTP/1.1 429') && !refusedSockets.has(socket)) {
                refusedSockets.add(socket);
                onRefused();
              }
            });
            socket.on('connect', () => resolve(socket));
          }),
      ),
    );
    // Waits for the refusals themselves (a server that refuses none never gets past this line).
    await allRefused;
    const statuses = sockets.map((socket) => parse(answers.get(socket) ?? '').status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
    // The others were held: still waiting for their headers, or by now answered by the headers timeout.
    expect(statuses.filter((status) => Number.isNaN(status) || status === 408)).toHaveLength(MAX_CONNECTIONS);
    const other = await exchange(['GET /api/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n'], {
      localAddress: '127.0.0.2',
    });
    expect(other.status).toBe(200);
    for (const socket of sockets) socket.destroy();
    // Waits until the server has seen every one of them close (its count per address follows those closes).
    await expect.poll(openOnServer, { timeout: 15_000 }).toBe(0);
    // Once they are gone, the first address is served again.
    const again = await exchange(['GET /api/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n']);
    expect(again.status).toBe(200);
  });
});
