/**
 * The request generator of every route, keyed `METHOD url` as the router registers it. The fuzz test fails
 * when the app has a route without a generator here (or a generator for a route that no longer exists), so a
 * new endpoint cannot go unfuzzed. Documented routes build their requests from the OpenAPI document with the
 * shared field hints (account ids, event ids, tokens, dates, survey answers); pass route-specific hints
 * where a field means something the schema cannot say.
 */
import fc from 'fast-check';
import { anyRequest, type EndpointFuzzer, fromOperation, garbageString, underPath } from './http-fuzz.ts';

/** Not a route: requests for any method and path, most of which the router does not know. */
export const ANY_ROUTE = 'ANY (unknown paths)';

const visitUrl = fc.oneof(
  fc.constantFrom('/new/usage/demo-home', '/', 'https://portal.example/new/usage/demo-home?x=1'),
  garbageString,
);

/** Mostly one of these accounts, sometimes garbage: for routes where two fields must name the same account. */
const oneOf = (...ids: string[]) =>
  fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: garbageString });

export const endpointFuzzers: Record<string, EndpointFuzzer> = {
  'GET /api/health': fromOperation(),
  'GET /api/config': fromOperation(),
  'GET /api/accounts/customer': fromOperation(),
  // One residential and one small-business account, so that the answers often fit the account's survey.
  'PATCH /api/accounts/update_profile': fromOperation({ account_id: oneOf('demo-home', 'demo-business') }),
  'POST /api/web_interactions': fromOperation({ url: visitUrl }),
  'GET /api/tracker/export': fromOperation(),
  'GET /api/tracker/usage': fromOperation(),
  'GET /api/tracker/plans': fromOperation(),
  'GET /api/tracker/quarter_comparison': fromOperation(),
  'GET /api/tracker/similar_homes': fromOperation(),
  'POST /api/tracker/solar_welcome': fromOperation(),
  'GET /api/tracker/subscription': fromOperation(),
  'POST /api/tracker/subscription': fromOperation(),
  'PUT /api/tracker/subscription/change_frequency': fromOperation(),
  'GET /api/tracker/budget_alert': fromOperation(),
  'PUT /api/tracker/budget_alert': fromOperation(),
  'POST /api/settings/spend_target': fromOperation({
    spend_target: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.constantFrom(-1, 100, 40.5, '40', 1e308)),
  }),
  'GET /api/email/click': fromOperation(),
  'GET /api/email/unsubscribe': fromOperation(),
  'POST /api/email/unsubscribe': fromOperation(),
  'GET /api/email/budget_alerts_off': fromOperation(),
  'POST /api/email/budget_alerts_off': fromOperation(),
  'GET /innovative_billing/daytime_saver_participants/:accountId': fromOperation(),
  'POST /innovative_billing/daytime_saver_participants': fromOperation(),
  'GET /innovative_billing/product_configs/DaytimeSaver': fromOperation(),
  'GET /innovative_billing/here_for_you_participants/:accountId': fromOperation(),
  'POST /innovative_billing/here_for_you_participants': fromOperation(),
  // The body must name the account of the path: two accounts make that common.
  'POST /innovative_billing/here_for_you_participants/:accountId/opt_out': fromOperation({
    accountId: oneOf('demo-home', 'demo-happy'),
    account_identifier: oneOf('demo-home', 'demo-happy'),
  }),
  'GET /reduce_and_reward/tracker/dr_events': fromOperation(),
  'GET /reduce_and_reward/dr_events/event_result': fromOperation(),
  'GET /reduce_and_reward/dr_events/event_results': fromOperation(),
  'GET /reduce_and_reward/dr_events/event_progress': fromOperation(),
  'GET /reduce_and_reward/dr_events/upcoming': fromOperation(),
  'GET /reduce_and_reward/dr_events/announced_target': fromOperation(),
  // The OpenAPI pages themselves (Swagger UI), outside the document.
  'GET /api/docs': underPath(['', '/']),
  'GET /api/docs/json': underPath(['']),
  'GET /api/docs/yaml': underPath(['']),
  'GET /api/docs/static/index.html': underPath(['']),
  'GET /api/docs/static/swagger-initializer.js': underPath(['']),
  // Small files only: compressing the 1.7 MB bundle a thousand times would only measure brotli.
  'GET /api/docs*': underPath([
    '/static/index.css',
    '/static/logo.svg',
    '/static/oauth2-redirect.html',
    '/nope',
  ]),
  [ANY_ROUTE]: anyRequest,
};
