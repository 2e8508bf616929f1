import { stationTypeLabel } from '@/lib/labels';
import { Alert, Badge, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { EntityType, type EntityProperty } from '@enviro/contracts/common';
import { WorkingStatus, type EntityNode } from '@enviro/contracts/entities';
import { Loading } from '@/components/status/load-state';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useEntityTree } from '../api/get-entity-tree';
import { useEntityProps } from '../api/get-entity-props';
import { useLicenceUsage } from '../api/get-licence-usage';
import { useEntityWrite } from '../api/save-entity';

const CONTAINERS = ['group', 'facility'];
type Editing = { node: EntityNode | null; parentId: number | null } | null;

/**
 * The station editor (issue 13): the industry's tree with working status; for those who may change
 * it, new nodes (a station only within the licence, whose use is shown), edits of name and
 * properties, soft delete and working status. The server's refusals show as they come.
 */
export function StationsPanel({ tenantId, canEdit }: { tenantId: number; canEdit: boolean }) {
  const tree = useEntityTree(tenantId);
  const usage = useLicenceUsage(tenantId);
  const write = useEntityWrite();
  const [editing, setEditing] = useState<Editing>(null);
  if (!tree.data) return tree.error ? <Alert color="red">The stations could not be loaded: {tree.error.message}</Alert> : <Loading h={120} />;
  return (
    <Stack>
      {usage.data && usage.data.length > 0 && (
        <Group gap="xs">
          <Text size="sm">Licence:</Text>
          {usage.data.map((u) => (
            <Badge key={u.stationType} variant="light" color={u.remaining === 0 ? 'orange' : 'teal'}>
              {u.stationType} {u.used}/{u.licensed}
            </Badge>
          ))}
        </Group>
      )}
      {write.error && <Alert color="red">{write.error.message}</Alert>}
      {canEdit && (
        <Button w="fit-content" onClick={() => setEditing({ node: null, parentId: null })}>
          New node
        </Button>
      )}
      <Stack gap={4} role="tree" aria-label="Stations">
        {tree.data.map((n) => (
          <TreeRow key={n.id} node={n} depth={0} canEdit={canEdit} onEdit={setEditing} write={write} />
        ))}
      </Stack>
      {editing && <EntityModal tenantId={tenantId} editing={editing} tree={tree.data} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function TreeRow({ node, depth, canEdit, onEdit, write }: { node: EntityNode; depth: number; canEdit: boolean; onEdit: (e: Editing) => void; write: ReturnType<typeof useEntityWrite> }) {
  const station = !CONTAINERS.includes(node.type);
  return (
    <>
      <Group role="treeitem" aria-label={node.name} gap="xs" pl={depth * 20} py={4} wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Text fw={station ? 400 : 600}>{node.name}</Text>
        <Badge variant="outline" size="sm" tt="none">
          {stationTypeLabel(node.type)}
        </Badge>
        {station && node.workingStatus && <Badge size="sm">{node.workingStatus}</Badge>}
        {canEdit && (
          <Group gap={4} ml="auto">
            {station && (
              <Select
                aria-label={`Working status of ${node.name}`}
                size="xs"
                w={140}
                data={WorkingStatus.options}
                value={node.workingStatus}
                placeholder="Working status"
                onChange={(v) => v && write.mutate({ kind: 'status', id: node.id, workingStatus: v }, { onSuccess: () => notifyInfo(`${node.name} is now marked ${v.toLowerCase()}.`) })}
              />
            )}
            {!station && (
              <Button size="compact-xs" variant="subtle" onClick={() => onEdit({ node: null, parentId: node.id })}>
                Add under
              </Button>
            )}
            <Button size="compact-xs" variant="light" onClick={() => onEdit({ node, parentId: null })} aria-label={`Edit ${node.name}`}>
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              aria-label={`Delete ${node.name}`}
              onClick={() => window.confirm(`Delete ${node.name}?`) && write.mutate({ kind: 'delete', id: node.id }, { onSuccess: () => notifyInfo(`${node.name} deleted.`) })}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      {node.children.map((c) => (
        <TreeRow key={c.id} node={c} depth={depth + 1} canEdit={canEdit} onEdit={onEdit} write={write} />
      ))}
    </>
  );
}

function EntityModal({ tenantId, editing, tree, onClose }: { tenantId: number; editing: NonNullable<Editing>; tree: EntityNode[]; onClose: () => void }) {
  const write = useEntityWrite();
  const props = useEntityProps();
  const node = editing.node;
  const [type, setType] = useState<string | null>(node?.type ?? 'cems');
  const [name, setName] = useState(node?.name ?? '');
  const [parentId, setParentId] = useState<string | null>(node ? null : editing.parentId === null ? null : String(editing.parentId));
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries((node?.properties ?? []).map((p) => [p.name, p.value])));
  const containers = flatten(tree).filter((n) => CONTAINERS.includes(n.type) && n.id !== node?.id);
  const properties: EntityProperty[] = Object.entries(values)
    .filter(([, v]) => v.trim() !== '')
    .map(([n, v]) => ({ name: n, value: v.trim() }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const done = { onSuccess: () => (notifyInfo(node ? `${name} saved.` : `${name} created.`), onClose()) };
    if (node) write.mutate({ kind: 'update', id: node.id, body: { name, parentId: parentId === null ? (editing.parentId ?? null) : Number(parentId), properties } }, done);
    else write.mutate({ kind: 'create', body: { tenantId, type: EntityType.parse(type), name, parentId: parentId === null ? null : Number(parentId), properties } }, done);
  };
  return (
    <Modal opened onClose={onClose} title={node ? `Edit ${node.name}` : 'New node'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {write.error && <Alert color="red">{write.error.message}</Alert>}
          {!node && <Select label="Type" data={EntityType.options} value={type} onChange={setType} searchable />}
          <TextInput label="Name" required data-autofocus value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Select label="Under" data={containers.map((c) => ({ value: String(c.id), label: c.name }))} value={parentId} onChange={setParentId} clearable placeholder={node ? 'Where it is now' : 'Top level'} />
          {(props.data ?? []).map((p) => (
            <TextInput key={p.name} label={p.name} description={p.label} value={values[p.name] ?? ''} onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [p.name]: value }));
              }} />
          ))}
        </Stack>
        <FormActions label={node ? 'Save' : 'Create'} onCancel={onClose} submitting={write.isPending} />
      </form>
    </Modal>
  );
}

function flatten(nodes: readonly EntityNode[]): EntityNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}
