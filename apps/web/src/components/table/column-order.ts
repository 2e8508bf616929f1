/**
 * The columns of a paged table in the order a screen shows them, and whether each is pinned to the
 * right edge. On a wide screen a sticky column (the row's actions) stays pinned while the table
 * scrolls; on a phone, where most of the table is scrolled off, a pinned column would cover the
 * ones beneath it (a tenant's Type), so it comes first instead, on screen without scrolling.
 */
export function orderColumns<C extends { sticky?: boolean }>(columns: readonly C[], phone: boolean): { column: C; pinned: boolean }[] {
  if (!phone) return columns.map((column) => ({ column, pinned: column.sticky ?? false }));
  return [...columns.filter((c) => c.sticky), ...columns.filter((c) => !c.sticky)].map((column) => ({ column, pinned: false }));
}
