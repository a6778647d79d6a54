/**
 * Happy Hours (the daytime saver, docs/screens.md, docs/api.md, docs/rules.md; docs/offers.md): the rules both the server and
 * the web app apply (when a chosen slot takes effect, how often it may change) and the screens' wording. The
 * slots themselves are `timeSlots` in offers.ts; the calls' schemas are in happy-hours-schemas.ts, apart, so
 * that the web app's Happy Hours screens do not load zod (docs/decisions/0010).
 */
import type { DaytimeSaverConfig } from './happy-hours-schemas.ts';
import { addDays, dayOfWeek, MONTH_NAMES, marketDateOf, toUtcDate, WEEKDAY_NAMES } from './market-time.ts';
import { type TimeSlotId, timeSlots } from './offers.ts';

/** The product name of the daytime saver's configuration (docs/api.md#calls GET /product_configs/DaytimeSaver). */
export const DAYTIME_SAVER_PRODUCT = 'DaytimeSaver';

/** A slot may change at most once per 24 hours (docs/rules.md). */
export const SLOT_CHANGE_INTERVAL_HOURS = 24;
export const SLOT_CHANGE_INTERVAL_MS = SLOT_CHANGE_INTERVAL_HOURS * 60 * 60 * 1000;

/**
 * The server's error text when the account has no Happy Hours or Reduce & Be Rewarded participation (404).
 * The change-slot page redirects to the offer-expired page when the error text says so (docs/api.md#errors).
 */
export const OFFER_ACCOUNT_NOT_FOUND = 'Account not found for this offer';

/** The slot of an id or a label (the confirmation URLs carry the label, docs/rules.md#states-and-transitions), or undefined. */
export function findTimeSlot(idOrLabel: string | undefined) {
  if (!idOrLabel) return undefined;
  return timeSlots.find((slot) => slot.id === idOrLabel || slot.label === idOrLabel);
}

export function timeSlotLabel(id: TimeSlotId): string {
  return findTimeSlot(id)?.label ?? id;
}

/**
 * The market date from which a slot chosen at `instant` applies (docs/rules.md: "takes effect the next
 * weekday"): the first Monday-to-Friday date after the instant's AEST date, so a choice on Friday,
 * Saturday or Sunday takes effect on Monday.
 */
export function slotEffectiveDate(instant: Date): string {
  let date = addDays(marketDateOf(instant), 1);
  while (dayOfWeek(date) > 4) date = addDays(date, 1);
  return date;
}

/** A market date as the screens say it, e.g. "Monday 23 November". */
export function formatWeekdayDate(date: string): string {
  const utc = toUtcDate(date);
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${utc.getUTCDate()} ${MONTH_NAMES[utc.getUTCMonth()]}`;
}

/** The instant from which the slot may be changed again, after a change at `lastChangeAt`. */
export function nextSlotChangeAt(lastChangeAt: Date): Date {
  return new Date(lastChangeAt.getTime() + SLOT_CHANGE_INTERVAL_MS);
}

/** True once the sign-up period of the configuration is over at `now`. */
export function signupClosed(config: DaytimeSaverConfig, now: Date = new Date()): boolean {
  return config.signup_end_time !== null && now.getTime() > Date.parse(config.signup_end_time);
}

/** The Happy Hours screens' wording (docs/screens.md), beyond the headings of `screenTitles`. */
export const happyHoursCopy = {
  intro:
    'Choose a 2-hour time slot and get your electricity usage free in that slot every weekday, Monday to Friday.',
  step1: 'Choose your 2-hour time slot',
  step2: 'Read and agree to the terms',
  step3: 'Confirm to start saving',
  stepLabel: 'Step {number}',
  slotsLegend: 'Your free 2-hour time slot (weekdays, AEST)',
  slotNote:
    'You can change your time slot any time via your weekly Tracker email. A change takes effect the following weekday.',
  conditionsTitle: 'Happy Hours special conditions',
  agree: 'I agree to the Terms and Conditions',
  signUp: 'Sign up',
  signUpHint: 'Choose a time slot and agree to the Terms and Conditions to sign up.',
  update: 'UPDATE',
  changeIntro:
    'Choose your new free 2-hour time slot. You can change it once every 24 hours, and the change takes effect the following weekday.',
  /** {slot} is the slot's label. */
  currentSlot: 'Your current time slot: {slot}',
  /** {slot} is the label, {date} the weekday it starts, e.g. "Monday 23 November". */
  pendingSlot: 'Your new time slot {slot} starts on {date}.',
  /** {date} and {time} in AEST. */
  nextChange: 'You can change your time slot again from {time} on {date}.',
  /** {slot} is the slot's label. Said only when the free hours do start tomorrow (happyHoursNotices otherwise). */
  confirmation:
    'From tomorrow, you get 2 hours of free electricity every weekday in your chosen time slot: {slot}.',
  changeLink: 'Change your time slot',
  /** {slot} is the slot's label, {date} the weekday it takes effect. */
  changeConfirmation:
    'Your free Happy Hours have changed to {slot}, effective from the following weekday ({date}).',
  trackerLink: 'See your usage in Tracker',
} as const;

/** The full special conditions of the offer (docs/rules.md#validation "Terms content", docs/rules.md#limits), one paragraph each. */
export const happyHoursConditions = [
  'Happy Hours is a targeted offer for customers invited by email. It is not transferable.',
  'To be eligible you must be an existing electricity customer of {retailer} on a current plan, at your primary residence, with a smart meter that records half-hourly reads. Current solar customers are not eligible.',
  'Each weekday (Monday to Friday, excluding weekends), electricity usage charges in your chosen 2-hour time slot are free. The four time slots are 10am - 12pm, 11am - 1pm, 12pm - 2pm and 1pm - 3pm, in Australian Eastern Standard Time (AEST).',
  'Free Happy Hours apply to electricity usage charges only. Supply charges, and any other fees and charges, still apply.',
  'Your free Happy Hours start from the weekday after you sign up.',
  'You may change your time slot once every 24 hours. A change takes effect from the next weekday.',
  "{retailer} may change or end the Happy Hours benefit by giving you 20 Business Days' notice. You must tell us within 20 Business Days if you cease to meet the eligibility requirements.",
  'There are no exit fees. Your other plan terms and conditions continue to apply.',
] as const;
