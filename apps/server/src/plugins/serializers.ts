/**
 * How answers are turned into JSON: outside production, every success answer is checked against its response
 * schema, which it must have; in production, sent as built (a stored answer as its stored bytes).
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { acceptedEncoding, type Encoding } from '../lib/compression.ts';

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
 * Outside production, a success answer with a body must have a response schema for its status, or the strict
 * check above would never see it: a route that forgot one would send whatever it built, field for field. The
 * only routes exempt are those left out of the OpenAPI document (its own pages).
 */
export function requireResponseSchemas(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode > 299 || payload === null || typeof payload !== 'object') {
      return payload;
    }
    const schema = request.routeOptions.schema as { hide?: boolean; response?: object } | undefined;
    // Left out of the API's description: the OpenAPI pages themselves (@fastify/swagger-ui).
    if (schema?.hide) return payload;
    const declared = (schema?.response ?? {}) as Record<string, unknown>;
    const status = String(reply.statusCode);
    if (!(status in declared) && !('2xx' in declared) && !('default' in declared)) {
      throw new Error(
        `${request.method} ${request.routeOptions.url}: answers ${status} without a response schema`,
      );
    }
    return payload;
  });
}

/**
 * In production answers are sent as built: the routes build them from the contract's types, and the tests
 * run every route through the strict check above. Checking a week of usage (72 KB) cost 13% of its CPU.
 */
export const plainSerializerCompiler: SerializerCompiler = () => (data) => JSON.stringify(data);

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
