/**
 * The one route table: every route of docs/screens.md and the screen module it loads, with the parts the app
 * composes into it (another feature's part, so that neither feature imports the other, decision 0026). The
 * router (router.tsx) builds its routes from it, and the build writes it beside Vite's manifest
 * (dist/.vite/route-screens.json, vite.config.ts), from which the server names a page's chunks in its
 * index.html and the bundle budget weighs each screen (packages/contracts' route-screens.ts reads both). Plain
 * data: modules are named as Vite's manifest names them, relative to apps/web; `component` is the export.
 */
import { paths, type RouteScreen } from '@portal/contracts';

export interface AppRoute extends RouteScreen {
  component: string;
}

const feature = (area: string, module: string) => `src/features/${area}/components/${module}.tsx`;

const tracker = feature('tracker', 'tracker-page');
const eventDetail = feature('reduce-and-reward', 'event-detail-page');
const happyHoursMessages = feature('happy-hours', 'message-pages');
const participation = feature('reduce-and-be-rewarded', 'participation-page');

export const routeTable: readonly AppRoute[] = [
  { pattern: paths.landing.pattern, screen: feature('landing', 'landing-page'), component: 'LandingPage' },
  {
    pattern: paths.usage.pattern,
    screen: tracker,
    component: 'TrackerPage',
    parts: [feature('plans', 'better-offer')],
  },
  {
    pattern: paths.settings.pattern,
    screen: feature('settings', 'settings-page'),
    component: 'SettingsPage',
  },
  { pattern: paths.plans.pattern, screen: feature('plans', 'plans-page'), component: 'PlansPage' },
  {
    pattern: paths.feedback.pattern,
    screen: feature('feedback', 'feedback-page'),
    component: 'FeedbackPage',
  },
  {
    pattern: paths.reduceAndReward.pattern,
    screen: feature('reduce-and-reward', 'overview-page'),
    component: 'ReduceAndRewardOverviewPage',
  },
  // Both spellings of docs/screens.md (matching is case-insensitive, so each also accepts the other).
  { pattern: paths.event.pattern, screen: eventDetail, component: 'EventDetailPage' },
  { pattern: paths.event.lowerCasePattern, screen: eventDetail, component: 'EventDetailPage' },
  { pattern: paths.offerExpired.pattern, screen: happyHoursMessages, component: 'OfferExpiredPage' },
  {
    pattern: paths.happyHoursSignup.pattern,
    screen: feature('happy-hours', 'signup-page'),
    component: 'HappyHoursSignupPage',
  },
  {
    pattern: paths.happyHoursChangeSlot.pattern,
    screen: feature('happy-hours', 'change-slot-page'),
    component: 'ChangeSlotPage',
  },
  {
    pattern: paths.happyHoursChangeConfirmation.pattern,
    screen: happyHoursMessages,
    component: 'ChangeConfirmationPage',
  },
  {
    pattern: paths.happyHoursConfirmation.pattern,
    screen: happyHoursMessages,
    component: 'SignupConfirmationPage',
  },
  {
    pattern: paths.happyHoursAlreadyRegistered.pattern,
    screen: happyHoursMessages,
    component: 'AlreadyRegisteredPage',
  },
  { pattern: paths.optOut.pattern, screen: participation, component: 'OptOutPage' },
  { pattern: paths.optBackIn.pattern, screen: participation, component: 'OptBackInPage' },
  { pattern: paths.survey.pattern, screen: feature('surveys', 'survey-page'), component: 'SurveyPage' },
  {
    pattern: paths.smeSurvey.pattern,
    screen: feature('surveys', 'sme-survey-page'),
    component: 'SmeSurveyPage',
  },
];
