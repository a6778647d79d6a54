/** The retailer's logo: a generic mark and the retailer's name, so one build serves any retailer. */
export function Logo({ name }: { name: string }) {
  return (
    <span className="logo">
      <svg
        className="logo__mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="6" fill="#0b4f6c" />
        <path d="M18 3 7 18h7l-2 11 11-15h-7z" fill="#ffc845" />
      </svg>
      <span className="logo__name">{name}</span>
    </span>
  );
}
