/**
 * SPEC 5: entity names sort naturally ("Stack 2" before "Stack 10"). The product did it by padding
 * single digits with a leading zero; comparing digit runs by value gives the same order for those
 * names and stays right past 99 ("Stack 20" before "Stack 100"). Letters compare case-insensitively.
 */
const COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Comparator for `Array.prototype.sort`; names equal to the collator fall back to code units so the order is total. */
export function compareNatural(a: string, b: string): number {
  return COLLATOR.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A sorted copy of `items`, ordered by `name(item)` naturally. */
export function sortByNameNatural<T>(items: readonly T[], name: (item: T) => string): T[] {
  return [...items].sort((x, y) => compareNatural(name(x), name(y)));
}
