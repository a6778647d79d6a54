/**
 * The Tracker's public api for other features: only what they need to tell the Tracker that an account's
 * customer block changed (the surveys set `completed_survey`), so its week is fetched again.
 */
export { usageKeys } from './api/get-usage.ts';
export { clearCachedUsage } from './api/usage-cache.ts';
