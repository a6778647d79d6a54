/**
 * A PostgreSQL array literal of text values, passed as one parameter (Drizzle expands a JS array into a list of
 * parameters instead): `${arrayLiteral(ids)}::uuid[]`. Quotes and backslashes are escaped, so any text is safe.
 */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
