/**
 * Serves the built web app on the same origin as the API. Every GET outside the server's own prefixes is
 * answered with index.html (carrying the runtime configuration), so client routing and the catch-all
 * redirect to `/` work on reload. Unknown server paths answer the JSON 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isServerPath, sendError } from './errors.ts';

export const CONFIG_PLACEHOLDER = '<!--portal-config-->';

/** JSON inside a <script type="application/json"> block: escape what could end the block early. */
export function configElement(config: ClientConfig): string {
  const json = JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`;
}

async function web(app: FastifyInstance) {
  const distDir = app.config.webDistDir;
  const indexPath = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexPath);
  const indexHtml = built
    ? fs.readFileSync(indexPath, 'utf8').replace(CONFIG_PLACEHOLDER, configElement(app.config.client))
    : undefined;
  if (!built) app.log.warn(`web app not built (${indexPath} missing): run "npm run build"`);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      // Only files: directories (and index.html, which needs the configuration) fall through to the app.
      allowedPath: (pathName) => pathName !== '/index.html' && /\.[A-Za-z0-9]+$/.test(pathName),
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/: cache it for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    const wantsApp = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(url);
    if (wantsApp && indexHtml) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    if (wantsApp) {
      return sendError(reply, 404, 'NOT_FOUND', 'The web app is not built. Run "npm run build" and restart.');
    }
    return sendError(reply, 404, 'NOT_FOUND', `No such endpoint: ${request.method} ${url.split('?')[0]}`);
  });
}

export default fp(web, { name: 'web', dependencies: ['infrastructure', 'errors'] });
