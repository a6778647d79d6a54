/**
 * Customer-facing text of the offer pages (Happy Hours, Reduce & Be Rewarded): what a page says about the offer
 * and its look-up. Apart from copy.ts, which every screen's first load carries, so that only these pages load it
 * (docs/decisions/0047-less-javascript-before-the-first-paint.md).
 */

/**
 * Happy Hours wording beyond docs/screens.md, docs/api.md#errors (issue 15 item 6); the screens' other words are `happyHoursCopy`.
 * {slot} is a slot's label, {date} a weekday as "Monday 23 November", {time} "14:30" (AEST).
 */
export const happyHoursNotices = {
  /** The sign-up confirmation when the free hours do not start tomorrow (a sign-up Friday to Sunday). */
  confirmationFrom:
    'From {date}, you get 2 hours of free electricity every weekday in your chosen time slot: {slot}.',
  /** A change refused because the slot changed less than 24 hours ago: trying again cannot work until then. */
  changeTooSoon:
    'Your time slot can be changed once every 24 hours. You can change it again from {time} on {date}.',
  /** A confirmation opened after the free hours have started (a bookmark, the back button): since when, which slot. */
  confirmationSince:
    'Since {date}, you get 2 hours of free electricity every weekday in your time slot: {slot}.',
  /** A change confirmation whose slot already applies: the slot the server holds, not the address's. */
  changeInForce: 'Your free Happy Hours are in your time slot {slot}, since {date}.',
} as const;

/**
 * The offer pages (Happy Hours, Reduce & Be Rewarded) while the participant cannot be read (issue 26 item 5,
 * decision 0038): the page title then, and the retry button beside the specified message.
 */
export const offerLookupCopy = {
  title: 'Happy Hours',
  hereForYouTitle: 'Reduce & Be Rewarded',
  retry: 'Try again',
} as const;
