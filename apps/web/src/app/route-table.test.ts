/** The one route table (route-table.ts): every path of `paths` has its route, and every module it names loads. */
import { paths, routeOfPath } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table.ts';
import { screenModule } from './router.tsx';

describe('the route table', () => {
  it('has a route for every pattern of paths, and only those', () => {
    const patterns = Object.values(paths).flatMap((path) =>
      'lowerCasePattern' in path ? [path.pattern, path.lowerCasePattern] : [path.pattern],
    );
    expect(routeTable.map((route) => route.pattern).sort()).toEqual([...patterns].sort());
  });

  it('names screens and parts that exist, each exporting its component', async () => {
    for (const route of routeTable) {
      const load = screenModule(route.screen);
      expect(load, route.screen).toBeDefined();
      const module = await load?.();
      expect(typeof module?.[route.component], `${route.screen}: ${route.component}`).toBe('function');
      for (const part of route.parts ?? []) expect(screenModule(part), part).toBeDefined();
    }
  });

  it('finds the route of a path as the router does', () => {
    expect(routeOfPath(routeTable, paths.usage.href('demo-home'))?.parts).toEqual([
      'src/features/plans/components/better-offer.tsx',
    ]);
    expect(
      routeTable.find((route) => route === routeOfPath(routeTable, '/reduceandreward/demo-home/EVENT/3'))
        ?.component,
    ).toBe('EventDetailPage');
    expect(routeOfPath(routeTable, paths.optBackIn.href('demo-home'))?.screen).toBe(
      'src/features/reduce-and-be-rewarded/components/participation-page.tsx',
    );
  });
});
