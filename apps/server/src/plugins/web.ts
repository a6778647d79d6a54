/**
 * Serves the built web app on the same origin as the API. Every GET outside the server's own prefixes is
 * answered with index.html (carrying the runtime configuration), so client routing and the catch-all
 * redirect to `/` work on reload. Unknown server paths answer the JSON 404.
 *
 * The index.html of a page names the chunks of the page's screen (from Vite's manifest and the web app's route
 * table, which the build writes beside it; route-screens.ts in contracts reads them) as `<link rel="modulepreload">` and its styles as `<link rel="preload" as="style">`, so the
 * browser fetches them beside the entry script rather than after it has run (docs/benchmarks.md, Lighthouse).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  FIRST_SCREEN_ANSWERS_ELEMENT_ID,
  ROUTE_SCREENS_FILE,
  type RouteScreen,
  routeOfPath,
  screenChunks,
  type ViteManifest,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isServerPath, sendError } from './errors.ts';
import { firstScreenAnswers } from './first-screen-answers.ts';

export const CONFIG_PLACEHOLDER = '<!--portal-config-->';

/** What could end a JSON block early or break it in old parsers, each as its JSON escape (valid only in strings, where JSON text has them). */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const escapeForScript = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text inside a <script type="application/json"> block (data, never run, so the Content-Security-Policy needs
 * no hash for it): what could end the block early escaped, in one pass.
 */
export function jsonTextScriptElement(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(UNSAFE_IN_SCRIPT, escapeForScript)}</script>`;
}

export const jsonScriptElement = (id: string, value: unknown): string =>
  jsonTextScriptElement(id, JSON.stringify(value));

export const configElement = (config: ClientConfig): string =>
  jsonScriptElement(CLIENT_CONFIG_ELEMENT_ID, config);

/** The link tags that start a screen's chunks and styles with the document (empty when nothing to add). */
export function screenPreloadLinks(manifest: ViteManifest, route: RouteScreen): string {
  const { js, css } = screenChunks(manifest, route.screen, route.parts);
  return [
    ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('\n    ');
}

/** Vite's manifest and the route table the build wrote beside it, or undefined for a build without them. */
function readBuild(distDir: string): { manifest: ViteManifest; routes: RouteScreen[] } | undefined {
  try {
    return {
      manifest: JSON.parse(
        fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
      ) as ViteManifest,
      routes: JSON.parse(fs.readFileSync(path.join(distDir, ROUTE_SCREENS_FILE), 'utf8')) as RouteScreen[],
    };
  } catch {
    return undefined;
  }
}

/** A path under /assets/ (Vite's fingerprinted files), however it is spelt. */
export function isAssetPath(pathName: string): boolean {
  const path = safeDecode(pathName).toLowerCase();
  return path === '/assets' || path.startsWith('/assets/');
}

/** A path with a segment starting with a dot (`.vite/`, `.well-known/`…): never a file of the web app. */
export function isBuildInternal(pathName: string): boolean {
  return safeDecode(pathName)
    .split(/[/\\]/)
    .some((segment) => segment.startsWith('.'));
}

function safeDecode(pathName: string): string {
  try {
    return decodeURIComponent(pathName);
  } catch {
    return pathName;
  }
}

async function web(app: FastifyInstance) {
  const distDir = app.config.webDistDir;
  const indexPath = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexPath);
  // Put in by a function: a string would read `$&`, `$'`… of a configured name as replace()'s patterns.
  const indexHtml = built
    ? fs.readFileSync(indexPath, 'utf8').replace(CONFIG_PLACEHOLDER, () => configElement(app.config.client))
    : undefined;
  if (!built) app.log.warn(`web app not built (${indexPath} missing): run "npm run build"`);

  // index.html for each screen, made once: the preload links go at the end of <head>.
  const build = built ? readBuild(distDir) : undefined;
  const pages = new Map<string, string>();
  const pageHtml = (url: string): string | undefined => {
    const route = build && routeOfPath(build.routes, url.split(/[?#]/)[0] ?? '/');
    if (!indexHtml || !build || !route) return indexHtml;
    let html = pages.get(route.screen);
    if (html === undefined) {
      const links = screenPreloadLinks(build.manifest, route);
      html = links ? indexHtml.replace('</head>', () => `  ${links}\n  </head>`) : indexHtml;
      pages.set(route.screen, html);
    }
    return html;
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      // Only files: directories (and index.html, which needs the configuration) fall through to the app;
      // nothing of the build's internals (Vite's .vite/manifest.json) is public.
      allowedPath: (pathName) =>
        pathName !== '/index.html' && /\.[A-Za-z0-9]+$/.test(pathName) && !isBuildInternal(pathName),
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/: cache it for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? '/';
    const pathName = url.split(/[?#]/)[0] ?? '/';
    if (isAssetPath(pathName) || isBuildInternal(pathName)) {
      // A stale tab asking for last release's chunk must get an error, not HTML it would run as a script.
      return sendError(reply, 404, 'NOT_FOUND', 'There is no such file.');
    }
    const wantsApp = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(url);
    const html = wantsApp ? pageHtml(url) : undefined;
    if (html) {
      // The first screen's answers travel with the document (decision 0045): a page that carries them holds the
      // customer's data, for their browser only.
      const answers = request.method === 'GET' ? await firstScreenAnswers(app, request, pathName) : null;
      const carried = answers !== null;
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', carried ? 'private, no-store' : 'no-cache')
        .send(
          carried
            ? html.replace(
                '</head>',
                () => `  ${jsonTextScriptElement(FIRST_SCREEN_ANSWERS_ELEMENT_ID, answers)}\n  </head>`,
              )
            : html,
        );
    }
    if (wantsApp) {
      return sendError(reply, 404, 'NOT_FOUND', 'The web app is not built. Run "npm run build" and restart.');
    }
    return sendError(reply, 404, 'NOT_FOUND', `No such endpoint: ${request.method} ${url.split('?')[0]}`);
  });
}

export default fp(web, { name: 'web', dependencies: ['infrastructure', 'errors'] });
