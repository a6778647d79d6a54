/**
 * The boundaries of the code base, checked in `npm test` (docs/decisions/0026-boundaries.md). Each rule
 * names what it keeps apart and why; a violation prints the rule's name, the importing file and the import.
 */

/** Server route modules: the HTTP edge of each domain. */
const serverRoutes = '^apps/server/src/domains/[^/]+/(routes|[^/]*-routes)\\.tsx?$';

/**
 * Server modules that compute without input or output: no database, no network, no files. A new pure module
 * joins this list so that the rule below keeps it pure.
 */
const pureServerModules = [
  '^apps/server/src/domains/billing/(money|money-parts|priced-day|tariff|forecast|spend)\\.ts$',
  '^apps/server/src/domains/meter-data/nem12/',
  '^apps/server/src/domains/offers/rules\\.ts$',
  '^apps/server/src/domains/reduce-and-reward/settlement\\.ts$',
  '^apps/server/src/domains/tracker/(plans|week|quarter-comparison|similar-homes)\\.ts$',
];

/**
 * The server's domains (apps/server/src/domains) and the other domains each may import: an order from the
 * meter's reads up to the screens and emails built from them, with no way back (docs/architecture.md). A new
 * domain is added here; one that is not may import no other domain.
 */
const domainImports = {
  'meter-data': [],
  billing: ['meter-data'],
  'meter-imports': ['meter-data', 'billing'],
  accounts: ['meter-data', 'billing'],
  offers: ['meter-data', 'billing'],
  'reduce-and-reward': ['meter-data', 'billing'],
  tracker: ['meter-data', 'billing', 'accounts'],
  subscriptions: ['billing', 'accounts', 'offers', 'tracker', 'reduce-and-reward'],
  interactions: [],
  profiles: [],
  system: [],
};

/** The table itself must have an order: a domain that could reach itself through the table is refused here. */
function assertNoCycleIn(table) {
  const reaches = (from, to, seen = new Set()) =>
    (table[from] ?? []).some(
      (next) => next === to || (!seen.has(next) && seen.add(next) && reaches(next, to, seen)),
    );
  for (const domain of Object.keys(table)) {
    if (reaches(domain, domain))
      throw new Error(`.dependency-cruiser.cjs: domainImports lets ${domain} reach itself`);
  }
}
assertNoCycleIn(domainImports);

const domainPath = (names) => `^apps/server/src/domains/(${names.join('|')})/`;

const domainRules = [
  ...Object.entries(domainImports).map(([domain, allowed]) => ({
    name: `domain-${domain}-imports`,
    comment: `The ${domain} domain imports ${allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no other domain'} (domainImports above).`,
    severity: 'error',
    from: { path: domainPath([domain]) },
    to: { path: '^apps/server/src/domains/', pathNot: domainPath([domain, ...allowed]) },
  })),
  {
    name: 'domain-not-declared',
    comment:
      'A domain missing from domainImports imports no other domain: add it there, with what it may import.',
    severity: 'error',
    from: { path: '^apps/server/src/domains/([^/]+)/', pathNot: domainPath(Object.keys(domainImports)) },
    to: { path: '^apps/server/src/domains/', pathNot: '^apps/server/src/domains/$1/' },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...domainRules,
    {
      name: 'no-cycles',
      comment:
        'No module may import itself through others: a cycle has no order to read, test or load its parts in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-into-another-feature',
      comment:
        'A web feature stands alone: features are combined only by the app (apps/web/src/app), and what two ' +
        'features share lives in apps/web/src/shared or packages/contracts.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-into-a-feature',
      comment: 'Shared web code serves every feature and so depends on none of them.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'contracts-into-an-app',
      comment: 'The contracts are shared by the server and the web app, and so import neither.',
      severity: 'error',
      from: { path: '^packages/contracts/src/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'server-route-imported-outside-the-app-assembly',
      comment:
        'Routes are the HTTP edge: only the app assembly (apps/server/src/app.ts) registers them. Services, ' +
        'queries and other routes take what they need from services or view modules instead.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/app\\.ts$' },
      to: { path: serverRoutes },
    },
    {
      name: 'server-domain-into-http-helpers',
      comment:
        'Domain modules (services, queries, pure modules) do not know about HTTP: the plugins and the account ' +
        'guard (domains/accounts/guard.ts) serve route modules and the app assembly only.',
      severity: 'error',
      from: { path: '^apps/server/src/domains/', pathNot: serverRoutes },
      to: { path: ['^apps/server/src/plugins/', '^apps/server/src/domains/accounts/guard\\.ts$'] },
    },
    {
      name: 'server-route-into-database',
      comment:
        'Route modules take the request and give the answer: reading and writing the database is the job of ' +
        "their domain's services and queries. Types of rows stay allowed (a handler names the account it gets).",
      severity: 'error',
      from: { path: serverRoutes },
      to: { path: ['^apps/server/src/db/', '^node_modules/drizzle-orm/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-pure-module-into-io',
      comment:
        'Pure modules compute from their arguments: they reach no database, HTTP plugin, Redis or mailer, not ' +
        'even through another module; the services around them read and write.',
      severity: 'error',
      from: { path: pureServerModules },
      to: {
        reachable: true,
        path: [
          '^apps/server/src/(db|plugins|cli|demo)/',
          // lib's pure helpers (error classes, grouping rows) are open to pure modules; the rest of lib does I/O.
          '^apps/server/src/lib/(?!(errors|grouped-by)\\.ts$)',
          serverRoutes,
          '^node_modules/(drizzle-orm|pg|@electric-sql|fastify|ioredis|nodemailer)/',
        ],
      },
    },
    {
      name: 'server-infrastructure-into-domains',
      comment:
        'Plugins and lib sit under the domains: what a plugin needs of a domain is given to it by the app ' +
        'assembly (apps/server/src/app.ts), so no way back up from the infrastructure to a domain exists.',
      severity: 'error',
      from: { path: '^apps/server/src/(plugins|lib)/' },
      to: { path: '^apps/server/src/domains/' },
    },
    {
      name: 'server-outside-tools-into-cli',
      comment: 'The CLI drives the server code; nothing but the entry point (main.ts) depends on it.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/cli/', '^apps/server/src/main\\.ts$'] },
      to: { path: '^apps/server/src/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
