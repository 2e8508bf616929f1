/**
 * Tag filtering (SPEC 5): a result is kept only if it has every tag key of the filter and its
 * value matches one of that key's allowed values, case-insensitively. Keys match exactly. An empty
 * list of allowed values only asks for the key to be present.
 */
export type TagFilter = Readonly<Record<string, readonly string[]>>;

export function matchesTags(tags: Readonly<Record<string, string>>, filter: TagFilter): boolean {
  return Object.entries(filter).every(([key, allowed]) => {
    if (!Object.hasOwn(tags, key)) return false;
    if (allowed.length === 0) return true;
    const value = tags[key]!.toLowerCase();
    return allowed.some((a) => a.toLowerCase() === value);
  });
}

/** The items whose tags pass the filter, in their order. */
export function filterByTags<T extends { tags: Readonly<Record<string, string>> }>(items: readonly T[], filter: TagFilter): T[] {
  return items.filter((item) => matchesTags(item.tags, filter));
}
