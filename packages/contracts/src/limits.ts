/**
 * Numbers and patterns that the schemas are built from and that the web app also needs on its own. This module
 * (like copy.ts, messages.ts, paths.ts, ui.ts and market-time.ts) must not import the schema library: the web
 * app imports these on its first screens, and the bundle budget leaves no room for zod there
 * (docs/decisions/0010).
 */

/**
 * A public id is URL-safe and opaque. Real accounts get 22 base64url characters (128 random bits); the demo
 * accounts have readable fixed ids such as `demo-home`. Anything else is malformed (422).
 */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

/** The longest page address a visit record carries. */
export const VISIT_URL_MAX_LENGTH = 2048;

/** Budget: whole dollars per week, 0 (off) to 99 (docs/rules.md#validation). */
export const BUDGET_MAX = 99;

/** The longest range one meter-data export covers, in days. */
export const EXPORT_MAX_DAYS = 366;

/**
 * The version of the usage response's shape. The browser keeps responses for an hour (docs/rules.md#states-and-transitions) and trusts its
 * own server's answers without parsing them (docs/decisions/0010), so a copy saved under another version is
 * dropped. A contracts test pins the shape to this number: changing the schema fails it until this is raised.
 */
export const USAGE_RESPONSE_VERSION = 4;

/** Event ids are positive 32-bit integers (a PostgreSQL integer key). */
export const EVENT_ID_MAX = 2 ** 31 - 1;

/** Whether a path segment is an event id as written in links (digits, no sign or leading zero). */
export function isEventIdText(text: string): boolean {
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= EVENT_ID_MAX;
}

/** Usage responses are kept in the browser for 1 hour (docs/rules.md). */
export const USAGE_CACHE_MAX_AGE_MS = 60 * 60 * 1000;
