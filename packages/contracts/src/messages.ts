/**
 * Every message a customer can see, word for word from docs/screens.md, docs/api.md#errors), kept here once so that
 * the server and the web app say exactly the same thing.
 */
export const messages = {
  missingAccountId: 'Missing account ID number',
  invalidAccountId: 'Invalid account ID number',
  wrongProvider: 'This account does not belong to this provider',
  /** An email link forged, altered, expired or signed with a retired key (docs/access.md#email-links). */
  invalidEmailLink: 'This link is not valid. Please use the link in your latest Tracker email.',
  /**
   * 429 from the account guard: too many unknown account ids tried from one address (decision 0039). The
   * specification has no message for it; its "Error getting usage data" would hide why and for how long.
   * {wait} is `waitText` of the Retry-After.
   */
  lookUpsLimited:
    'Too many unknown account links have been tried from your internet connection. Please try again in {wait}, or use the link in your latest Tracker email.',
  /** 429 without the server's own message (something in between answered): decision 0039. */
  rateLimited: 'Too many requests from your internet connection. Please try again in a few minutes.',

  // Landing (docs/screens.md). {email} is the retailer's access-request address.
  landingAccessRequest:
    'Please click a link from a Tracker email to access your data. To request access to Tracker please contact us on {email}',

  // Tracker (docs/screens.md, docs/api.md#errors)
  chartLoading: 'Loading',
  weekNoData: 'Sorry, it seems this week has no data',
  dayNoData: 'Sorry, it seems this day has no data',
  columnNoData: 'No data',
  hintInteractive: 'This graph is interactive! Click a column to explore your usage.',
  hintClickColumn: 'Click a column to explore data',
  aestNote: 'Tracker usage times are in Australian Eastern Standard Time (AEST).',
  usageFetchError: 'Error getting usage data. Please try again.',
  budgetSaveError: 'Error saving budget data. Please try again.',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the spec's placeholder, filled by formatMessage.
  budgetUpdated: 'Budget updated to ${amount} per week.',
  budgetDisabled: 'Budget setting disabled.',

  // Subscription (docs/api.md#errors)
  subscriptionFetchError: 'Error fetching subscription data. Please try again.',
  subscriptionUnknown: 'Fail to fetch subscription data, please try again.',
  subscriptionSaveError: 'Error saving subscription data. Please try again.',
  subscriptionUpdated: 'Weekly email subscription updated.',
  subscriptionFrequencyUpdated: 'Email subscription frequency updated to {frequency}.',

  // Reduce & Reward (docs/screens.md, docs/api.md#errors)
  eventPortalTitle: 'Reduce & Reward Portal',
  eventNoData: 'No data available for this event',
  eventDateMissing: 'Date missing',

  // Happy Hours and Reduce & Be Rewarded (docs/screens.md, docs/api.md#errors)
  participantFetchError: 'Error fetching participant data. Please try again.',
  offerFetchError: 'Error fetching offer data. Please try again.',
  signupRepeat: 'You have already signed up with this timeslot',
  signupError: 'Error signup to offer. Please try again.',
  changeSlotRepeat: 'Timeslot already selected',
  changeSlotError: 'Error when changing timeslot. Please try again.',
  optOutRepeat: 'You have already opted out',
  optOutError: 'Error opt out to offer. Please try again.',
  optInError: 'Error opt in to offer. Please try again.',
  alreadyRegistered: 'Sorry. This email address has already registered for the Happy Hours program.',
  offerExpired: 'Sorry. This program is now full.',

  // Surveys (docs/api.md#errors)
  surveyIncomplete: 'Please answer all the questions',
  surveySaveError: 'Error saving your responses. Please try again.',
  surveyThanks: 'Thank you for your time.',

  // Generic (docs/api.md#errors)
  unexpectedError: 'Unexpected Application Error!',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills the `{name}` and `${name}` placeholders of a message. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\$?\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return whole.startsWith('$') ? `$${value}` : String(value);
  });
}

/** "40 seconds", "12 minutes": a Retry-After in words, for the 429 messages. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
