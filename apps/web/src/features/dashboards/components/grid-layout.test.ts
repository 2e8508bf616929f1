import { describe, expect, it } from 'vitest';
import { clampLayout, compact, gridDelta, nextFreeLayout, placeWidget, type Placed } from './grid-layout';

const L = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
const at = (items: Placed[]) => Object.fromEntries(items.map((i) => [i.id, [i.layout.x, i.layout.y, i.layout.w, i.layout.h]]));

describe('the dashboard grid', () => {
  const grid: Placed[] = [
    { id: 'a', layout: L(0, 0, 6, 4) },
    { id: 'b', layout: L(6, 0, 6, 4) },
    { id: 'c', layout: L(0, 4, 12, 4) },
  ];
  it.each([
    ['a move onto another pushes it down', () => at(placeWidget(grid, 'c', L(6, 0, 6, 4))), { a: [0, 0, 6, 4], b: [6, 4, 6, 4], c: [6, 0, 6, 4] }],
    ['a resize pushes what it now covers', () => at(placeWidget(grid, 'a', L(0, 0, 12, 4))), { a: [0, 0, 12, 4], b: [6, 4, 6, 4], c: [0, 8, 12, 4] }],
    ['a shrink lets the rest rise into the hole', () => at(placeWidget(grid, 'a', L(0, 0, 6, 2))), { a: [0, 0, 6, 2], b: [6, 0, 6, 4], c: [0, 4, 12, 4] }],
    ['moving off the right edge stays inside', () => clampLayout(L(10, 0, 6, 4)), L(6, 0, 6, 4)],
    ['never above or left of the grid, never under 1×2', () => clampLayout(L(-3, -2, 0, 1)), L(0, 0, 1, 2)],
    ['holes close upward', () => at(compact([{ id: 'a', layout: L(0, 5, 6, 4) }])), { a: [0, 0, 6, 4] }],
    ['a new widget goes below everything', () => nextFreeLayout(grid), L(0, 8, 6, 4)],
    ['a pointer moved a column and a half and two rows', () => gridDelta(150, 184, 88), { cols: 2, rows: 2 }],
  ])('%s', (_rule, actual, expected) => expect(actual()).toEqual(expected));
});
