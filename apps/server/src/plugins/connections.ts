/**
 * The server's own defences against slow and crowding clients, for `npm start` with nothing in front
 * (issue 16 items 2 and 7, docs/reliability.md): header, request and idle timeouts, at most
 * MAX_CONNECTIONS_PER_ADDRESS connections per client address, and the answers of Node's HTTP parser (a
 * malformed or oversized request, a timeout) in the JSON error shape with the security headers.
 */
import type http from 'node:http';
import { IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import type { ErrorCode, ErrorResponse } from '@portal/contracts';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { clientKey } from '../lib/rate-limiter.ts';
import { securityHeaderOptions } from './security.ts';

/** The security headers as name and value, for answers written straight to a socket. */
function securityHeaderLines(config: Config): string {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(securityHeaderOptions(config) as HelmetOptions)(
    response.req,
    response as ServerResponse & { req: IncomingMessage },
    () => {},
  );
  return Object.entries(response.getHeaders())
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}\r\n`)
    .join('');
}

/** A whole HTTP/1.1 answer in the JSON error shape that closes its connection. */
export function rawErrorAnswer(
  headerLines: string,
  status: number,
  code: ErrorCode,
  message: string,
): string {
  const body: ErrorResponse = { error: { code, message } };
  const text = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\n` +
    `cache-control: no-store\r\nconnection: close\r\n${headerLines}\r\n${text}`
  );
}

/** What Node's parser refused, as status, code and message. */
function refusalOf(error: NodeJS.ErrnoException): [number, ErrorCode, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive. Please try again.'];
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return [431, 'BAD_REQUEST', 'The request headers (or the address) are too large.'];
  }
  return [400, 'BAD_REQUEST', 'The request is malformed.'];
}

/** Fastify's server options for the timeouts and the parser's answers. */
export function connectionOptions(config: Config): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout' | 'clientErrorHandler'
> & {
  http: http.ServerOptions;
} {
  const { env } = config;
  const headerLines = securityHeaderLines(config);
  return {
    // The whole request, headers and body, must arrive within this (a body dripping a byte at a time).
    requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    // A connection with nothing happening on it for this long is closed.
    connectionTimeout: env.CONNECTION_IDLE_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(env.HEADERS_TIMEOUT_SECONDS, env.REQUEST_TIMEOUT_SECONDS) * 1000,
      requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
      // Node checks the two timeouts above this often (30 s by default, which would let them run late).
      connectionsCheckingInterval: 1000,
    },
    clientErrorHandler(error: NodeJS.ErrnoException, socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, code, message] = refusalOf(error);
      if (socket.writable) socket.end(rawErrorAnswer(headerLines, status, code, message));
      socket.destroySoon?.();
    },
  };
}

/**
 * At most MAX_CONNECTIONS_PER_ADDRESS open connections per client address (0: no limit). Only without a
 * trusted proxy: behind one, every connection comes from the proxy, which has its own limits.
 */
async function connections(app: FastifyInstance) {
  const { env } = app.config;
  const max = env.MAX_CONNECTIONS_PER_ADDRESS;
  if (max === 0 || env.TRUST_PROXY > 0) return;
  const headerLines = securityHeaderLines(app.config);
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress ?? '', env.RATE_LIMIT_IPV6_PREFIX);
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.on('error', () => {});
      socket.end(
        rawErrorAnswer(
          headerLines,
          429,
          'RATE_LIMITED',
          'Too many connections from this address. Please try again later.',
        ),
      );
      socket.destroySoon?.();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}

export default fp(connections, { name: 'connections', dependencies: ['infrastructure'] });
