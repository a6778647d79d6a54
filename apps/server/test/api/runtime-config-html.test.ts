/**
 * The runtime configuration goes into index.html as it is, whatever it holds (issue 25 item 5): a `$` pattern
 * of String.prototype.replace in a configured name (`$&`, `$'`, `` $` ``, `$$`, `$1`, `$<n>`) once pasted the
 * placeholder, or the HTML after or before it, into the page. Every page must be the built index.html with
 * the placeholder replaced by the JSON block (and a screen's preload links before `</head>`), nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  CLIENT_CONFIG_ELEMENT_ID,
  clientConfigSchema,
  FIRST_SCREEN_ANSWERS_ELEMENT_ID,
} from '@portal/contracts';
import { afterAll, expect, it } from 'vitest';
import { CONFIG_PLACEHOLDER, configElement } from '../../src/plugins/web.ts';
import { testAppForFile } from '../helpers/app.ts';
import { createWebDist } from '../helpers/web-dist.ts';

const patterns = "A $& B $' C $` D $$ E $1 F $<name> G $";
const web = createWebDist();
const t = testAppForFile({
  WEB_DIST_DIR: web.dir,
  RETAILER_NAME: `Power ${patterns}`,
  RETAILER_PHONE: `$'`,
  RETAILER_LEGAL_ENTITY: `Legal $& entity $\``,
});
afterAll(() => web.remove());

it('serves every page as the built index.html with only the configuration block put in', async () => {
  const template = fs.readFileSync(path.join(web.dir, 'index.html'), 'utf8');
  const [before, after] = template.split(CONFIG_PLACEHOLDER) as [string, string];
  const block = configElement(t.config.client);
  for (const url of ['/', '/any/unknown/path', '/new/usage/demo-home/2026-11-16/2']) {
    const html = (await t.app.inject({ method: 'GET', url })).body;
    const json = html.match(
      new RegExp(`<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">(.*?)</script>`),
    )?.[1];
    const { retailer } = clientConfigSchema.parse(JSON.parse(json ?? 'null'));
    expect(retailer.name).toBe(`Power ${patterns}`);
    expect(retailer.phone).toBe(`$'`);
    expect(retailer.legalEntity).toBe('Legal $& entity $`');
    // The Tracker's page adds its preload links and its first screen's answers before </head>, and nothing else.
    const withoutPreloads = html
      .replace(/\n? *<link rel="(?:modulepreload|preload)"[^>]*>/g, '')
      .replace(
        new RegExp(
          `\\n? *<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ELEMENT_ID}">.*?</script>`,
        ),
        '',
      );
    expect(withoutPreloads.replace(/ *\n *<\/head>/, '</head>'), url).toBe(`${before}${block}${after}`);
  }
});
