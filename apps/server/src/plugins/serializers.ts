/** How answers are turned into JSON: checked against their response schemas, except in production. */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual, promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';

type SerializerCompiler = typeof serializerCompiler;

/**
 * Outside production every answer is checked against its response schema, and must not carry a field that
 * the schema leaves out (the check would strip it, so production, which does not check, would send it).
 */
export const strictSerializerCompiler: SerializerCompiler = (route) => {
  const checked = serializerCompiler(route);
  return (data) => {
    const json = checked(data);
    if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(data) ?? 'null'))) {
      throw new Error(
        `${route.method} ${route.url}: the answer has fields its response schema does not declare`,
      );
    }
    return json;
  };
};

/**
 * In production answers are sent as built: the routes build them from the contract's types, and the tests
 * run every route through the strict check above. Checking a week of usage (72 KB) cost 13% of its CPU.
 */
export const plainSerializerCompiler: SerializerCompiler = () => (data) => JSON.stringify(data);

/**
 * Answers with JSON text a route composed itself (the usage week's cached hours). In production it is sent
 * as it is; elsewhere it is parsed back and goes through the strict check like any other answer.
 */
export function sendJsonText<T>(app: FastifyInstance, reply: FastifyReply, json: string): T {
  if (app.config.env.NODE_ENV !== 'production') return JSON.parse(json) as T;
  // Fastify sends a string answer with a JSON content type as it is, without the serializer.
  reply.header('content-type', 'application/json; charset=utf-8');
  return json as unknown as T;
}

/** The encodings an answer is kept compressed in, best first, with how to make each (@fastify/compress's levels). */
const ENCODINGS = {
  br: promisify((input: Buffer, done: (error: Error | null, result: Buffer) => void) =>
    zlib.brotliCompress(
      input,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        },
      },
      done,
    ),
  ),
  gzip: promisify(zlib.gzip),
} as const;
type Encoding = keyof typeof ENCODINGS;

/** The best encoding the client takes (a q of 0 refuses one), or null for the identity. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
    if (accepted.has(encoding) || accepted.has('*')) return encoding;
  }
  return null;
}

/**
 * Answers compressed once and reused (issue 14): keyed by the answer's own hash, so an entry is right for as
 * long as anyone asks for those exact bytes, and needs no invalidation. Kept by size.
 */
export class CompressedAnswers {
  private readonly cache: LRUCache<string, Buffer> | null;

  constructor(maxBytes: number) {
    this.cache =
      maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (body) => body.length }) : null;
  }

  async get(etag: string, encoding: Encoding, text: string): Promise<Buffer> {
    const key = `${encoding}:${etag}`;
    const cached = this.cache?.get(key);
    if (cached) return cached;
    const body = await ENCODINGS[encoding](Buffer.from(text));
    this.cache?.set(key, body);
    return body;
  }
}

/** A strong validator of JSON text: its SHA-1, quoted as an entity tag. */
export const entityTagOf = (json: string) => `"${createHash('sha1').update(json).digest('base64url')}"`;

/**
 * Answers with JSON text that a browser may keep and revalidate (`private, no-cache`): 304 when the client
 * already has these bytes (If-None-Match), else the text, in production compressed from `compressed`.
 */
export async function sendRevalidatedJsonText<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
  compressed: CompressedAnswers,
): Promise<T> {
  const etag = entityTagOf(json);
  // Only this browser may keep it, and it must ask each time: a budget or a new day of data shows at once.
  reply.header('cache-control', 'private, no-cache');
  reply.header('etag', etag);
  reply.header('vary', 'accept-encoding');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send() as unknown as T;
  }
  const encoding =
    app.config.env.NODE_ENV === 'production' ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return sendJsonText<T>(app, reply, json);
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('content-encoding', encoding);
  return reply.send(await compressed.get(etag, encoding, json)) as unknown as T;
}

/**
 * Answers with a stored body that a browser may keep and revalidate (`private, no-cache`, its ETag): 304 when
 * the client already has it (If-None-Match), else the bytes as stored, in the encoding they were read in
 * (`acceptedEncoding`'s choice; identity outside production, parsed back for the strict check).
 */
export function sendStoredJson<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  stored: { etag: string; body: Buffer; encoding: Encoding | null },
): T {
  // Only this browser may keep it, and it must ask each time: a budget or a new day of data shows at once.
  reply.header('cache-control', 'private, no-cache');
  reply.header('etag', stored.etag);
  reply.header('vary', 'accept-encoding');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === stored.etag)) {
    return reply.code(304).send() as unknown as T;
  }
  if (app.config.env.NODE_ENV !== 'production') return JSON.parse(stored.body.toString('utf8')) as T;
  reply.header('content-type', 'application/json; charset=utf-8');
  if (stored.encoding) reply.header('content-encoding', stored.encoding);
  return reply.send(stored.body) as unknown as T;
}

/** The encoding a stored answer is read in for this request: the client's best, in production only. */
export function storedEncodingFor(app: FastifyInstance, request: FastifyRequest): Encoding | null {
  return app.config.env.NODE_ENV === 'production'
    ? acceptedEncoding(request.headers['accept-encoding'])
    : null;
}
