/** Decorative icons of the landing feature blocks (data, detailed usage, budget, email). */
const icons = [
  // Meter
  'M4 20h16M6 20V10a6 6 0 0 1 12 0v10M12 10l3-3',
  // Bars
  'M5 20V12M10 20V6M15 20v-9M20 20V9',
  // Gauge with target
  'M12 3v3M4 13a8 8 0 0 1 16 0M12 13l4-4M6 20h12',
  // Envelope
  'M3 6h18v12H3zM3 6l9 7 9-7',
];

export function FeatureIcon({ index }: { index: number }) {
  return (
    <svg
      className="landing__feature-icon"
      viewBox="0 0 24 24"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={icons[index % icons.length]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
