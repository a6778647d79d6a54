/**
 * Every installed package supports the oldest Node the project promises (package.json engines, 20.19):
 * `npm install` on Node 20 prints no EBADENGINE warning, and nothing needs a newer Node at run time
 * (decision 0006). Read from package-lock.json, so a new dependency that needs Node 22 fails here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('Node engines', () => {
  it('every locked package accepts the oldest Node of package.json engines', () => {
    const oldest = semver.minVersion(read('package.json').engines.node);
    expect(oldest?.version).toBe('20.19.0');
    const lock = read('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: unknown } | string[] }>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (typeof node !== 'string' || !oldest) return [];
      return semver.satisfies(oldest, node) ? [] : [`${where}@${entry.version}: node ${node}`];
    });
    expect(refusing).toEqual([]);
  });
});

describe('the versions held back for Node 20', () => {
  // cookie 1 for light-my-request (inject's cookies), content-disposition 2 for @fastify/static (download).
  it('still work where their parents use them', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: fastifyStatic } = await import('@fastify/static');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-engines-'));
    try {
      fs.writeFileSync(path.join(dir, 'données.csv'), 'a,b\n');
      const app = Fastify();
      await app.register(fastifyStatic, { root: dir, serve: false });
      app.get('/download', (_request, reply) => reply.download('données.csv'));
      app.get('/cookie', (request) => ({ cookie: request.headers.cookie }));
      const download = await app.inject({ url: '/download' });
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="donn?es.csv"; filename*=UTF-8''donn%C3%A9es.csv`,
      );
      const cookie = await app.inject({ url: '/cookie', cookies: { session: 'a b', other: 'x' } });
      expect(cookie.json()).toEqual({ cookie: 'session=a%20b; other=x' });
      await app.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
