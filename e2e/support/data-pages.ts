/**
 * Every data page of docs/screens.md that shows an account's data, once each, as the end-to-end checks that go
 * over all of them open it (first-screen.test.ts). A check that needs more of a page
 * (the calls it may make, the cards that arrive late) says so itself, by the page's name.
 */
import { addDays, marketToday, paths, weekStart } from '@portal/contracts';

/** A complete week two weeks back: its data is all there whatever the day of the week. */
export const pastWeek = weekStart(addDays(marketToday(), -14));

export const dataPages = [
  { name: 'Tracker week', url: paths.usage.href('demo-home') },
  { name: 'Tracker past week', url: paths.usage.href('demo-home', pastWeek) },
  { name: 'Tracker solar week', url: paths.usage.href('demo-solar', pastWeek) },
  { name: 'Tracker past day', url: paths.usage.href('demo-home', pastWeek, 2) },
  { name: 'Reduce & Reward', url: paths.reduceAndReward.href('demo-home') },
  { name: 'event detail', url: paths.event.href('demo-home', '1') },
  { name: 'Happy Hours sign-up', url: paths.happyHoursSignup.href('demo-home') },
  { name: 'Happy Hours change', url: paths.happyHoursChangeSlot.href('demo-happy') },
  { name: 'opt out', url: paths.optOut.href('demo-home') },
  { name: 'opt back in', url: paths.optBackIn.href('demo-home') },
  { name: 'settings', url: paths.settings.href('demo-home') },
  { name: 'plans', url: paths.plans.href('demo-home') },
  { name: 'survey', url: paths.survey.href('demo-home') },
  { name: 'business survey', url: paths.smeSurvey.href('demo-business') },
] as const;

export type DataPageName = (typeof dataPages)[number]['name'];
