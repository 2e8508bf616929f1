import { describe, expect, it } from 'vitest';
import { meterLayoutProblems, metersOfNodes, nodeEnergy, type PlacedMeter, type TreeNode } from './facility-tree.ts';

// Facility 1 → Substation 2 → { Main incomer node 3, Mill building 4 → { Cement mill node 5, Kiln node 6 } }, Roof 7
const nodes: TreeNode[] = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 1 },
  { id: 5, parentId: 4 },
  { id: 6, parentId: 4 },
  { id: 7, parentId: 1 },
];
const meters: PlacedMeter[] = [
  { meterId: 10, nodeId: 3, role: 'MAIN', mainMeterId: null },
  { meterId: 11, nodeId: 5, role: 'SUB', mainMeterId: 10 },
  { meterId: 12, nodeId: 6, role: 'SUB', mainMeterId: 10 },
  { meterId: 13, nodeId: 6, role: 'SUB', mainMeterId: 12 }, // kiln fan under the kiln feeder
  { meterId: 14, nodeId: 7, role: 'GENERATION', mainMeterId: null },
];
const energy = new Map<number, (number | null)[]>([
  [10, [1000, 1100]],
  [11, [400, 420]],
  [12, [450, null]],
  [13, [100, 90]],
  [14, [200, 150]],
]);

describe('facility tree consumption', () => {
  it('counts the main meter and generation of a facility, not its sub-meters again', () => {
    const [facility] = metersOfNodes(nodes, meters, [1]);
    expect(facility!.counted).toEqual([10, 14]);
    const e = nodeEnergy(facility!, (id) => energy.get(id), 2);
    expect(e.consumption).toEqual([1200, 1250]);
    // Unmetered: supply 1200 − (400 + 450) = 350; second bucket misses the kiln feeder: unknown.
    expect(e.unmetered).toEqual([350, null]);
  });

  it('counts the raw sum when excluseEnergyMeters is off', () => {
    const [facility] = metersOfNodes(nodes, meters, [1], { excluseEnergyMeters: false });
    expect(nodeEnergy(facility!, (id) => energy.get(id), 2).consumption).toEqual([2150, 1760]);
  });

  it('counts the topmost sub-meters of a building without a main meter', () => {
    const [mill] = metersOfNodes(nodes, meters, [4]);
    expect(mill!.counted).toEqual([11, 12]); // 13 is under 12, which is in scope
    expect(nodeEnergy(mill!, (id) => energy.get(id), 2)).toEqual({ nodeId: 4, consumption: [850, 420], unmetered: null });
  });

  it('takes only the node itself without descendants', () => {
    const [kiln, mill] = metersOfNodes(nodes, meters, [6, 4], { considerDescendants: false });
    expect(kiln!.counted).toEqual([12]);
    expect(mill!.counted).toEqual([]);
  });
});

describe('meter layout problems', () => {
  it('finds a meter placed twice, a sub-meter without a main, a loop and a node outside the tree', () => {
    const bad: PlacedMeter[] = [
      { meterId: 1, nodeId: 1, role: 'MAIN', mainMeterId: null },
      { meterId: 1, nodeId: 2, role: 'MAIN', mainMeterId: null },
      { meterId: 2, nodeId: 99, role: 'SUB', mainMeterId: null },
      { meterId: 3, nodeId: 3, role: 'SUB', mainMeterId: 4 },
      { meterId: 4, nodeId: 3, role: 'SUB', mainMeterId: 3 },
    ];
    const messages = meterLayoutProblems(bad, nodes).map((p) => `${p.meterId}:${p.field}:${p.message}`);
    expect(messages).toContain('1:nodeId:meter 1 is located at two places of the tree');
    expect(messages).toContain('2:nodeId:node 99 is not in the tree');
    expect(messages).toContain('2:mainMeterId:a sub-meter names the meter it is under');
    expect(messages).toContain('3:mainMeterId:meters above one another form a loop');
    expect(meterLayoutProblems(meters, nodes)).toEqual([]);
  });
});
