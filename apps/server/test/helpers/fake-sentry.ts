/**
 * A stand-in for Sentry's ingestion endpoint: a local HTTP server whose DSN the real SDK is given, keeping the
 * body of every envelope it is sent (unzipped), so a test reads exactly what would have left the machine.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface FakeSentry {
  /** `http://public@127.0.0.1:<port>/1`. */
  dsn: string;
  /** Every envelope received so far, as text. */
  envelopes: string[];
  /** The events (error reports) among them: the envelope items of type `event`, parsed. */
  events(): Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startFakeSentry(): Promise<FakeSentry> {
  const envelopes: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const encoding = request.headers['content-encoding'];
      envelopes.push((encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://public@127.0.0.1:${port}/1`,
    envelopes,
    events: () =>
      envelopes.flatMap((envelope) => {
        // An envelope is a header line, then pairs of lines: an item's header and its payload.
        const lines = envelope.split('\n');
        const events: Record<string, unknown>[] = [];
        for (let i = 1; i + 1 < lines.length; i += 2) {
          const header = JSON.parse(lines[i] ?? '{}') as { type?: string };
          if (header.type === 'event') events.push(JSON.parse(lines[i + 1] ?? '{}'));
        }
        return events;
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
