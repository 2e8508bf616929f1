import { tenantTypeLabel } from '@/lib/labels';
import { Alert, Badge, Button, Card, Group, MultiSelect, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifyInfo } from '@/lib/notify';
import { useTenants } from '../api/get-tenants';
import { useSetStatutory, useStatutory } from '../api/statutory';

/** The statutory bodies an industry reports to; a site admin replaces the set. */
export function StatutoryCard({ tenantId, editable }: { tenantId: number; editable: boolean }) {
  const association = useStatutory(tenantId);
  const save = useSetStatutory(tenantId);
  const [editing, setEditing] = useState<string[] | null>(null);
  // The bodies to choose from: the statutory and CGWA tenants.
  const statutory = useTenants({ type: 'statutory', size: 200, sort: 'name' });
  const cgwa = useTenants({ type: 'cgwa', size: 200, sort: 'name' });
  const options = [...(statutory.data?.items ?? []), ...(cgwa.data?.items ?? [])].map((t) => ({ value: String(t.id), label: t.name }));
  const bodies = association.data?.statutory ?? [];

  const submit = () =>
    save.mutate(
      { statutoryIds: (editing ?? []).map(Number) },
      {
        onSuccess: () => {
          notifyInfo('Statutory association saved.');
          setEditing(null);
        },
      },
    );

  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          Reports to
        </Title>
        {editable && editing === null && (
          <Button size="xs" variant="light" onClick={() => setEditing(bodies.map((b) => String(b.id)))}>
            Edit
          </Button>
        )}
      </Group>
      {save.error && <Alert color="red" mb="xs">{save.error.message}</Alert>}
      {editing !== null ? (
        <>
          <MultiSelect label="Statutory bodies" searchable data={options} value={editing} onChange={setEditing} />
          <Group justify="flex-end" mt="sm">
            <Button size="xs" variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button size="xs" loading={save.isPending} onClick={submit}>
              Save
            </Button>
          </Group>
        </>
      ) : bodies.length === 0 ? (
        <Text c="dimmed" size="sm">
          {association.isLoading ? 'Loading…' : 'No statutory body.'}
        </Text>
      ) : (
        <Group gap="xs">
          {bodies.map((b) => (
            <Badge key={b.id} variant="outline">
              {b.name} ({tenantTypeLabel(b.type)})
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}
