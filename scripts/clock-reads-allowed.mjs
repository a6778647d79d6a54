/**
 * The tests' reads of the machine's clock that are allowed, file by file and kind by kind, a reason each
 * (scripts/clock-reads.mjs checks that the files hold these reads and no others). A read is allowed where what it
 * is compared with reads the same clock at the same moment (a server, a browser or a CLI under test, in its own
 * process), or where it measures a duration or a deadline rather than a day. Every other "today" in a test comes
 * from the run's clock (apps/server/test/helpers/suite-clock.ts) or a fixed now.
 */

/** A deadline, a wait's end or a time taken: a duration on the clock, not a day of the calendar. */
const DURATION = 'measures a duration or a deadline, not a day';
/** The request's own before and after: the server under test stamps the change on the same clock, in between. */
const STAMPED_BY_THE_SERVER =
  "brackets a change the server under test stamps with the machine's clock: the request's own before and after";
/** A link's expiry: the server checks it against its clock at the request. */
const LINK_EXPIRY =
  "a signed link's expiry a day ahead, checked by the server under test against the same clock";
/**
 * The portal under test runs in a child process (a server, the CLI) and reads the machine's clock itself: the
 * test asks for the same day it shows, and the run's own day may differ from it after AEST midnight.
 */
const CHILD_PROCESS_DAY =
  "the day the portal under test (a child process: the server or the CLI) takes from the machine's clock, which the test must ask for as that process sees it";
/** The page under test in the browser reads the clock itself, as the server that serves it does. */
const BROWSER_DAY =
  "the day the page under test and its server take from the machine's clock: the test asks for the week they show";
/** A component under test reads the clock in render: the test's expectation follows the same clock. */
const COMPONENT_DAY =
  'the day the component under test reads in render from the same clock, in the same process, a moment apart';

export const allowedClockReads = [
  {
    file: 'apps/server/test/api/priced-days.test.ts',
    reads: { 'marketToday()': 1 },
    reason: "under vi.setSystemTime: the market's day at a fixed now of 00:30 AEST",
  },
  {
    file: 'apps/server/test/helpers/suite-clock.ts',
    reads: { 'new Date()': 1 },
    reason: "the run's clock itself: fixed once, where no Vitest config did",
  },
  { file: 'apps/server/test/helpers/background-build.ts', reads: { 'Date.now()': 2 }, reason: DURATION },
  {
    file: 'apps/server/test/helpers/lock-child.ts',
    reads: { 'Date.now()': 1 },
    reason: `${DURATION}: the instant the lock race's processes start at`,
  },
  {
    file: 'apps/server/test/unit/data-dir-lock.test.ts',
    reads: { 'Date.now()': 1 },
    reason: `${DURATION}: the instant the lock race's processes start at`,
  },
  {
    file: 'apps/server/test/fuzz/http-fuzz.ts',
    reads: { 'performance.now()': 4 },
    reason: `${DURATION}: the fuzz report's times`,
  },
  {
    file: 'apps/server/test/process/server-faults.test.ts',
    reads: { 'performance.now()': 2 },
    reason: `${DURATION}: each answer's time in the fault report`,
  },
  {
    file: 'apps/server/test/process/failover.test.ts',
    reads: { 'new Date()': 1, 'marketToday()': 2, 'performance.now()': 1 },
    reason: `${CHILD_PROCESS_DAY}; the kill's instant ${DURATION}`,
  },
  {
    file: 'apps/server/test/process/read-replicas.test.ts',
    reads: { 'marketToday()': 1, 'new Date()': 1 },
    reason: CHILD_PROCESS_DAY,
  },
  {
    file: 'apps/server/test/unit/cli-offers.test.ts',
    reads: { 'marketToday()': 2 },
    reason: CHILD_PROCESS_DAY,
  },
  { file: 'apps/server/test/unit/cli.test.ts', reads: { 'marketToday()': 2 }, reason: CHILD_PROCESS_DAY },
  {
    file: 'apps/server/test/api/event-emails.test.ts',
    reads: { 'new Date()': 2 },
    reason:
      "sends demo-home's invitation at the moment the upcoming endpoint answers, both on the server's clock",
  },
  {
    file: 'apps/server/test/api/offers.test.ts',
    reads: { 'new Date()': 2, 'Date.now()': 4 },
    reason: STAMPED_BY_THE_SERVER,
  },
  {
    file: 'apps/server/test/api/profiles.test.ts',
    reads: { 'Date.now()': 1 },
    reason: STAMPED_BY_THE_SERVER,
  },
  {
    file: 'apps/server/test/api/email-link-keys.test.ts',
    reads: { 'Date.now()': 3 },
    reason: `${LINK_EXPIRY}; a key's age in days`,
  },
  { file: 'apps/server/test/api/mail.test.ts', reads: { 'Date.now()': 1 }, reason: LINK_EXPIRY },
  { file: 'apps/server/test/api/open-redirects.test.ts', reads: { 'Date.now()': 1 }, reason: LINK_EXPIRY },
  {
    file: 'apps/web/src/features/happy-hours/components/change-slot-page.test.tsx',
    reads: { 'Date.now()': 1, 'new Date()': 2 },
    reason: COMPONENT_DAY,
  },
  {
    file: 'apps/web/src/features/happy-hours/components/confirmation-pages.test.tsx',
    reads: { 'marketToday()': 1 },
    reason: COMPONENT_DAY,
  },
  {
    file: 'apps/web/src/features/tracker/components/tracker-page-day.test.tsx',
    reads: { 'marketToday()': 1 },
    reason: COMPONENT_DAY,
  },
  { file: 'apps/web/src/test/usage-fixtures.ts', reads: { 'marketToday()': 1 }, reason: COMPONENT_DAY },
  {
    file: 'apps/web/src/features/tracker/components/tracker-page-states.test.tsx',
    reads: { 'Date.now()': 1 },
    reason: `${DURATION}: a cached week's age, checked against the same clock`,
  },
  {
    file: 'apps/web/src/shared/api/usage-cache.test.ts',
    reads: { 'Date.now()': 1 },
    reason: `${DURATION}: a cached week's age, checked against the same clock`,
  },
  { file: 'e2e/support/portal-server.ts', reads: { 'Date.now()': 2 }, reason: DURATION },
  { file: 'e2e/support/data-pages.ts', reads: { 'marketToday()': 1 }, reason: BROWSER_DAY },
  { file: 'e2e/tests/budget-alerts.test.ts', reads: { 'marketToday()': 1 }, reason: BROWSER_DAY },
  { file: 'e2e/tests/event-emails.test.ts', reads: { 'Date.now()': 2 }, reason: BROWSER_DAY },
  {
    file: 'e2e/tests/happy-hours.test.ts',
    reads: { 'new Date()': 1, 'marketToday()': 2, 'Date.now()': 1 },
    reason: BROWSER_DAY,
  },
  { file: 'e2e/tests/navigation.test.ts', reads: { 'marketToday()': 1 }, reason: BROWSER_DAY },
  { file: 'e2e/tests/reduce-and-reward.test.ts', reads: { 'Date.now()': 1 }, reason: BROWSER_DAY },
  {
    file: 'e2e/tests/shell.test.ts',
    reads: { 'marketToday()': 2, 'Date.now()': 2 },
    reason: `${BROWSER_DAY}; and the page's clock compared with this process's at the same moment (the dated runs move both)`,
  },
  { file: 'e2e/tests/tracker.test.ts', reads: { 'marketToday()': 2 }, reason: BROWSER_DAY },
];
