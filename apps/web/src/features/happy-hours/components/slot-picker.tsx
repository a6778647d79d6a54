/**
 * The four time-slot buttons of docs/screens.md, single select: radio buttons drawn as buttons, so that a keyboard
 * moves between them with the arrow keys and a screen reader hears "1 of 4, selected".
 */
import { type TimeSlotId, timeSlots } from '@portal/contracts';
import { useId } from 'react';

export interface SlotPickerProps {
  legend: string;
  value: TimeSlotId | null;
  onChange: (slot: TimeSlotId) => void;
  /** The participant's current slot, marked as such. */
  current?: TimeSlotId | null;
  currentLabel?: string;
  disabled?: boolean;
}

export function SlotPicker({ legend, value, onChange, current, currentLabel, disabled }: SlotPickerProps) {
  const name = useId();
  return (
    <fieldset className="slot-picker" disabled={disabled}>
      <legend className="slot-picker__legend">{legend}</legend>
      <div className="slot-picker__options">
        {timeSlots.map((slot) => (
          <label key={slot.id} className="slot-picker__option">
            <input
              className="slot-picker__input"
              type="radio"
              name={name}
              value={slot.id}
              checked={value === slot.id}
              onChange={() => onChange(slot.id)}
            />
            <span className="slot-picker__button">
              {slot.label}
              {current === slot.id && currentLabel && (
                <span className="slot-picker__current"> ({currentLabel})</span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
