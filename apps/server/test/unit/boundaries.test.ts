/**
 * The boundary check of `npm test` (docs/decisions/0026-boundaries.md): the repository's dependency-cruiser
 * rules fail on planted violations of each kind, pass the imports they allow, and pass the real tree; the table
 * of domain imports refuses a cycle when the configuration loads.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const configPath = path.join(root, '.dependency-cruiser.cjs');

/** The folders `npm run boundaries` cruises, read from its script so the test checks what `npm test` runs. */
function cruisedFolders(): string[] {
  const script: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts
    .boundaries;
  return script.split(/\s+/).filter((word) => /^(apps|packages|e2e|bench)\//.test(word));
}

/** A small tree in the repository's layout: file path → source. */
const planted: Record<string, string> = {
  // Server: a service takes a route module's helper; the app assembly registers the route (allowed).
  'apps/server/src/domains/shop/routes.ts': 'export const shopRoutes = 1;\n',
  'apps/server/src/domains/shop/service.ts':
    "import { shopRoutes } from './routes.ts';\nexport const service = shopRoutes;\n",
  'apps/server/src/app.ts':
    "import { shopRoutes } from './domains/shop/routes.ts';\nexport const app = shopRoutes;\n",
  // Server: a query module reaches an HTTP plugin.
  'apps/server/src/plugins/errors.ts': 'export const sendError = 1;\n',
  'apps/server/src/domains/shop/queries.ts':
    "import { sendError } from '../../plugins/errors.ts';\nexport const queries = sendError;\n",
  // Server: a plugin reaches into a domain (what it needs is given to it by the app assembly).
  'apps/server/src/plugins/standby.ts':
    "import { service } from '../domains/shop/service.ts';\nexport const standby = service;\n",
  // Server: a pure module reaches the database through a helper.
  'apps/server/src/db/index.ts': 'export const db = {};\n',
  'apps/server/src/domains/billing/helper.ts':
    "import { db } from '../../db/index.ts';\nexport const helper = db;\n",
  'apps/server/src/domains/billing/money.ts':
    "import { helper } from './helper.ts';\nexport const money = helper;\n",
  // Server: a route module queries the database itself; naming a row's type is allowed.
  'apps/server/src/db/schema.ts': 'export type Row = { id: number };\n',
  'apps/server/src/domains/till/routes.ts':
    "import { db } from '../../db/index.ts';\nimport type { Row } from '../../db/schema.ts';\nexport const tillRoutes = (row: Row) => [db, row];\n",
  // Server: a cycle.
  'apps/server/src/domains/shop/first.ts':
    "import { second } from './second.ts';\nexport const first = () => second;\n",
  'apps/server/src/domains/shop/second.ts':
    "import { first } from './first.ts';\nexport const second = () => first;\n",
  // Server domains: meter-data (the lowest) reaches into billing; a domain missing from the table reaches into
  // billing; tracker reaching into billing is allowed.
  'apps/server/src/domains/meter-data/reads.ts':
    "import { money } from '../billing/money.ts';\nexport const reads = money;\n",
  'apps/server/src/domains/shop/prices.ts':
    "import { money } from '../billing/money.ts';\nexport const prices = money;\n",
  'apps/server/src/domains/tracker/service.ts':
    "import { money } from '../billing/money.ts';\nexport const week = money;\n",
  // Web: one feature reaches into another; within a feature and in the app shell is allowed.
  'apps/web/src/features/beta/lib/beta.ts': 'export const beta = 1;\n',
  'apps/web/src/features/alpha/lib/own.ts': 'export const own = 1;\n',
  'apps/web/src/features/alpha/components/page.tsx':
    "import { beta } from '../../beta/lib/beta.ts';\nimport { own } from '../lib/own.ts';\nexport const page = beta + own;\n",
  'apps/web/src/app/router.tsx':
    "import { page } from '../features/alpha/components/page.tsx';\nimport { beta } from '../features/beta/lib/beta.ts';\nexport const routes = [page, beta];\n",
  // Web: shared code reaches into a feature.
  'apps/web/src/shared/util.ts':
    "import { beta } from '../features/beta/lib/beta.ts';\nexport const util = beta;\n",
  // Contracts reach into an app.
  'packages/contracts/src/index.ts':
    "import { util } from '../../../apps/web/src/shared/util.ts';\nexport const c = util;\n",
};

let fixture: string;
let options: ICruiseOptions;

beforeAll(async () => {
  options = await extractDepcruiseOptions(configPath);
  fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, source] of Object.entries(planted)) {
    fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    fs.writeFileSync(path.join(fixture, file), source);
  }
});

afterAll(() => {
  if (fixture) fs.rmSync(fixture, { recursive: true, force: true });
});

async function violationsIn(baseDir: string, folders: string[]): Promise<IViolation[]> {
  const result = await cruise(folders, { ...options, baseDir });
  if (typeof result.output === 'string') throw new Error('expected a cruise result, not a report');
  return result.output.summary.violations;
}

const describeViolation = (violation: IViolation) =>
  `${violation.rule.name}: ${violation.from} → ${violation.to}`;

describe('the boundary rules', () => {
  it('fail on each planted violation and on nothing the rules allow', async () => {
    const found = (await violationsIn(fixture, ['apps', 'packages'])).map(describeViolation).sort();
    expect(found).toEqual(
      [
        'contracts-into-an-app: packages/contracts/src/index.ts → apps/web/src/shared/util.ts',
        'domain-meter-data-imports: apps/server/src/domains/meter-data/reads.ts → apps/server/src/domains/billing/money.ts',
        'domain-not-declared: apps/server/src/domains/shop/prices.ts → apps/server/src/domains/billing/money.ts',
        'no-cycles: apps/server/src/domains/shop/first.ts → apps/server/src/domains/shop/second.ts',
        'server-domain-into-http-helpers: apps/server/src/domains/shop/queries.ts → apps/server/src/plugins/errors.ts',
        'server-infrastructure-into-domains: apps/server/src/plugins/standby.ts → apps/server/src/domains/shop/service.ts',
        'server-pure-module-into-io: apps/server/src/domains/billing/money.ts → apps/server/src/db/index.ts',
        'server-route-into-database: apps/server/src/domains/till/routes.ts → apps/server/src/db/index.ts',
        'server-route-imported-outside-the-app-assembly: apps/server/src/domains/shop/service.ts → apps/server/src/domains/shop/routes.ts',
        'web-feature-into-another-feature: apps/web/src/features/alpha/components/page.tsx → apps/web/src/features/beta/lib/beta.ts',
        'web-shared-into-a-feature: apps/web/src/shared/util.ts → apps/web/src/features/beta/lib/beta.ts',
      ].sort(),
    );
  });

  it('refuse a table of domain imports with a cycle, when the configuration loads', () => {
    const source = fs.readFileSync(configPath, 'utf8');
    const allowed = "  billing: ['meter-data'],\n";
    expect(source).toContain(allowed);
    const cyclic = path.join(fixture, 'cyclic.cjs');
    // Billing may import tracker, which may import billing: an order no longer exists.
    fs.writeFileSync(cyclic, source.replace(allowed, "  billing: ['meter-data', 'tracker'],\n"));
    expect(() => createRequire(import.meta.url)(cyclic)).toThrow('domainImports lets billing reach itself');
  });

  it('pass the real tree, as `npm run boundaries` cruises it', async () => {
    const folders = cruisedFolders();
    expect(folders).toEqual(
      expect.arrayContaining(['apps/server/src', 'apps/web/src', 'packages/contracts/src']),
    );
    const found = (await violationsIn(root, folders)).map(describeViolation);
    expect(found).toEqual([]);
  }, 60_000);
});
