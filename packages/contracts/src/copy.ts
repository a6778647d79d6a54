/**
 * Customer-facing text of the screens beyond the error catalogue of `messages.ts`: the screen headings of
 * docs/screens.md word for word, and our own wording where the specification only describes the content (docs/product.md
 * intro, footer disclaimers, feedback). Kept here so that the web app and the email snapshots agree.
 * `{name}` placeholders are filled with `formatMessage`.
 */

/** Screen headings quoted by docs/screens.md. */
export const screenTitles = {
  tracker: 'Tracker',
  feedback: 'Feedback',
  settings: 'Email settings',
  happyHoursSignup: "Getting your free Happy Hours couldn't be simpler",
  happyHoursChangeSlot: 'Change your free Happy Hours time slot',
  happyHoursChangeConfirmation: 'Success!',
  happyHoursSignupConfirmation: 'Welcome! Time to start saving',
  optOut: 'Opt out of Reduce & Be Rewarded',
  optOutConfirm: 'Are you sure?',
  optBackIn: 'You are no longer participating in Reduce & Be Rewarded',
  survey: 'Tracker Survey',
} as const;

/** The four feature blocks of the landing screen (titles from docs/screens.md, sentences from docs/product.md). */
export const landingFeatures = [
  {
    title: 'Your data',
    text: 'See your own smart-meter data in one place: what you used, and what it cost.',
  },
  {
    title: 'Your detailed usage',
    text: 'Explore your usage day by day and hour by hour to find out when you use the most electricity.',
  },
  {
    title: 'Manage your usage',
    text: 'Set a weekly budget, track your spending against it, and see a projected balance for the next quarter.',
  },
  {
    title: 'Regular updates',
    text: 'Get a snapshot of your usage by email every week or every month, and check Tracker any time, from any device.',
  },
] as const;

export const copy = {
  landingIntro:
    'Tracker uses your own smart-meter data to show how much electricity you use and what it costs. See your usage hour by hour, set a budget and track your spending against it, see your projected balance for the next quarter, and get weekly or monthly updates by email. You can check Tracker any time, from any device.',
  feedbackIntro: 'We would love to hear your ideas and comments about Tracker.',
  /** {email} is the retailer's ideas address. */
  feedbackRequest: 'Please send an email to {email} and we will get back to you shortly.',

  // Footer (docs/product.md, docs/screens.md "Shared furniture").
  footerDisclaimer:
    'Tracker forecasts your bill from your daily smart-meter data, taking into account your past usage and seasonal variation. The forecast includes usage charges, supply charges, concessions, discounts and solar feed-in credits where applicable. It excludes manual adjustments such as credits, forward balances and special meter read fees. It is a projection only and is not a substitute for your actual bill. Usage times are in Australian Eastern Standard Time (AEST).',
  /** {phone} is the retailer's contact number. */
  footerContact: 'Questions about your account? Call us on {phone}.',
  /** {retailer} is the retailer's name; the conditions link follows the text. */
  happyHoursDisclaimer:
    "Happy Hours is a targeted offer that is not transferable. Free power hours apply to electricity usage charges only and exclude supply charges. {retailer} may end the Happy Hours benefit by giving you 20 Business Days' notice.",
  happyHoursConditionsLink: 'Happy Hours program conditions',

  // Navigation and links.
  skipToContent: 'Skip to main content',
  menu: 'Menu',
  mainNavigation: 'Main',
  footerNavigation: 'Footer',
  /** The account's own navigation under the navigation bar (issue 26 item 7, docs/screens.md). */
  accountNavigation: 'Your account',
  trackerNavLink: 'Tracker',
  reduceAndRewardNavLink: 'Reduce & Reward',
  plansNavLink: 'Plans',
  helpCentre: 'Help Centre',
  myAccount: 'My Account',
  faq: 'FAQ',
  settingsLink: 'Settings',
  feedbackLink: 'Feedback',
  opensInNewTab: '(opens in a new tab)',
  close: 'Close',
  loading: 'Loading',
  backToHome: 'Go to the home page',
  /** Shown when the runtime configuration cannot be loaded, before anything else can render. */
  configLoadError: 'The portal could not start. Please refresh the page or try again later.',
} as const;
