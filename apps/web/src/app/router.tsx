/**
 * Every route of docs/screens.md, and the only place where the product areas are combined. Screens are loaded on
 * demand so that the first download stays small. Errors in a screen render inside the furniture; an error in
 * the furniture itself renders the bare error page.
 *
 * The app's router gives the screens that read data a loader that warms the query cache from the screens' own
 * query options, so the data is asked for while the screen's code loads rather than after it. On the first
 * page only, the loader waits for that data (at most FIRST_PAINT_DATA_WAIT_MS) and the app renders once the
 * router is ready: the first paint is the finished screen, with no loading state for the page to shift from
 * (Lighthouse, docs/benchmarks.md). Later navigations show the screen at once, with its own loading state.
 */
import { isEventIdText, paths } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import {
  createBrowserRouter,
  type DataRouter,
  type LoaderFunction,
  Navigate,
  type Params,
  type RouteObject,
} from 'react-router';
import { ErrorPage, RootErrorPage } from '../shared/components/error-page.tsx';
import { PageLoading } from '../shared/components/page-loading.tsx';
import { RootLayout, type RouteHandle } from '../shared/components/root-layout.tsx';
import type { ApiClient } from '../shared/lib/api-client.ts';
import { type AppRoute, routeTable } from './route-table.ts';

const happyHoursPage: RouteHandle = { additionalDisclaimer: true };

// Every screen module, and the parts composed into screens, each loaded on demand as its own chunk; which path
// loads which is the route table's (route-table.ts).
const screenModules = import.meta.glob<Record<string, unknown>>([
  '../features/*/components/*-page.tsx',
  '../features/*/components/*-pages.tsx',
  '../features/plans/components/better-offer.tsx',
]);

/** The loader of a module the route table names (relative to apps/web, as Vite's manifest names it). */
export function screenModule(module: string): (() => Promise<Record<string, unknown>>) | undefined {
  return screenModules[module.replace(/^src\//, '../')];
}

async function loadModule(module: string): Promise<Record<string, unknown>> {
  const load = screenModule(module);
  if (!load) throw new Error(`route-table.ts names ${module}, which is not a screen module`);
  return load();
}

// The Tracker's week shows the plans' better offer card (in its last section): composed here, so that neither feature imports
// the other (docs/decisions/0026-boundaries.md); the route table lists the card as a part of the Tracker's
// screen, so that its chunk is preloaded and weighed with it.
const compose: Record<string, (Screen: ComponentType<never>, parts: Record<string, unknown>[]) => ReactNode> =
  {
    TrackerPage: (Screen, [plans]) => {
      const Tracker = Screen as ComponentType<{ offerCard?: unknown }>;
      return <Tracker offerCard={plans?.BetterOfferCard} />;
    },
  };

/** A route's lazy module: its screen's component, with the parts the route table loads with it. */
function lazyScreen(route: AppRoute) {
  return async () => {
    const [module, ...parts] = await Promise.all([
      loadModule(route.screen),
      ...(route.parts ?? []).map(loadModule),
    ]);
    const Screen = module?.[route.component] as ComponentType<never> | undefined;
    if (!Screen) throw new Error(`${route.screen} has no ${route.component}`);
    const composeWith = compose[route.component];
    return composeWith ? { element: composeWith(Screen, parts) } : { Component: Screen as ComponentType };
  };
}

/** What the loaders warm the query cache with: the same client and configuration the screens use. */
export interface RouteData {
  queryClient: QueryClient;
  api: ApiClient;
  clientCode: string;
}

/** Warms the query cache for a screen from its route's params; never throws (errors stay in the cache). */
type Prefetch = (params: Params, data: RouteData) => Promise<unknown>;

/** Makes a route loader from a prefetch; without one (the tests' memory router) routes have no loader. */
type Warm = (prefetch: Prefetch) => LoaderFunction;

// Each prefetch loads its screen's query options on demand, as modules the screen's own code shares, so that
// the entry chunk stays within the bundle budget and no page downloads another screen's code.
const prefetchUsage: Prefetch = async (params, { queryClient, api }) => {
  const [{ usageQueryOptions }, { parseTrackerRoute }] = await Promise.all([
    import('../features/tracker/api/get-usage.ts'),
    import('../features/tracker/lib/tracker-route.ts'),
  ]);
  if (params.accountId) {
    await queryClient.prefetchQuery(usageQueryOptions(api, params.accountId, parseTrackerRoute(params).from));
  }
};
const prefetchEventHistory: Prefetch = async ({ accountId }, { queryClient, api }) => {
  const [{ eventHistoryQueryOptions }, { upcomingEventsQueryOptions }] = await Promise.all([
    import('../features/reduce-and-reward/api/get-event-history.ts'),
    import('../features/reduce-and-reward/api/get-upcoming-events.ts'),
  ]);
  if (!accountId) return;
  await Promise.all([
    queryClient.prefetchQuery(eventHistoryQueryOptions(api, accountId)),
    queryClient.prefetchQuery(upcomingEventsQueryOptions(api, accountId)),
  ]);
};
const prefetchEvent: Prefetch = async ({ accountId, eventId }, { queryClient, api }) => {
  const [{ drEventsQueryOptions }, { eventProgressQueryOptions }, { eventHistoryQueryOptions }] =
    await Promise.all([
      import('../features/reduce-and-reward/api/get-dr-events.ts'),
      import('../features/reduce-and-reward/api/get-event-progress.ts'),
      import('../features/reduce-and-reward/api/get-event-history.ts'),
    ]);
  if (!accountId || !eventId) return;
  await Promise.all([
    queryClient.prefetchQuery(drEventsQueryOptions(api, accountId)),
    queryClient.prefetchQuery(eventHistoryQueryOptions(api, accountId)),
    // Only a well-formed id is asked for, as the screen does.
    isEventIdText(eventId) && queryClient.prefetchQuery(eventProgressQueryOptions(api, accountId, eventId)),
  ]);
};
const prefetchHappyHours: Prefetch = async ({ accountId }, { queryClient, api, clientCode }) => {
  const [{ participantQueryOptions }, { productConfigQueryOptions }] = await Promise.all([
    import('../features/happy-hours/api/get-participant.ts'),
    import('../features/happy-hours/api/get-product-config.ts'),
  ]);
  if (!accountId) return;
  await Promise.all([
    queryClient.prefetchQuery(participantQueryOptions(api, clientCode, accountId)),
    queryClient.prefetchQuery(productConfigQueryOptions(api, clientCode)),
  ]);
};

const prefetchChangeSlot: Prefetch = async ({ accountId }, { queryClient, api, clientCode }) => {
  const { participantQueryOptions } = await import('../features/happy-hours/api/get-participant.ts');
  if (accountId) await queryClient.prefetchQuery(participantQueryOptions(api, clientCode, accountId));
};
const prefetchParticipation: Prefetch = async ({ accountId }, { queryClient, api, clientCode }) => {
  const { participationQueryOptions } = await import(
    '../features/reduce-and-be-rewarded/api/participation.ts'
  );
  if (accountId) await queryClient.prefetchQuery(participationQueryOptions(api, clientCode, accountId));
};
const prefetchSettings: Prefetch = async ({ accountId }, { queryClient, api }) => {
  const [{ subscriptionQueryOptions }, { budgetAlertQueryOptions }] = await Promise.all([
    import('../features/settings/api/get-subscription.ts'),
    import('../features/settings/api/budget-alert.ts'),
  ]);
  if (!accountId) return;
  await Promise.all([
    queryClient.prefetchQuery(subscriptionQueryOptions(api, accountId)),
    queryClient.prefetchQuery(budgetAlertQueryOptions(api, accountId)),
  ]);
};
const prefetchPlans: Prefetch = async ({ accountId }, { queryClient, api }) => {
  const { plansQueryOptions } = await import('../features/plans/api/get-plans.ts');
  if (accountId) await queryClient.prefetchQuery(plansQueryOptions(api, accountId));
};
const prefetchCustomer: Prefetch = async ({ accountId }, { queryClient, api }) => {
  const { customerQueryOptions } = await import('../features/surveys/api/get-customer.ts');
  if (accountId) await queryClient.prefetchQuery(customerQueryOptions(api, accountId));
};

/** The screens that warm the query cache while their code loads, by component: every data page (decision 0045). */
const prefetches: Record<string, Prefetch> = {
  TrackerPage: prefetchUsage,
  ReduceAndRewardOverviewPage: prefetchEventHistory,
  EventDetailPage: prefetchEvent,
  HappyHoursSignupPage: prefetchHappyHours,
  ChangeSlotPage: prefetchChangeSlot,
  OptOutPage: prefetchParticipation,
  OptBackInPage: prefetchParticipation,
  SettingsPage: prefetchSettings,
  PlansPage: prefetchPlans,
  SurveyPage: prefetchCustomer,
  SmeSurveyPage: prefetchCustomer,
};

/** The Happy Hours screens, which carry the offer's additional disclaimer in the footer. */
const happyHoursScreens = new Set([
  'HappyHoursSignupPage',
  'ChangeSlotPage',
  'ChangeConfirmationPage',
  'SignupConfirmationPage',
  'AlreadyRegisteredPage',
]);

export const routes: RouteObject[] = appRoutes();

function appRoutes(warm?: Warm): RouteObject[] {
  const loader = (prefetch: Prefetch) => (warm ? { loader: warm(prefetch) } : {});
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorPage,
      children: [
        {
          ErrorBoundary: ErrorPage,
          HydrateFallback: PageLoading,
          children: [
            ...routeTable.map(
              (route): RouteObject => ({
                path: route.pattern,
                lazy: lazyScreen(route),
                ...(happyHoursScreens.has(route.component) ? { handle: happyHoursPage } : {}),
                ...(prefetches[route.component] ? loader(prefetches[route.component] as Prefetch) : {}),
              }),
            ),
            // Any other path goes to the landing screen (docs/screens.md), replacing the unknown entry in the history.
            { path: '*', element: <Navigate replace to={paths.landing.href()} /> },
          ],
        },
      ],
    },
  ];
}

/** The longest the first page waits for its data before it renders with its loading state instead. */
export const FIRST_PAINT_DATA_WAIT_MS = 2_000;

/** The app's router, and a promise of its first page being ready (screen code loaded, data asked for). */
export function createAppRouter(data: RouteData): { router: DataRouter; ready: Promise<void> } {
  let firstPageDone = false;
  const warm: Warm =
    (prefetch) =>
    async ({ params }) => {
      const pending = prefetch(params, data);
      if (!firstPageDone) {
        await Promise.race([
          pending,
          new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_DATA_WAIT_MS)),
        ]);
      }
      return null;
    };
  const router = createBrowserRouter(appRoutes(warm));
  const ready = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  }).then(() => {
    firstPageDone = true;
  });
  return { router, ready };
}
