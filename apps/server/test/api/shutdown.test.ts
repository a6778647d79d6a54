/**
 * Graceful shutdown behind a proxy (docs/operations.md): a request in flight when the server starts closing is
 * answered, with `Connection: close`, so that the proxy does not keep that connection and the close does not
 * wait for it (Node closes only the connections idle when the close begins).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../helpers/config.ts';
import { createTestDatabase } from '../helpers/database.ts';

interface Answer {
  status: number | undefined;
  connection: string | undefined;
  body: string;
}

it('answers a request in flight at shutdown with Connection: close, then closes', async () => {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(), database, logger: false });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived = () => {};
  const inFlight = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  // With its response schema, as every route of the app has one (decision 0042).
  app.get('/test/held', { schema: { response: { 200: z.object({ held: z.boolean() }) } } }, async () => {
    arrived();
    await held;
    return { held: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  // A keep-alive client, as nginx's upstream pool is.
  const agent = new http.Agent({ keepAlive: true });
  try {
    const answer = new Promise<Answer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/test/held', agent }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode, connection: response.headers.connection, body }),
          );
        })
        .on('error', reject);
    });
    await inFlight;
    const closed = app.close();
    // The close has begun once the server stops listening (after the preClose hooks).
    while (app.server.listening) await sleep(10);
    release();
    expect(await answer).toEqual({ status: 200, connection: 'close', body: '{"held":true}' });
    // Without Connection: close the agent would keep the connection, and this would wait for its timeout.
    await closed;
  } finally {
    agent.destroy();
    await database.close();
  }
});
