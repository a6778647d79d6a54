/**
 * Reading the web app's route table (apps/web/src/app/route-table.ts, which the build writes to
 * dist/.vite/route-screens.json beside Vite's manifest) with the manifest: which screen a path renders, and the
 * JavaScript a screen needs before it can run. Shared by the server, which names a page's chunks in its
 * index.html (`<link rel="modulepreload">`, so they download with the entry script instead of after it), and
 * by the bundle budget (scripts/bundle-budget.mjs), which weighs them. The table is the web app's: nothing here
 * knows its folders. No zod, no I/O: plain data and functions.
 */

/** A route of the web app: its path pattern (of `paths`), its screen module and the parts loaded with it. */
export interface RouteScreen {
  pattern: string;
  /** The screen module as Vite's manifest names it (relative to apps/web). */
  screen: string;
  /** Modules the router loads together with the screen (another feature's part the app composes into it). */
  parts?: readonly string[];
}

/** Where the build writes the route table, relative to the web app's dist folder. */
export const ROUTE_SCREENS_FILE = '.vite/route-screens.json';

/**
 * The params of a URL path that matches a React Router pattern of `paths` (':name' is one segment, ':name?' an
 * optional one; literal segments compare without regard to case, as the router's do), each decoded as the
 * router decodes it; undefined when it does not match.
 */
export function patternParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let index = 0;
  for (const part of wanted) {
    const segment = given[index];
    if (part.startsWith(':')) {
      if (segment === undefined) {
        if (part.endsWith('?')) continue;
        return undefined;
      }
      params[part.slice(1).replace(/\?$/, '')] = safeDecode(segment);
    } else if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) {
      return undefined;
    }
    index += 1;
  }
  return index === given.length ? params : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** True when a URL path matches a React Router pattern of `paths` (`patternParams`). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  return patternParams(pattern, pathname) !== undefined;
}

/** The route a URL path renders, or undefined (the router redirects unknown paths to the landing). */
export function routeOfPath(table: readonly RouteScreen[], pathname: string): RouteScreen | undefined {
  return table.find(({ pattern }) => matchesPattern(pattern, pathname));
}

/** The part of Vite's manifest that these functions read. */
export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

/** The manifest key of the entry chunk (index.html). */
export function entryKey(manifest: ViteManifest): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key]?.isEntry);
}

/**
 * The chunks a manifest key loads before it runs: itself and its static imports, transitively, as the files
 * (JavaScript and CSS) in the order they were reached. `seen` starts with chunks already counted.
 */
export function staticClosure(
  manifest: ViteManifest,
  key: string,
  seen: Set<string> = new Set(),
): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) {
      if (seen.has(file)) continue;
      seen.add(file);
      css.push(file);
    }
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

/**
 * What a screen adds to the entry: its chunks and styles, and those of the parts loaded with it, beyond those
 * the entry loads anyway.
 */
export function screenChunks(
  manifest: ViteManifest,
  screen: string,
  parts: readonly string[] = [],
): { js: string[]; css: string[] } {
  const entry = entryKey(manifest);
  const seen = new Set<string>();
  if (entry) staticClosure(manifest, entry, seen);
  const own = staticClosure(manifest, screen, seen);
  for (const part of parts) {
    const { js, css } = staticClosure(manifest, part, seen);
    own.js.push(...js);
    own.css.push(...css);
  }
  return own;
}
