/**
 * Which screen module of the web app each path renders, and the JavaScript a screen needs before it can run,
 * read from Vite's build manifest (apps/web/dist/.vite/manifest.json). Shared by the server, which names a
 * page's chunks in its index.html (`<link rel="modulepreload">`, so they download with the entry script
 * instead of after it), and by the bundle budget (scripts/bundle-budget.mjs), which weighs them. The web
 * app's router (apps/web/src/app/router.tsx) loads the same modules; the bundle budget fails when a lazy
 * screen of the build is missing here. No zod, no I/O: plain data and functions.
 */
import { paths } from './paths.ts';

/** Screen modules as Vite's manifest names them: relative to apps/web. */
const feature = (area: string, screen: string) => `src/features/${area}/components/${screen}.tsx`;

/** Each path pattern of `paths` and the screen module its route loads (router.tsx). */
export const routeScreens: ReadonlyArray<{ pattern: string; screen: string }> = [
  { pattern: paths.landing.pattern, screen: feature('landing', 'landing-page') },
  { pattern: paths.usage.pattern, screen: feature('tracker', 'tracker-page') },
  { pattern: paths.settings.pattern, screen: feature('settings', 'settings-page') },
  { pattern: paths.feedback.pattern, screen: feature('feedback', 'feedback-page') },
  { pattern: paths.reduceAndReward.pattern, screen: feature('reduce-and-reward', 'overview-page') },
  { pattern: paths.event.pattern, screen: feature('reduce-and-reward', 'event-detail-page') },
  { pattern: paths.event.lowerCasePattern, screen: feature('reduce-and-reward', 'event-detail-page') },
  { pattern: paths.offerExpired.pattern, screen: feature('happy-hours', 'message-pages') },
  { pattern: paths.happyHoursSignup.pattern, screen: feature('happy-hours', 'signup-page') },
  { pattern: paths.happyHoursChangeSlot.pattern, screen: feature('happy-hours', 'change-slot-page') },
  {
    pattern: paths.happyHoursChangeConfirmation.pattern,
    screen: feature('happy-hours', 'message-pages'),
  },
  {
    pattern: paths.happyHoursConfirmation.pattern,
    screen: feature('happy-hours', 'message-pages'),
  },
  {
    pattern: paths.happyHoursAlreadyRegistered.pattern,
    screen: feature('happy-hours', 'message-pages'),
  },
  { pattern: paths.optOut.pattern, screen: feature('here-for-you', 'participation-page') },
  { pattern: paths.optBackIn.pattern, screen: feature('here-for-you', 'participation-page') },
  { pattern: paths.survey.pattern, screen: feature('surveys', 'survey-page') },
  { pattern: paths.smeSurvey.pattern, screen: feature('surveys', 'sme-survey-page') },
  { pattern: paths.plans.pattern, screen: feature('plans', 'plans-page') },
];

/**
 * Modules the router loads together with a screen: another feature's part that the app composes into it, so
 * that neither feature imports the other (docs/decisions/0026-boundaries.md). Their chunks are the screen's
 * too, for the preload links and the bundle budget.
 */
export const screenParts: Readonly<Record<string, readonly string[]>> = {
  [feature('tracker', 'tracker-page')]: [feature('plans', 'better-offer')],
};

/**
 * True when a URL path matches a React Router pattern of `paths`: ':name' is one segment, ':name?' an optional
 * one; literal segments compare without regard to case, as the router's do.
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  let index = 0;
  for (const part of wanted) {
    const segment = given[index];
    if (part.startsWith(':')) {
      if (segment === undefined) {
        if (part.endsWith('?')) continue;
        return false;
      }
    } else if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) {
      return false;
    }
    index += 1;
  }
  return index === given.length;
}

/** The screen module a URL path renders, or undefined (the router redirects unknown paths to the landing). */
export function screenOfPath(pathname: string): string | undefined {
  return routeScreens.find(({ pattern }) => matchesPattern(pattern, pathname))?.screen;
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
 * What a screen adds to the entry: its chunks and styles, and those of the parts loaded with it (`parts`, by
 * default from `screenParts`), beyond those the entry loads anyway.
 */
export function screenChunks(
  manifest: ViteManifest,
  screen: string,
  parts: readonly string[] = screenParts[screen] ?? [],
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
