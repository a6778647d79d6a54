/**
 * Every screen's URL (docs/screens.md), as a React Router pattern and a builder, so a route is renamed in one place.
 * Server code (email links, redirects) builds links with the same functions.
 */
const enc = encodeURIComponent;

export const paths = {
  landing: { pattern: '/', href: () => '/' },
  usage: {
    pattern: '/new/usage/:accountId/:from?/:day?',
    href: (accountId: string, from?: string, day?: number) =>
      `/new/usage/${enc(accountId)}${from ? `/${enc(from)}` : ''}${from && day !== undefined ? `/${day}` : ''}`,
  },
  settings: {
    pattern: '/new/settings/:accountId',
    href: (accountId: string) => `/new/settings/${enc(accountId)}`,
  },
  feedback: {
    pattern: '/new/feedback/:accountId',
    href: (accountId: string) => `/new/feedback/${enc(accountId)}`,
  },
  reduceAndReward: {
    pattern: '/ReduceAndReward/:accountId',
    href: (accountId: string) => `/ReduceAndReward/${enc(accountId)}`,
  },
  /** The specification references the event detail with both `Event` and `event`. */
  event: {
    pattern: '/ReduceAndReward/:accountId/Event/:eventId',
    lowerCasePattern: '/ReduceAndReward/:accountId/event/:eventId',
    href: (accountId: string, eventId: string) => `/ReduceAndReward/${enc(accountId)}/Event/${enc(eventId)}`,
  },
  offerExpired: {
    pattern: '/offer_expired/:accountId',
    href: (accountId: string) => `/offer_expired/${enc(accountId)}`,
  },
  happyHoursSignup: {
    pattern: '/day_time_saver/signup/:accountId',
    href: (accountId: string) => `/day_time_saver/signup/${enc(accountId)}`,
  },
  happyHoursChangeSlot: {
    pattern: '/day_time_saver/change-timeslot/:accountId',
    href: (accountId: string) => `/day_time_saver/change-timeslot/${enc(accountId)}`,
  },
  happyHoursChangeConfirmation: {
    pattern: '/day_time_saver/change-timeslot-confirmation/:accountId/:timeslot',
    href: (accountId: string, timeslot: string) =>
      `/day_time_saver/change-timeslot-confirmation/${enc(accountId)}/${enc(timeslot)}`,
  },
  happyHoursConfirmation: {
    pattern: '/day_time_saver/confirmation/:accountId/:timeslot',
    href: (accountId: string, timeslot: string) =>
      `/day_time_saver/confirmation/${enc(accountId)}/${enc(timeslot)}`,
  },
  happyHoursAlreadyRegistered: {
    pattern: '/day_time_saver/signup-already-completed/:accountId',
    href: (accountId: string) => `/day_time_saver/signup-already-completed/${enc(accountId)}`,
  },
  optOut: {
    pattern: '/here_for_you/opt_out/:accountId',
    href: (accountId: string) => `/here_for_you/opt_out/${enc(accountId)}`,
  },
  optBackIn: {
    pattern: '/here_for_you/opt_back_in/:accountId',
    href: (accountId: string) => `/here_for_you/opt_back_in/${enc(accountId)}`,
  },
  survey: {
    pattern: '/new/survey/:accountId/:from?',
    href: (accountId: string, from?: string) => `/new/survey/${enc(accountId)}${from ? `/${enc(from)}` : ''}`,
  },
  /** Plans compared on the account's own meter data (issue 17, beyond the specification). */
  plans: {
    pattern: '/new/plans/:accountId',
    href: (accountId: string) => `/new/plans/${enc(accountId)}`,
  },
  smeSurvey: {
    pattern: '/new/sme_survey/:accountId/:from?',
    href: (accountId: string, from?: string) =>
      `/new/sme_survey/${enc(accountId)}${from ? `/${enc(from)}` : ''}`,
  },
} as const;

/** Path prefixes the server answers itself; every other GET is the web app's (client routing). */
export const serverPathPrefixes = ['/api', '/reduce_and_reward', '/innovative_billing'] as const;
