/** The OpenAPI document, generated from the same zod schemas that validate requests, at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${app.config.client.retailer.name} customer portal API`,
        description:
          'Tracker, Reduce & Reward, Happy Hours, Reduce & Be Rewarded and surveys. Every error answers ' +
          '`{ "error": { "code", "message" } }`.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; allow them on the documentation pages only. Like every other page,
    // they may not be framed (the plugin's own policy says 'self').
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
}

export default fp(openapi, { name: 'openapi', dependencies: ['infrastructure'] });
