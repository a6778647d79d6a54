/**
 * The retailer's phone number as a tel: link that never wraps inside the number ("13 00 00" stays on one
 * line on a phone).
 */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="phone-link" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
      {phone}
    </a>
  );
}
