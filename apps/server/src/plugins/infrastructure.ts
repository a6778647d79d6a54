/** Decorates the app with its configuration and database, first of all plugins. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
  }
}

async function infrastructure(app: FastifyInstance, options: { config: Config; database: DatabaseHandle }) {
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
}

export default fp(infrastructure, { name: 'infrastructure' });
