/** The security headers every response carries (docs/reliability.md, Abuse), checked in one place. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** `inlineStyles`: the API documentation pages, whose Swagger UI needs inline styles (never inline scripts). */
export function expectSecurityHeaders(
  response: LightMyRequestResponse,
  label = '',
  options: { inlineStyles?: boolean } = {},
) {
  const headers = response.headers;
  const csp = String(headers['content-security-policy']);
  const directives = new Map(
    csp.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('default-src'), label).toEqual(["'self'"]);
  expect(directives.get('script-src'), label).toEqual(["'self'"]);
  expect(directives.get('object-src'), label).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), label).toEqual(["'none'"]);
  const withoutStyles = csp.replace(/style-src[^;]*/, '');
  expect(withoutStyles, label).not.toContain('unsafe-');
  if (!options.inlineStyles) expect(csp, label).not.toContain('unsafe-inline');
  expect(headers['strict-transport-security'], label).toBe('max-age=31536000; includeSubDomains');
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBeDefined();
  expect(['strict-origin-when-cross-origin', 'no-referrer'], label).toContain(headers['referrer-policy']);
  expect(headers['x-frame-options'], label).toBe('DENY');
}
