import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  plainSerializerCompiler,
  requireResponseSchemas,
  strictSerializerCompiler,
} from '../../src/plugins/serializers.ts';

async function answer(compiler: typeof strictSerializerCompiler, body: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiler);
  app.get(
    '/thing',
    { schema: { response: { 200: z.object({ name: z.string(), count: z.number().int() }) } } },
    async () => body as never,
  );
  const response = await app.inject({ method: 'GET', url: '/thing' });
  await app.close();
  return response;
}

describe('response serializers', () => {
  it('passes an answer that matches its schema, in both modes', async () => {
    for (const compiler of [strictSerializerCompiler, plainSerializerCompiler]) {
      const response = await answer(compiler, { name: 'a', count: 2 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'a', count: 2 });
    }
  });

  it('refuses, outside production, an answer with a field the schema leaves out or a wrong type', async () => {
    expect((await answer(strictSerializerCompiler, { name: 'a', count: 2, secret: 'x' })).statusCode).toBe(
      500,
    );
    expect((await answer(strictSerializerCompiler, { name: 'a', count: 2.5 })).statusCode).toBe(500);
  });

  it('sends the answer as built in production (which is why the strict check runs in every test)', async () => {
    const response = await answer(plainSerializerCompiler, { name: 'a', count: 2, secret: 'x' });
    expect(response.json()).toEqual({ name: 'a', count: 2, secret: 'x' });
  });

  it('refuses, outside production, a success answer whose status has no response schema', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(strictSerializerCompiler);
    requireResponseSchemas(app);
    const thing = z.object({ name: z.string() });
    app.get('/none', async () => ({ name: 'a', secret: 'x' }));
    app.get('/other-status', { schema: { response: { 200: thing } } }, async (_request, reply) =>
      // A status the route does not declare: the type provider cannot see it, the check must.
      reply.code(201 as 200).send({ name: 'a' }),
    );
    app.get('/declared', { schema: { response: { 200: thing } } }, async () => ({ name: 'a' }));
    app.get('/text', async () => 'plain text');
    app.get('/hidden', { schema: { hide: true } }, async () => ({ page: 'the OpenAPI pages' }));
    try {
      expect((await app.inject({ method: 'GET', url: '/none' })).statusCode).toBe(500);
      expect((await app.inject({ method: 'GET', url: '/other-status' })).statusCode).toBe(500);
      expect((await app.inject({ method: 'GET', url: '/declared' })).json()).toEqual({ name: 'a' });
      expect((await app.inject({ method: 'GET', url: '/text' })).body).toBe('plain text');
      expect((await app.inject({ method: 'GET', url: '/hidden' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
