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
import type { ComponentType } from 'react';
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

/** A lazy route module from a feature's screen component. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const happyHoursPage: RouteHandle = { additionalDisclaimer: true };

// The Tracker's overview shows the plans' better offer card: composed here, so that neither feature imports
// the other (docs/decisions/0026-boundaries.md); packages/contracts' screenParts preloads and weighs both.
const loadTracker = async () => {
  const [{ TrackerPage }, { BetterOfferCard }] = await Promise.all([
    import('../features/tracker/components/tracker-page.tsx'),
    import('../features/plans/components/better-offer.tsx'),
  ]);
  return { element: <TrackerPage offerCard={BetterOfferCard} /> };
};
const loadEventDetail = screen(
  () => import('../features/reduce-and-reward/components/event-detail-page.tsx'),
  (m) => m.EventDetailPage,
);

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
  const { eventHistoryQueryOptions } = await import('../features/reduce-and-reward/api/get-event-history.ts');
  if (accountId) await queryClient.prefetchQuery(eventHistoryQueryOptions(api, accountId));
};
const prefetchEvent: Prefetch = async ({ accountId, eventId }, { queryClient, api }) => {
  const [{ drEventsQueryOptions }, { eventProgressQueryOptions }] = await Promise.all([
    import('../features/reduce-and-reward/api/get-dr-events.ts'),
    import('../features/reduce-and-reward/api/get-event-progress.ts'),
  ]);
  if (!accountId || !eventId) return;
  await Promise.all([
    queryClient.prefetchQuery(drEventsQueryOptions(api, accountId)),
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
            {
              path: paths.landing.pattern,
              lazy: screen(
                () => import('../features/landing/components/landing-page.tsx'),
                (m) => m.LandingPage,
              ),
            },
            { path: paths.usage.pattern, lazy: loadTracker, ...loader(prefetchUsage) },
            {
              path: paths.settings.pattern,
              lazy: screen(
                () => import('../features/settings/components/settings-page.tsx'),
                (m) => m.SettingsPage,
              ),
            },
            {
              path: paths.plans.pattern,
              lazy: screen(
                () => import('../features/plans/components/plans-page.tsx'),
                (m) => m.PlansPage,
              ),
            },
            {
              path: paths.feedback.pattern,
              lazy: screen(
                () => import('../features/feedback/components/feedback-page.tsx'),
                (m) => m.FeedbackPage,
              ),
            },
            {
              path: paths.reduceAndReward.pattern,
              ...loader(prefetchEventHistory),
              lazy: screen(
                () => import('../features/reduce-and-reward/components/overview-page.tsx'),
                (m) => m.ReduceAndRewardOverviewPage,
              ),
            },
            // Both spellings of docs/screens.md (matching is case-insensitive, so each also accepts the other).
            { path: paths.event.pattern, lazy: loadEventDetail, ...loader(prefetchEvent) },
            { path: paths.event.lowerCasePattern, lazy: loadEventDetail, ...loader(prefetchEvent) },
            {
              path: paths.offerExpired.pattern,
              lazy: screen(
                () => import('../features/happy-hours/components/message-pages.tsx'),
                (m) => m.OfferExpiredPage,
              ),
            },
            {
              path: paths.happyHoursSignup.pattern,
              handle: happyHoursPage,
              ...loader(prefetchHappyHours),
              lazy: screen(
                () => import('../features/happy-hours/components/signup-page.tsx'),
                (m) => m.HappyHoursSignupPage,
              ),
            },
            {
              path: paths.happyHoursChangeSlot.pattern,
              handle: happyHoursPage,
              lazy: screen(
                () => import('../features/happy-hours/components/change-slot-page.tsx'),
                (m) => m.ChangeSlotPage,
              ),
            },
            {
              path: paths.happyHoursChangeConfirmation.pattern,
              handle: happyHoursPage,
              lazy: screen(
                () => import('../features/happy-hours/components/message-pages.tsx'),
                (m) => m.ChangeConfirmationPage,
              ),
            },
            {
              path: paths.happyHoursConfirmation.pattern,
              handle: happyHoursPage,
              lazy: screen(
                () => import('../features/happy-hours/components/message-pages.tsx'),
                (m) => m.SignupConfirmationPage,
              ),
            },
            {
              path: paths.happyHoursAlreadyRegistered.pattern,
              handle: happyHoursPage,
              lazy: screen(
                () => import('../features/happy-hours/components/message-pages.tsx'),
                (m) => m.AlreadyRegisteredPage,
              ),
            },
            {
              path: paths.optOut.pattern,
              lazy: screen(
                () => import('../features/here-for-you/components/participation-page.tsx'),
                (m) => m.OptOutPage,
              ),
            },
            {
              path: paths.optBackIn.pattern,
              lazy: screen(
                () => import('../features/here-for-you/components/participation-page.tsx'),
                (m) => m.OptBackInPage,
              ),
            },
            {
              path: paths.survey.pattern,
              lazy: screen(
                () => import('../features/surveys/components/survey-page.tsx'),
                (m) => m.SurveyPage,
              ),
            },
            {
              path: paths.smeSurvey.pattern,
              lazy: screen(
                () => import('../features/surveys/components/sme-survey-page.tsx'),
                (m) => m.SmeSurveyPage,
              ),
            },
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
