import { stationTypeLabel } from '@/lib/labels';
import { Alert, Button, Group, Modal, MultiSelect, Text } from '@mantine/core';
import { useState } from 'react';
import type { EntityNode } from '@enviro/contracts/entities';
import type { AdminUser } from '@enviro/contracts/users';
import { useEntityTree } from '@/features/entities';
import { notifyInfo } from '@/lib/notify';
import { useSetEntityAccess } from '../api/set-entity-access';

function flatten(nodes: readonly EntityNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) => [{ value: String(n.id), label: `${'· '.repeat(depth)}${n.name} (${stationTypeLabel(n.type)})` }, ...flatten(n.children, depth + 1)]);
}

/** The stations and facilities a user is limited to (each with its descendants); none: the whole tenant. */
export function EntityAccessModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const tree = useEntityTree(user.tenant.id);
  const save = useSetEntityAccess();
  const [ids, setIds] = useState(user.entityIds.map(String));
  const submit = () =>
    save.mutate(
      { id: user.id, input: { entityIds: ids.map(Number) } },
      { onSuccess: (u) => (notifyInfo(`Entity access of ${u.name} saved.`), onClose()) },
    );
  return (
    <Modal opened onClose={onClose} title={`Entity access of ${user.name}`} size="lg">
      <Text size="sm" c="dimmed" mb="sm">
        With none chosen, {user.name} sees every station of {user.tenant.name}.
      </Text>
      {tree.isError && <Alert color="red" mb="sm">The stations could not be loaded: {tree.error.message}</Alert>}
      {save.error && <Alert color="red" mb="sm">{save.error.message}</Alert>}
      <MultiSelect
        label="Stations and facilities"
        searchable
        clearable
        data={tree.data ? flatten(tree.data) : []}
        value={ids}
        onChange={setIds}
        placeholder={tree.isLoading ? 'Loading…' : 'Every entity'}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={save.isPending} onClick={submit} disabled={!tree.data}>
          Save
        </Button>
      </Group>
    </Modal>
  );
}
