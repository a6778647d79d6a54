import { describe, expect, it } from 'vitest';
import { matchesPattern, type RouteScreen, routeOfPath, screenChunks } from '../src/route-screens.ts';

describe('route screens', () => {
  it('matches paths as the router does: optional segments, literals in any case', () => {
    expect(matchesPattern('/new/usage/:accountId/:from?/:day?', '/new/usage/a')).toBe(true);
    expect(matchesPattern('/new/usage/:accountId/:from?/:day?', '/new/usage/a/2026-11-16/2/')).toBe(true);
    expect(matchesPattern('/new/usage/:accountId/:from?/:day?', '/new/usage')).toBe(false);
    expect(matchesPattern('/new/usage/:accountId/:from?/:day?', '/new/usage/a/b/c/d')).toBe(false);
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/', '/x')).toBe(false);
  });

  it('finds the route of a path in a route table, the first that matches', () => {
    const table: RouteScreen[] = [
      { pattern: '/new/usage/:accountId/:from?/:day?', screen: 'tracker.tsx', parts: ['card.tsx'] },
      { pattern: '/ReduceAndReward/:accountId/Event/:eventId', screen: 'event.tsx' },
      { pattern: '/reduceandreward/:accountId/event/:eventId', screen: 'event-lower.tsx' },
    ];
    expect(routeOfPath(table, '/new/usage/demo-home')).toEqual(table[0]);
    expect(routeOfPath(table, '/reduceandreward/demo-home/EVENT/3')?.screen).toBe('event.tsx');
    expect(routeOfPath(table, '/nowhere')).toBeUndefined();
  });

  it("adds to the entry only the screen's own chunks and styles", () => {
    const manifest = {
      'index.html': { file: 'e.js', isEntry: true, imports: ['_r.js'], css: ['e.css'] },
      '_r.js': { file: 'r.js' },
      '_s.js': { file: 's.js', imports: ['_r.js'], css: ['s.css'] },
      'page.tsx': { file: 'p.js', imports: ['_s.js', 'index.html'], css: ['p.css', 'e.css'] },
    };
    expect(screenChunks(manifest, 'page.tsx')).toEqual({ js: ['p.js', 's.js'], css: ['p.css', 's.css'] });
    expect(screenChunks(manifest, 'missing.tsx')).toEqual({ js: [], css: [] });
  });

  it('counts the parts the router loads with a screen, each chunk once', () => {
    const manifest = {
      'index.html': { file: 'e.js', isEntry: true, imports: ['_r.js'] },
      '_r.js': { file: 'r.js' },
      '_s.js': { file: 's.js', css: ['s.css'] },
      'page.tsx': { file: 'p.js', imports: ['_s.js'] },
      'part.tsx': { file: 'q.js', imports: ['_s.js', '_r.js'], css: ['q.css'] },
    };
    expect(screenChunks(manifest, 'page.tsx', ['part.tsx'])).toEqual({
      js: ['p.js', 's.js', 'q.js'],
      css: ['s.css', 'q.css'],
    });
  });
});
