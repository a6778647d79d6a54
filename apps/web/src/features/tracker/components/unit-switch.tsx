/** Beyond the specification: shows the chart in dollars or in kWh (radio buttons styled as a switch). */
import { trackerCopy } from '@portal/contracts';
import { useId } from 'react';
import type { ChartUnit } from '../lib/chart-model.ts';

const options: Array<{ value: ChartUnit; label: string }> = [
  { value: 'dollars', label: trackerCopy.unitDollars },
  { value: 'kwh', label: trackerCopy.unitKwh },
];

export function UnitSwitch({ unit, onChange }: { unit: ChartUnit; onChange(unit: ChartUnit): void }) {
  const name = useId();
  return (
    <fieldset className="unit-switch">
      <legend className="unit-switch__legend">{trackerCopy.unitSwitchLabel}</legend>
      <div className="unit-switch__options">
        {options.map((option) => (
          <label key={option.value} className="unit-switch__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={unit === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
