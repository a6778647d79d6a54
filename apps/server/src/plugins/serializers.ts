/** How answers are turned into JSON: checked against their response schemas, except in production. */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

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
