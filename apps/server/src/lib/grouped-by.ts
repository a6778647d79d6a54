/**
 * Rows grouped by a key, each group in the rows' order, the groups in the order of their first row: what
 * `Map.groupBy` does from Node 21 (the server runs on Node 20 too), with each row turned into the value kept.
 */
export function groupedBy<Row, Key, Value = Row>(
  rows: Iterable<Row>,
  keyOf: (row: Row) => Key,
  keptOf: (row: Row) => Value = (row) => row as unknown as Value,
): Map<Key, Value[]> {
  const groups = new Map<Key, Value[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const value = keptOf(row);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}
