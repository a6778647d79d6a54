/**
 * The multi-select rules of docs/rules.md#states-and-transitions, as pure functions. An exclusive value ('Rather not say', and the pool
 * question's 'No') can be chosen only while nothing else is, and then it is the whole answer; once anything
 * else is ticked it is disabled. Ticking any other option removes an exclusive value. Toggling a ticked
 * option unticks it.
 */

/** Whether `value`'s box is disabled: an exclusive value while something else is ticked. */
export function isOptionDisabled(
  selected: readonly string[],
  value: string,
  exclusive: readonly string[],
): boolean {
  return exclusive.includes(value) && selected.some((other) => other !== value);
}

/** The answer after ticking or unticking `value`. */
export function toggleOption(
  selected: readonly string[],
  value: string,
  exclusive: readonly string[],
): string[] {
  if (selected.includes(value)) return selected.filter((other) => other !== value);
  if (isOptionDisabled(selected, value, exclusive)) return [...selected];
  if (exclusive.includes(value)) return [value];
  return [...selected.filter((other) => !exclusive.includes(other)), value];
}
