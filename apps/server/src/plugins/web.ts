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
import {
  acceptsEncoding,
  type DeflatedPart,
  deflatedPart,
  gzipOfParts,
  storedGzipPart,
} from '../lib/compression.ts';
import { htmlSafeJson } from '../lib/html-safe-json.ts';
import { isServerPath, sendError } from './errors.ts';
import { type CarriedAnswer, firstScreenAnswers } from './first-screen-answers.ts';

export const CONFIG_PLACEHOLDER = '<!--portal-config-->';

/**
 * JSON text inside a <script type="application/json"> block (data, never run, so the Content-Security-Policy needs
 * no hash for it): what could end the block early escaped (`htmlSafeJson`).
 */
export function jsonTextScriptElement(id: string, json: string): string {
  return `${scriptElementOpening(id)}${htmlSafeJson(json)}${SCRIPT_ELEMENT_END}`;
}

const scriptElementOpening = (id: string) => `<script type="application/json" id="${id}">`;
const SCRIPT_ELEMENT_END = '</script>';

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

/** A screen's index.html, and its two sides of the point where a page's answers go (the end of <head>). */
interface Page {
  html: string;
  before: string;
  /** `before` compressed, once, for the pages that join stored answers into gzip. */
  head: () => DeflatedPart;
  rest: string;
}

function pageParts(html: string): Page {
  const at = html.indexOf('</head>');
  const before = html.slice(0, at);
  let head: DeflatedPart | undefined;
  return {
    html,
    before,
    head: () => {
      head ??= deflatedPart(Buffer.from(before));
      return head;
    },
    rest: html.slice(at + '</head>'.length),
  };
}

const answerOpening = (answer: CarriedAnswer, index: number) =>
  `${index > 0 ? ',' : ''}${JSON.stringify(answer.key)}:{"status":${answer.status},"body":`;

/** The page with its answers as one JSON block at the end of <head>. */
function pageText(page: Page, answers: CarriedAnswer[]): string {
  const json = `{${answers.map((answer, index) => `${answerOpening(answer, index)}${answer.body as string}}`).join('')}}`;
  return `${page.before}  ${jsonTextScriptElement(FIRST_SCREEN_ANSWERS_ELEMENT_ID, json)}\n  </head>${page.rest}`;
}

/**
 * The same page as `pageText` gives, in gzip, with each stored answer's compressed bytes as they are stored: only
 * the text around them is compressed here (a few hundred bytes, where the whole page is 77 KB).
 */
function pageGzip(page: Page, answers: CarriedAnswer[]): Buffer {
  const parts = [page.head()];
  let text = `  ${scriptElementOpening(FIRST_SCREEN_ANSWERS_ELEMENT_ID)}{`;
  answers.forEach((answer, index) => {
    text += htmlSafeJson(answerOpening(answer, index));
    if (typeof answer.body === 'string') {
      text += `${htmlSafeJson(answer.body)}}`;
      return;
    }
    parts.push(deflatedPart(Buffer.from(text)), storedGzipPart(answer.body.gzipPrefix));
    // Stored as HTML-safe JSON already, as the prefix is.
    text = `${answer.body.suffix.toString('utf8')}}`;
  });
  return gzipOfParts(parts, Buffer.from(`${text}}${SCRIPT_ELEMENT_END}\n  </head>${page.rest}`));
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
  const pages = new Map<string, Page>();
  const pageOf = (url: string): Page | undefined => {
    if (!indexHtml) return undefined;
    const route = build && routeOfPath(build.routes, url.split(/[?#]/)[0] ?? '/');
    const screen = route?.screen ?? '';
    let page = pages.get(screen);
    if (page === undefined) {
      const links = build && route ? screenPreloadLinks(build.manifest, route) : '';
      page = pageParts(links ? indexHtml.replace('</head>', () => `  ${links}\n  </head>`) : indexHtml);
      pages.set(screen, page);
    }
    return page;
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
    const page = wantsApp ? pageOf(url) : undefined;
    if (page) {
      // The first screen's answers travel with the document (decision 0045): a page that carries them holds the
      // customer's data, for their browser only. A client that takes gzip gets a stored answer as its stored
      // bytes, joined into the page's gzip body (decision 0050).
      const storedParts = acceptsEncoding(request.headers['accept-encoding'], 'gzip');
      const answers =
        request.method === 'GET' ? await firstScreenAnswers(app, request, pathName, { storedParts }) : [];
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', answers.length > 0 ? 'private, no-store' : 'no-cache');
      if (answers.some((answer) => typeof answer.body !== 'string')) {
        return reply
          .header('content-encoding', 'gzip')
          .header('vary', 'accept-encoding')
          .send(pageGzip(page, answers));
      }
      return reply.send(answers.length > 0 ? pageText(page, answers) : page.html);
    }
    if (wantsApp) {
      return sendError(reply, 404, 'NOT_FOUND', 'The web app is not built. Run "npm run build" and restart.');
    }
    return sendError(reply, 404, 'NOT_FOUND', `No such endpoint: ${request.method} ${url.split('?')[0]}`);
  });
}

export default fp(web, { name: 'web', dependencies: ['infrastructure', 'errors'] });
