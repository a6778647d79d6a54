/** The Tracker route's segments, parsed (see lib/tracker-route.ts). */
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { parseTrackerRoute, type TrackerRoute } from '../lib/tracker-route.ts';

export function useTrackerRoute(): TrackerRoute & { rawFrom: string | undefined } {
  const { accountId, from, day } = useParams();
  return useMemo(
    () => ({ ...parseTrackerRoute({ accountId, from, day }), rawFrom: from }),
    [accountId, from, day],
  );
}
