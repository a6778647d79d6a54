/** Launches Debian's Chromium through playwright-core (no browser download is possible here). */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const PHONE = { width: 375, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Where a screenshot named `name` goes (e2e/screenshots, git-ignored), for looking at after a run. */
export function shot(name: string): string {
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return path.join(SCREENSHOTS_DIR, `${name}.png`);
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A page that records console errors and CSP violations, so that each test can assert there were none.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  // Chromium logs a CSP violation as a console error too; the event is the authoritative signal.
  await context.exposeBinding('reportCspViolation', (_source, text: string) => problems.push(`csp: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
        report(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
        );
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, context, problems };
}

/** Runs axe on the page and fails on any violation, naming each. */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}
