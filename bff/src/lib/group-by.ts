/** Rows grouped by a key, each group in the rows' order. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const group = out.get(key(row));
    if (group) group.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}
