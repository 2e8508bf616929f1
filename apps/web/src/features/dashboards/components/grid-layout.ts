import { GRID_COLUMNS, type WidgetLayout } from '@enviro/contracts/dashboards';

/** Height of a grid row, px. */
export const ROW_HEIGHT = 80;
/** Gap between widgets, px. */
export const GRID_GAP = 12;

export interface Placed {
  id: string;
  layout: WidgetLayout;
}

const overlaps = (a: WidgetLayout, b: WidgetLayout) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A layout kept inside the grid: at least 1×2, at most the grid's width, never left of or above it. */
export function clampLayout(l: WidgetLayout): WidgetLayout {
  const w = Math.min(Math.max(1, Math.round(l.w)), GRID_COLUMNS);
  const h = Math.min(Math.max(2, Math.round(l.h)), 12);
  const x = Math.min(Math.max(0, Math.round(l.x)), GRID_COLUMNS - w);
  const y = Math.max(0, Math.round(l.y));
  return { x, y, w, h };
}

/**
 * Puts widget `id` at `next` (moved or resized) and pushes every widget it now covers down below
 * it, and what those cover in turn, top to bottom; then lifts every widget as high as it fits, so
 * the grid has no holes. The widget being placed keeps its spot.
 */
export function placeWidget(items: readonly Placed[], id: string, next: WidgetLayout): Placed[] {
  const moved = clampLayout(next);
  const others = items.filter((i) => i.id !== id).sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
  const placed: Placed[] = [{ id, layout: moved }];
  for (const item of others) {
    let layout = item.layout;
    for (;;) {
      const hit = placed.find((p) => overlaps(p.layout, layout));
      if (!hit) break;
      layout = { ...layout, y: hit.layout.y + hit.layout.h };
    }
    placed.push({ id: item.id, layout });
  }
  return compact(placed, id);
}

/** Lifts each widget (but `pinned`) as high as it goes without covering another, top to bottom. */
export function compact(items: readonly Placed[], pinned?: string): Placed[] {
  const order = [...items].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
  const done: Placed[] = order.filter((i) => i.id === pinned);
  for (const item of order) {
    if (item.id === pinned) continue;
    let layout = item.layout;
    while (layout.y > 0 && !done.some((p) => overlaps(p.layout, { ...layout, y: layout.y - 1 }))) layout = { ...layout, y: layout.y - 1 };
    done.push({ id: item.id, layout });
  }
  const position = new Map(done.map((p) => [p.id, p.layout]));
  return items.map((i) => ({ id: i.id, layout: position.get(i.id)! }));
}

/** Where a new widget goes: the full width below everything else. */
export function nextFreeLayout(items: readonly Placed[], w = 6, h = 4): WidgetLayout {
  const bottom = Math.max(0, ...items.map((i) => i.layout.y + i.layout.h));
  return { x: 0, y: bottom, w, h };
}

/** Columns and rows a pointer moved by, on a grid whose columns are `columnWidth` px wide. */
export function gridDelta(dx: number, dy: number, columnWidth: number): { cols: number; rows: number } {
  return { cols: Math.round(dx / (columnWidth + GRID_GAP)), rows: Math.round(dy / (ROW_HEIGHT + GRID_GAP)) };
}
