/**
 * What a Happy Hours confirmation page says, from the participant the server holds rather than the slot in the
 * address (issue 26 item 3): a bookmark or the back button must never show a slot that is not the customer's,
 * nor "from tomorrow" for free hours that started weeks ago.
 */
import {
  addDays,
  type DaytimeSaverParticipant,
  formatMessage,
  formatWeekdayDate,
  happyHoursCopy,
  happyHoursNotices,
  timeSlotLabel,
} from '@portal/contracts';

/** The participant's state as far as a confirmation is concerned. */
export type ConfirmationState =
  | { kind: 'not-signed-up' }
  | { kind: 'signed-up'; slot: string; effectiveDate: string | null; activeSlot: string | null };

export function confirmationState(participant: DaytimeSaverParticipant): ConfirmationState {
  if (!participant.opted_in || !participant.time_slot) return { kind: 'not-signed-up' };
  return {
    kind: 'signed-up',
    slot: timeSlotLabel(participant.time_slot),
    effectiveDate: participant.effective_date,
    activeSlot: participant.active_time_slot ? timeSlotLabel(participant.active_time_slot) : null,
  };
}

type SignedUp = Extract<ConfirmationState, { kind: 'signed-up' }>;

/** The sign-up confirmation's sentence: from tomorrow, from a later weekday, or since the day they started. */
export function signupConfirmationText(state: SignedUp, today: string): string {
  const { slot, effectiveDate } = state;
  if (effectiveDate && effectiveDate > today) {
    return effectiveDate === addDays(today, 1)
      ? formatMessage(happyHoursCopy.confirmation, { slot })
      : formatMessage(happyHoursNotices.confirmationFrom, { slot, date: formatWeekdayDate(effectiveDate) });
  }
  return effectiveDate
    ? formatMessage(happyHoursNotices.confirmationSince, { slot, date: formatWeekdayDate(effectiveDate) })
    : formatMessage(happyHoursCopy.currentSlot, { slot });
}

/** The change confirmation's sentence: effective the following weekday while it is to come, else since when. */
export function changeConfirmationText(state: SignedUp, today: string): string {
  const { slot, effectiveDate } = state;
  if (effectiveDate && effectiveDate > today) {
    return formatMessage(happyHoursCopy.changeConfirmation, { slot, date: formatWeekdayDate(effectiveDate) });
  }
  return effectiveDate
    ? formatMessage(happyHoursNotices.changeInForce, { slot, date: formatWeekdayDate(effectiveDate) })
    : formatMessage(happyHoursCopy.currentSlot, { slot });
}

/** The slot in force today when it is not yet the chosen one (a change waiting for its weekday). */
export function slotStillInForce(state: SignedUp): string | null {
  return state.activeSlot && state.activeSlot !== state.slot ? state.activeSlot : null;
}
