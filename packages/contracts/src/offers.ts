/** Product constants of the offers and events (docs/api.md#entities, docs/rules.md). */

export const timeSlots = [
  { id: '10:00-12:00', label: '10am - 12pm' },
  { id: '11:00-13:00', label: '11am - 1pm' },
  { id: '12:00-14:00', label: '12pm - 2pm' },
  { id: '13:00-15:00', label: '1pm - 3pm' },
] as const;
export type TimeSlotId = (typeof timeSlots)[number]['id'];
export const timeSlotIds = timeSlots.map((slot) => slot.id) as [TimeSlotId, ...TimeSlotId[]];

export const rewardTiers = {
  bronze: { cents: 0, name: 'Bronze', text: 'Almost!' },
  silver: { cents: 500, name: 'Silver Saver', text: 'More than 30% below your baseline' },
  gold: { cents: 9500, name: 'Gold Super Saver', text: 'Top 2% Savers' },
} as const;
