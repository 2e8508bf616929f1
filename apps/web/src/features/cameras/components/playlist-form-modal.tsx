import { Alert, Button, Group, Modal, MultiSelect, NumberInput, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { WALL_LAYOUTS, type Playlist } from '@enviro/contracts/cameras';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useCameras, useDeletePlaylist, useSavePlaylist } from '../api/cameras';

/** Makes or changes a playlist: its cameras in order, tiles per page, seconds per page. */
export function PlaylistFormModal({ playlist, onClose }: { playlist: Playlist | null; onClose: () => void }) {
  const cameras = useCameras({});
  const save = useSavePlaylist(playlist?.id ?? null);
  const remove = useDeletePlaylist();
  const [name, setName] = useState(playlist?.name ?? '');
  const [layout, setLayout] = useState(String(playlist?.layout ?? 4));
  const [interval, setIntervalSeconds] = useState<number | string>(playlist?.intervalSeconds ?? 30);
  const [chosen, setChosen] = useState<string[]>(playlist?.cameras.map((c) => String(c.id)) ?? []);
  const own = (cameras.data?.items ?? []).filter((c) => c.mayEdit && (playlist === null || c.tenantId === playlist.tenantId));
  const tenantId = playlist?.tenantId ?? own.find((c) => chosen.includes(String(c.id)))?.tenantId;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { ...(tenantId ? { tenantId } : {}), name: name.trim(), layout: Number(layout) as 1 | 4 | 9 | 16, intervalSeconds: Number(interval), cameraIds: chosen.map(Number) },
      { onSuccess: (p) => (notifyInfo(`Playlist ${p.name} is saved.`), onClose()) },
    );
  };
  return (
    <Modal opened onClose={onClose} title={playlist ? `Change ${playlist.name}` : 'New playlist'}>
      <form onSubmit={submit} noValidate>
        {save.error && (
          <Alert color="red" mb="sm">
            {save.error.message}
          </Alert>
        )}
        <TextInput label="Name" required maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
        <MultiSelect mt="sm" label="Cameras, in order" required searchable data={own.map((c) => ({ value: String(c.id), label: `${c.name}${c.station ? ` (${c.station})` : ''}` }))} value={chosen} onChange={setChosen} />
        <Text size="sm" mt="sm" fw={500}>
          Tiles on the wall
        </Text>
        <SegmentedControl data={WALL_LAYOUTS.map((n) => ({ value: String(n), label: String(n) }))} value={layout} onChange={setLayout} />
        <NumberInput mt="sm" label="Seconds per page" min={5} max={3600} value={interval} onChange={setIntervalSeconds} />
        <FormActions label="Save" onCancel={onClose} submitting={save.isPending} />
        {playlist && (
          <Group justify="flex-start" mt="xs">
            <Button variant="subtle" color="red" size="xs" loading={remove.isPending} onClick={() => remove.mutate(playlist.id, { onSuccess: onClose })}>
              Delete this playlist
            </Button>
          </Group>
        )}
      </form>
    </Modal>
  );
}
