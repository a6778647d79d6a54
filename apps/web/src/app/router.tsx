/**
 * Every route of spec §2, and the only place where the product areas are combined. Screens are loaded on
 * demand so that the first download stays small. Errors in a screen render inside the furniture; an error in
 * the furniture itself renders the bare error page.
 */
import { paths } from '@portal/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage, RootErrorPage } from '../shared/components/error-page.tsx';
import { PageLoading } from '../shared/components/page-loading.tsx';
import { RootLayout, type RouteHandle } from '../shared/components/root-layout.tsx';

/** A lazy route module from a feature's screen component. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const happyHoursPage: RouteHandle = { additionalDisclaimer: true };

const loadTracker = screen(
  () => import('../features/tracker/components/tracker-page.tsx'),
  (m) => m.TrackerPage,
);
const loadEventDetail = screen(
  () => import('../features/reduce-and-reward/components/event-detail-page.tsx'),
  (m) => m.EventDetailPage,
);

export const routes: RouteObject[] = [
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
          { path: paths.usage.pattern, lazy: loadTracker },
          {
            path: paths.settings.pattern,
            lazy: screen(
              () => import('../features/settings/components/settings-page.tsx'),
              (m) => m.SettingsPage,
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
            lazy: screen(
              () => import('../features/reduce-and-reward/components/overview-page.tsx'),
              (m) => m.ReduceAndRewardOverviewPage,
            ),
          },
          // Both spellings of spec §2 (matching is case-insensitive, so each also accepts the other).
          { path: paths.event.pattern, lazy: loadEventDetail },
          { path: paths.event.lowerCasePattern, lazy: loadEventDetail },
          {
            path: paths.offerExpired.pattern,
            lazy: screen(
              () => import('../features/happy-hours/components/offer-expired-page.tsx'),
              (m) => m.OfferExpiredPage,
            ),
          },
          {
            path: paths.happyHoursSignup.pattern,
            handle: happyHoursPage,
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
              () => import('../features/happy-hours/components/change-confirmation-page.tsx'),
              (m) => m.ChangeConfirmationPage,
            ),
          },
          {
            path: paths.happyHoursConfirmation.pattern,
            handle: happyHoursPage,
            lazy: screen(
              () => import('../features/happy-hours/components/signup-confirmation-page.tsx'),
              (m) => m.SignupConfirmationPage,
            ),
          },
          {
            path: paths.happyHoursAlreadyRegistered.pattern,
            handle: happyHoursPage,
            lazy: screen(
              () => import('../features/happy-hours/components/already-registered-page.tsx'),
              (m) => m.AlreadyRegisteredPage,
            ),
          },
          {
            path: paths.optOut.pattern,
            lazy: screen(
              () => import('../features/here-for-you/components/opt-out-page.tsx'),
              (m) => m.OptOutPage,
            ),
          },
          {
            path: paths.optBackIn.pattern,
            lazy: screen(
              () => import('../features/here-for-you/components/opt-back-in-page.tsx'),
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
          // Any other path goes to the landing screen (spec §2), replacing the unknown entry in the history.
          { path: '*', element: <Navigate replace to={paths.landing.href()} /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
