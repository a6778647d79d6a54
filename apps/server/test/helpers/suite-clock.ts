/**
 * The run's clock: the instant the run started, fixed once by the root vitest.config.ts in PORTAL_SUITE_NOW and
 * read by every worker and child process it starts. The run's template databases are seeded on its AEST day
 * (their demo data runs to the day before); a test that places data or a `now` beside the demo's takes its dates
 * from here, not from the machine's clock, which may have passed AEST midnight since the templates were seeded
 * (issue 40, docs/testing.md#the-runs-clock).
 */
import { marketToday } from '@portal/contracts';

/** The instant the run started, fixing it on first use where no Vitest config did (a script run on its own). */
export function suiteNow(): Date {
  process.env.PORTAL_SUITE_NOW ||= new Date().toISOString();
  const now = new Date(process.env.PORTAL_SUITE_NOW);
  if (Number.isNaN(now.getTime()))
    throw new Error(`PORTAL_SUITE_NOW is not an instant: ${process.env.PORTAL_SUITE_NOW}`);
  return now;
}

/** The run's AEST day: the day its templates are seeded on. */
export const suiteToday = (): string => marketToday(suiteNow());
