import type { EntityNode } from '@enviro/contracts/entities';

/** A station of the tree with the parameters its devices in service report. */
export interface StationChoice {
  id: number;
  name: string;
  type: string;
  params: { name: string; label: string }[];
}

/** Every node with devices, depth first, with its parameters (diagnostic device_ ones left out). */
export function stationChoices(tree: readonly EntityNode[]): StationChoice[] {
  const out: StationChoice[] = [];
  const walk = (node: EntityNode) => {
    const params = new Map<string, string>();
    for (const d of node.devices ?? []) {
      if (d.deletedDate) continue;
      for (const p of d.profile?.params ?? []) {
        if (!p.deletedDate && !p.stdParam.name.startsWith('device_')) params.set(p.stdParam.name, p.stdParam.label);
      }
    }
    if (params.size > 0) out.push({ id: node.id, name: node.name, type: node.type, params: [...params].map(([name, label]) => ({ name, label })) });
    node.children.forEach(walk);
  };
  tree.forEach(walk);
  return out;
}

/** The parameters of the chosen stations, or of every station of the type when none is chosen. */
export function paramChoices(stations: readonly StationChoice[], ids: readonly number[], type: string | null): { value: string; label: string }[] {
  const chosen = ids.length > 0 ? stations.filter((s) => ids.includes(s.id)) : stations.filter((s) => !type || s.type === type);
  const seen = new Map<string, string>();
  for (const s of chosen) for (const p of s.params) seen.set(p.name, p.label);
  return [...seen].map(([value, label]) => ({ value, label }));
}
