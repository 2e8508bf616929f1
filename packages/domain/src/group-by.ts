/**
 * Items grouped by key, each group in the items' order, mapped by `map` (the item itself when
 * omitted). Map.groupBy needs Node 21.
 */
export function groupBy<T, K, V = T>(items: Iterable<T>, keyOf: (item: T) => K, map?: (item: T) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const k = keyOf(item);
    const value = map ? map(item) : (item as unknown as V);
    const list = groups.get(k);
    if (list) list.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}
