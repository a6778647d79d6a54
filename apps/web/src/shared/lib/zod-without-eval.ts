/**
 * zod 4 probes `new Function('')` to decide whether to compile its parsers. Under the portal's CSP (no
 * 'unsafe-eval') the probe is refused and Chromium reports a `securitypolicyviolation` even though zod
 * catches the error. zod's `jitless` setting skips the probe. zod keeps its settings in
 * `globalThis.__zod_globalConfig`, so setting it here costs no zod on first load (decision 0010); this module
 * is main.tsx's first import, and zod arrives later with the screens that need it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
