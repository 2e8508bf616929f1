/**
 * Consumption of the nodes of a facility tree (issue 31): a node's consumption is what its meters
 * measured, without counting a main meter and its own sub-meters twice.
 *
 * A meter sits at one node of the entity tree (its place) and has a role:
 * - `MAIN`: an incomer measuring what the grid supplies (the 132 kV main incomer);
 * - `SUB`: a load under a main meter (or under another sub-meter), `mainMeterId` naming it;
 * - `GENERATION`: own generation feeding the plant's bus (rooftop solar, DG set).
 * A node's supply is its main meters plus its generation; its consumption is its supply when it
 * has any, else the sum of its topmost sub-meters. With `excluseEnergyMeters` (SPEC 7's spelling,
 * default on) a sub-meter whose main meter (or any meter above it) is also in the node's scope is
 * left out of the sum: the main meter already measured it. Without it every meter in scope is
 * added (the raw sum, for comparison). The unmetered remainder of a node is its supply less its
 * top-level sub-meters: cable losses, transformer losses and loads nobody metered.
 */

export type MeterRole = 'MAIN' | 'SUB' | 'GENERATION';

export interface TreeNode {
  id: number;
  parentId: number | null;
}

export interface PlacedMeter {
  meterId: number;
  /** The tree node (entity) the meter is located at. */
  nodeId: number;
  role: MeterRole;
  /** For a sub-meter: the meter it is under. */
  mainMeterId: number | null;
}

export interface NodeScopeOptions {
  /** Count the meters of the node's descendants too (default true). */
  considerDescendants?: boolean;
  /** Leave out sub-meters whose main meter is in scope (default true). */
  excluseEnergyMeters?: boolean;
}

/** Which meters make a node's figures. */
export interface NodeMeters {
  nodeId: number;
  /** Meters in the node's scope. */
  inScope: number[];
  /** Meters whose energy makes the consumption. */
  counted: number[];
  /** Supply: main meters and generation in scope. */
  supply: number[];
  /** Sub-meters directly under a supply meter in scope: the metered loads. */
  loads: number[];
}

/** Problems of a meter layout: a meter placed twice, a sub-meter without its main meter, a loop. */
export function meterLayoutProblems(meters: readonly PlacedMeter[], nodes: readonly TreeNode[]): { meterId: number; field: string; message: string }[] {
  const problems: { meterId: number; field: string; message: string }[] = [];
  const nodeIds = new Set(nodes.map((n) => n.id));
  const byId = new Map<number, PlacedMeter>();
  for (const m of meters) {
    if (byId.has(m.meterId)) problems.push({ meterId: m.meterId, field: 'nodeId', message: `meter ${m.meterId} is located at two places of the tree` });
    byId.set(m.meterId, m);
    if (!nodeIds.has(m.nodeId)) problems.push({ meterId: m.meterId, field: 'nodeId', message: `node ${m.nodeId} is not in the tree` });
  }
  for (const m of meters) {
    if (m.role === 'SUB' && m.mainMeterId === null) problems.push({ meterId: m.meterId, field: 'mainMeterId', message: 'a sub-meter names the meter it is under' });
    if (m.role !== 'SUB' && m.mainMeterId !== null) problems.push({ meterId: m.meterId, field: 'mainMeterId', message: 'only a sub-meter is under another meter' });
    if (m.mainMeterId !== null && !byId.has(m.mainMeterId)) problems.push({ meterId: m.meterId, field: 'mainMeterId', message: `meter ${m.mainMeterId} is not a meter of this tree` });
    const seen = new Set<number>([m.meterId]);
    for (let up = m.mainMeterId; up !== null; up = byId.get(up)?.mainMeterId ?? null) {
      if (seen.has(up)) {
        problems.push({ meterId: m.meterId, field: 'mainMeterId', message: 'meters above one another form a loop' });
        break;
      }
      seen.add(up);
    }
  }
  return problems;
}

/** Ids of a node and its descendants. */
export function subtreeOf(nodes: readonly TreeNode[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const n of nodes) if (n.parentId !== null) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n.id]);
  const out = new Set<number>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The meters of each node (every node of `nodeIds`). */
export function metersOfNodes(nodes: readonly TreeNode[], meters: readonly PlacedMeter[], nodeIds: readonly number[], options: NodeScopeOptions = {}): NodeMeters[] {
  const descendants = options.considerDescendants ?? true;
  const exclude = options.excluseEnergyMeters ?? true;
  const byId = new Map(meters.map((m) => [m.meterId, m]));
  return nodeIds.map((nodeId) => {
    const scope = descendants ? subtreeOf(nodes, nodeId) : new Set([nodeId]);
    const inScope = meters.filter((m) => scope.has(m.nodeId)).map((m) => m.meterId);
    const scoped = new Set(inScope);
    const coveredAbove = (m: PlacedMeter) => {
      for (let up = m.mainMeterId, hops = 0; up !== null && hops < meters.length; up = byId.get(up)?.mainMeterId ?? null, hops++) if (scoped.has(up)) return true;
      return false;
    };
    const supply = inScope.filter((id) => byId.get(id)!.role !== 'SUB');
    const loads = inScope.filter((id) => {
      const m = byId.get(id)!;
      return m.role === 'SUB' && m.mainMeterId !== null && supply.includes(m.mainMeterId);
    });
    const counted = !exclude ? inScope : supply.length > 0 ? supply : inScope.filter((id) => !coveredAbove(byId.get(id)!));
    return { nodeId, inScope, counted, supply, loads };
  });
}

/** Energy of a node per bucket from its meters' energies (aligned arrays, null where a meter has no value). */
export interface NodeEnergy {
  nodeId: number;
  consumption: (number | null)[];
  /** Supply − metered loads; null when the node has no supply or no metered loads. */
  unmetered: (number | null)[] | null;
}

export function nodeEnergy(node: NodeMeters, energyOf: (meterId: number) => readonly (number | null)[] | undefined, buckets: number): NodeEnergy {
  // Consumption adds what is there; the remainder needs every meter's value (a missing load is no zero load).
  const sum = (ids: readonly number[], strict = false) => {
    const out: (number | null)[] = Array.from({ length: buckets }, () => null);
    const missing = new Set<number>();
    for (const id of ids) {
      const e = energyOf(id);
      for (let i = 0; i < buckets; i++) {
        const v = e?.[i];
        if (v !== null && v !== undefined) out[i] = (out[i] ?? 0) + v;
        else missing.add(i);
      }
    }
    if (strict) for (const i of missing) out[i] = null;
    return out;
  };
  const consumption = sum(node.counted);
  if (node.supply.length === 0 || node.loads.length === 0) return { nodeId: node.nodeId, consumption, unmetered: null };
  const supply = sum(node.supply, true);
  const loads = sum(node.loads, true);
  return { nodeId: node.nodeId, consumption, unmetered: supply.map((s, i) => (s === null || loads[i] === null ? null : s - loads[i]!)) };
}
