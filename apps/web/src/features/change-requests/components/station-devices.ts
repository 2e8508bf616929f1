/** The shape of the entity tree the forms read: stations, their devices in service and those devices' parameters. */
export type TreeNode = {
  id: number;
  devices?: readonly { id: number; name: string; deletedDate: string | null; profile?: { params: readonly { stdParam: { name: string; label: string }; deletedDate: string | null }[] } | undefined }[] | undefined;
  children: readonly TreeNode[];
};

/** The devices in service of a station of the tree, with the parameters each still reports. */
export function stationDevices(nodes: readonly TreeNode[], stationId: number): { id: number; name: string; params: { name: string; label: string }[] }[] {
  for (const n of nodes) {
    if (n.id === stationId) {
      return (n.devices ?? [])
        .filter((d) => d.deletedDate === null)
        .map((d) => ({ id: d.id, name: d.name, params: (d.profile?.params ?? []).filter((p) => p.deletedDate === null).map((p) => ({ name: p.stdParam.name, label: p.stdParam.label })) }));
    }
    const found = stationDevices(n.children, stationId);
    if (found.length) return found;
  }
  return [];
}
