/**
 * The one place that reads the environment (conventions: "parsed once, by one schema"). The server, the CLI
 * and the tests all load their settings through `loadConfig`.
 */
import path from 'node:path';
import { BETTER_OFFER_DEFAULT_MIN_SAVING, type ClientConfig, serverPrefixes } from '@portal/contracts';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
/** A link shown to people or put in emails: http(s) only, never javascript: or data: (no open redirect). */
const webUrl = z.url({ protocol: /^https?$/ });
const optionalFlag = z
  .preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional())
  .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1'));
const booleanFlag = (fallback: boolean) => optionalFlag.transform((value) => value ?? fallback);

/** A PostgreSQL connection URL (what `pg` accepts as a connection string). */
function isPostgresUrl(value: string): boolean {
  try {
    return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded PGlite database (and the mail outbox) live when DATABASE_URL is not set. */
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** Connections the server keeps to PostgreSQL (DATABASE_URL); a request waits at most 5 s for one, then 503. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * Read-only standbys of DATABASE_URL's primary, comma-separated postgres:// URLs: the customers' GETs read from
   * them, every write and operator command goes to the primary (decision 0044). Each standby gets a pool of
   * DATABASE_POOL_SIZE connections.
   */
  DATABASE_READ_URL: z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? value.split(',').map((url) => url.trim())
        : undefined,
    z
      .array(
        z
          .string()
          .min(1, 'a standby URL is empty (two commas, or one at an end)')
          .refine(isPostgresUrl, 'each standby must be a postgres:// or postgresql:// URL'),
      )
      .max(16, 'at most 16 standbys')
      .optional(),
  ),
  /** A standby further behind the primary than this is left out of the reads until it catches up. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** How often each instance checks its standbys (role, replay position, lag); 2 s at most per check. */
  DATABASE_READ_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /**
   * How long a data page's document waits for its first screen's answers (decision 0045) before it goes without
   * them and the browser asks itself. The end-to-end tests wait longer, so a loaded machine changes nothing they see.
   */
  FIRST_SCREEN_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(1_500),
  /**
   * Megabytes of compared plans each server process keeps (decision 0033); 0 turns the cache off. The
   * Tracker's weeks are kept in the database (decision 0036).
   */
  USAGE_CACHE_MB: z.coerce.number().int().min(0).max(65536).default(128),
  /**
   * The smallest yearly saving, whole dollars including GST, that the Tracker and the emails show as a better
   * offer (issue 17, docs/plans.md).
   */
  BETTER_OFFER_MIN_SAVING: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(BETTER_OFFER_DEFAULT_MIN_SAVING),
  /**
   * The server builds every account's recent Tracker weeks for the new day a few minutes after AEST midnight
   * (decision 0036); one instance of many does it. Off: the first reader of each week builds it.
   */
  TRACKER_ROLLOVER: booleanFlag(true),
  REDIS_URL: optionalUrl,
  /** Prefix of every key this deployment writes to Redis, so that several can share one server. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{0,64}$/)
    .default('portal:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin of the portal, for links in emails; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(emptyToUndefined, webUrl.optional()),
  /** Number of proxy hops to trust for the client address (rate limits), e.g. 1 behind nginx. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Seed the demo accounts at start (docs/contracts.md). Default: true, but false with NODE_ENV=production, where
   * only DEMO_SEED=true given explicitly makes a demo deployment (issue 25 item 3); see `loadConfig`.
   */
  DEMO_SEED: optionalFlag,
  /** Built web app to serve; defaults to apps/web/dist. */
  WEB_DIST_DIR: optionalString,
  SENTRY_DSN: optionalUrl,
  SENTRY_ENVIRONMENT: z.string().default('production'),

  // The deployment's retailer (docs/screens.md furniture, docs/api.md#calls client code).
  CLIENT_CODE: z
    .string()
    .regex(/^[A-Z0-9_]{2,32}$/)
    .default('BRIGHTSIDE'),
  RETAILER_NAME: z.string().default('Brightside Energy'),
  RETAILER_PHONE: z.string().default('13 00 00'),
  RETAILER_IDEAS_EMAIL: z.email().default('ideas@brightside.example'),
  RETAILER_ACCESS_EMAIL: z.email().default('tracker@brightside.example'),
  RETAILER_SITE_URL: webUrl.default('https://www.brightside.example/'),
  RETAILER_HELP_CENTRE_URL: webUrl.default('https://help.brightside.example/'),
  RETAILER_FAQ_URL: webUrl.default('https://www.brightside.example/tracker-faq'),
  RETAILER_ACCOUNT_SITE_URL: webUrl.default('https://my.brightside.example/'),
  RETAILER_HAPPY_HOURS_CONDITIONS_URL: webUrl.default(
    'https://www.brightside.example/happy-hours-conditions',
  ),
  RETAILER_ENERGY_TIPS_URL: webUrl.default('https://www.brightside.example/energy-saving-tips'),
  RETAILER_LEGAL_ENTITY: z
    .string()
    .default(
      'Brightside Energy Pty Ltd ABN 00 000 000 000. Brightside Energy is a licensed electricity retailer.',
    ),

  // Where the web app sends its calls (docs/api.md#calls); same origin by default (docs/contracts.md).
  API_BASE: z.string().default('/api'),
  REDUCE_AND_REWARD_BASE: optionalString,
  INNOVATIVE_BILLING_BASE: optionalString,
  SHOW_LINKS: booleanFlag(true),
  HIDE_SETTINGS: booleanFlag(false),

  /** Failed account look-ups allowed per client address per window before 429 (docs/access.md). */
  ACCOUNT_LOOKUP_FAILURES: z.coerce.number().int().min(1).default(30),
  ACCOUNT_LOOKUP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /**
   * Seconds an address remembers an account id it has had looked up (or was sent to by a signed email link):
   * a repeat is not counted again, and is let through while the address is blocked (decision 0039).
   */
  ACCOUNT_LOOKUP_REMEMBER_SECONDS: z.coerce.number().int().min(1).default(86_400),
  /** Account look-ups one client address may have running at once (per instance); the rest wait their turn. */
  ACCOUNT_LOOKUP_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  /** Bits of an IPv6 client address that name the client for rate limits (a /64 is one subscriber's). */
  RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(1).max(128).default(64),
  // Slow and crowding clients, with nothing in front of the server (docs/reliability.md, Abuse).
  /** Seconds a request's headers may take to arrive (no more than REQUEST_TIMEOUT_SECONDS). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Seconds a whole request, headers and body, may take to arrive; then 408 and the connection is closed. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seconds a connection may stay open with nothing sent either way. */
  CONNECTION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Open connections per client address (0: no limit); not applied behind a trusted proxy (TRUST_PROXY). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(100),
  /** Visit records accepted per client address per minute. */
  INTERACTIONS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  // Limits per account and per client address (docs/access.md#limits-per-account, issue 25 item 3), far
  // above what a customer in a browser does, so that a known id cannot write or read without end.
  /** Calls that store what the customer sends (budget, survey, email settings, offers), per account an hour. */
  WRITES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** The same calls per client address an hour, whatever accounts they name (a household or NAT shares one). */
  WRITES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(600),
  /** Data exports (GET /api/tracker/export, up to 366 days each) per account an hour. */
  EXPORTS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  EXPORTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** Weeks of the Tracker (GET /api/tracker/usage) per account a minute. */
  USAGE_WEEKS_PER_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  USAGE_WEEKS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(600),

  // Email snapshots (docs/email-snapshots.md, docs/email-snapshots.md).
  /** smtp:// or smtps:// server for the snapshots; unset: .eml files in DATA_DIR/outbox. */
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  RETAILER_MAIL_FROM: z.email().default('tracker@brightside.example'),
  RETAILER_MAIL_REPLY_TO: z.email().default('help@brightside.example'),
  /** The mailbox of the List-Unsubscribe header's mailto link. */
  RETAILER_UNSUBSCRIBE_EMAIL: z.email().default('unsubscribe@brightside.example'),
  /**
   * Keys of the links in emails, comma-separated, 32 characters or more each: the first signs, every one is
   * accepted, so a key is rotated by putting a new one first and removing the old one later (docs/access.md).
   * Unset (and EMAIL_LINK_SECRET unset): one key generated once and kept in the database.
   */
  EMAIL_LINK_SECRETS: z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? value.split(',').map((key) => key.trim())
        : undefined,
    z.array(z.string().min(32, 'each key must have 32 characters or more')).optional(),
  ),
  /** The one-key form of EMAIL_LINK_SECRETS, as older deployments set it. */
  EMAIL_LINK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
});

/** The settings as parsed, with the defaults that depend on another setting filled in (`loadConfig`). */
export type Environment = Omit<z.infer<typeof environmentSchema>, 'DEMO_SEED'> & { DEMO_SEED: boolean };

/** The settings of the limits per account and per address (docs/access.md#limits-per-account). */
const CALL_LIMIT_SETTINGS = [
  'WRITES_PER_ACCOUNT_PER_HOUR',
  'WRITES_PER_ADDRESS_PER_HOUR',
  'EXPORTS_PER_ACCOUNT_PER_HOUR',
  'EXPORTS_PER_ADDRESS_PER_HOUR',
  'USAGE_WEEKS_PER_ACCOUNT_PER_MINUTE',
  'USAGE_WEEKS_PER_ADDRESS_PER_MINUTE',
] as const satisfies readonly (keyof Environment)[];

/**
 * Those limits lifted, for the fuzz and the benchmarks, which ask for a few accounts far more often than any
 * customer does and measure the server, not its limits.
 */
export const liftedCallLimits = Object.fromEntries(
  CALL_LIMIT_SETTINGS.map((name) => [name, '1000000']),
) as Record<(typeof CALL_LIMIT_SETTINGS)[number], string>;

export interface Config {
  env: Environment;
  /** DATABASE_READ_URL's standbys, in order (none: every read from DATABASE_URL or the embedded database). */
  readUrls: string[];
  dataDir: string;
  webDistDir: string;
  publicUrl: string;
  client: ClientConfig;
  /** EMAIL_LINK_SECRETS (or EMAIL_LINK_SECRET), the first signing; null: the key kept in the database. */
  emailLinkSecrets: string[] | null;
  mail: {
    smtpUrl: string | null;
    /** Where snapshots are written when there is no SMTP server. */
    outboxDir: string;
    fromName: string;
    from: string;
    replyTo: string;
    unsubscribeEmail: string;
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Strips a trailing `/api` to derive the other bases (docs/api.md#calls). */
function siblingBase(apiBase: string, suffix: string): string {
  return `${apiBase.replace(/\/api\/?$/, '')}${suffix}`;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  // A production start never seeds demo accounts (mailed over the real relay) unless explicitly asked.
  const env: Environment = {
    ...parsed.data,
    DEMO_SEED: parsed.data.DEMO_SEED ?? parsed.data.NODE_ENV !== 'production',
  };
  if (env.EMAIL_LINK_SECRETS && env.EMAIL_LINK_SECRET) {
    throw new ConfigError(
      'Invalid configuration: EMAIL_LINK_SECRET and EMAIL_LINK_SECRETS are both set; keep EMAIL_LINK_SECRETS, with the old key after the new one',
    );
  }
  const readUrls = env.DATABASE_READ_URL ?? [];
  if (readUrls.length > 0 && !env.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_READ_URL needs DATABASE_URL: standbys replicate a PostgreSQL primary, not the embedded database',
    );
  }
  if (readUrls.length > 0 && env.DATABASE_URL && !isPostgresUrl(env.DATABASE_URL)) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL must be a postgres:// URL when DATABASE_READ_URL is set',
    );
  }
  // One node: same host, port (5432 when none is given) and database, whoever connects.
  const node = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.hostname.toLowerCase()}:${parsed.port || '5432'}${parsed.pathname}`;
  };
  const sameNode = (a: string, b: string) => node(a) === node(b);
  readUrls.forEach((url, index) => {
    if (env.DATABASE_URL && sameNode(url, env.DATABASE_URL)) {
      throw new ConfigError(
        `Invalid configuration: DATABASE_READ_URL: standby ${index + 1} is the primary of DATABASE_URL (same host, port and database)`,
      );
    }
    const earlier = readUrls.findIndex((other) => sameNode(other, url));
    if (earlier < index) {
      throw new ConfigError(
        `Invalid configuration: DATABASE_READ_URL: standby ${index + 1} is standby ${earlier + 1} again`,
      );
    }
  });
  return {
    env,
    readUrls,
    emailLinkSecrets: env.EMAIL_LINK_SECRETS ?? (env.EMAIL_LINK_SECRET ? [env.EMAIL_LINK_SECRET] : null),
    dataDir: path.resolve(env.DATA_DIR),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      outboxDir: path.join(path.resolve(env.DATA_DIR), 'outbox'),
      fromName: env.RETAILER_NAME,
      from: env.RETAILER_MAIL_FROM,
      replyTo: env.RETAILER_MAIL_REPLY_TO,
      unsubscribeEmail: env.RETAILER_UNSUBSCRIBE_EMAIL,
    },
    client: {
      clientCode: env.CLIENT_CODE,
      retailer: {
        name: env.RETAILER_NAME,
        phone: env.RETAILER_PHONE,
        ideasEmail: env.RETAILER_IDEAS_EMAIL,
        accessEmail: env.RETAILER_ACCESS_EMAIL,
        siteUrl: env.RETAILER_SITE_URL,
        helpCentreUrl: env.RETAILER_HELP_CENTRE_URL,
        faqUrl: env.RETAILER_FAQ_URL,
        accountSiteUrl: env.RETAILER_ACCOUNT_SITE_URL,
        happyHoursConditionsUrl: env.RETAILER_HAPPY_HOURS_CONDITIONS_URL,
        energyTipsUrl: env.RETAILER_ENERGY_TIPS_URL,
        legalEntity: env.RETAILER_LEGAL_ENTITY,
      },
      apiBase: env.API_BASE,
      reduceAndRewardBase:
        env.REDUCE_AND_REWARD_BASE ?? siblingBase(env.API_BASE, serverPrefixes.reduceAndReward),
      innovativeBillingBase:
        env.INNOVATIVE_BILLING_BASE ?? siblingBase(env.API_BASE, serverPrefixes.innovativeBilling),
      sentryDsn: env.SENTRY_DSN ?? null,
      environment: env.SENTRY_ENVIRONMENT,
      showLinks: env.SHOW_LINKS,
      hideSettings: env.HIDE_SETTINGS,
    },
  };
}
