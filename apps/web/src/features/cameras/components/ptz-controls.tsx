import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { STANDARD_PRESETS, type Camera, type CameraMove } from '@enviro/contracts/cameras';
import { notifyInfo } from '@/lib/notify';
import { useMoveCamera } from '../api/cameras';

const STEPS: { label: string; symbol: string; move: CameraMove }[] = [
  { label: 'Tilt up', symbol: '↑', move: { action: 'move', tilt: 0.5 } },
  { label: 'Pan left', symbol: '←', move: { action: 'move', pan: -0.5 } },
  { label: 'Stop', symbol: '■', move: { action: 'stop' } },
  { label: 'Pan right', symbol: '→', move: { action: 'move', pan: 0.5 } },
  { label: 'Tilt down', symbol: '↓', move: { action: 'move', tilt: -0.5 } },
];

/** Pan, tilt, zoom and named presets through the camera's ONVIF service; each press is one short move, audited. */
export function PtzControls({ camera }: { camera: Camera }) {
  const move = useMoveCamera(camera.id);
  const [preset, setPreset] = useState<string | null>(null);
  const names = [...new Set([...STANDARD_PRESETS, ...camera.presets])];
  const send = (m: CameraMove) => move.mutate(m);
  const step = (label: string) => {
    const s = STEPS.find((x) => x.label === label)!;
    return (
      <ActionIcon key={label} size="lg" variant="default" aria-label={s.label} title={s.label} onClick={() => send(s.move)} loading={move.isPending && move.variables === s.move}>
        {s.symbol}
      </ActionIcon>
    );
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        Pan, tilt and zoom
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={3} spacing={4} w={132}>
          <span />
          {step('Tilt up')}
          <span />
          {step('Pan left')}
          {step('Stop')}
          {step('Pan right')}
          <span />
          {step('Tilt down')}
          <span />
        </SimpleGrid>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => send({ action: 'move', zoom: 0.5 })}>
            Zoom in
          </Button>
          <Button size="xs" variant="default" onClick={() => send({ action: 'move', zoom: -0.5 })}>
            Zoom out
          </Button>
        </Group>
        {camera.presets.length > 0 && (
          <Group gap="xs" aria-label="Presets">
            {camera.presets.map((p) => (
              <Button key={p} size="xs" variant="light" onClick={() => send({ action: 'goto', preset: p })}>
                Go to {p}
              </Button>
            ))}
          </Group>
        )}
        <Group gap="xs" align="flex-end">
          <Select label="Store this position as" placeholder="Preset" data={names} value={preset} onChange={setPreset} w={180} />
          <Button size="sm" variant="default" disabled={!preset} onClick={() => preset && move.mutate({ action: 'save', preset }, { onSuccess: () => notifyInfo(`Preset ${preset} stored.`) })}>
            Store preset
          </Button>
        </Group>
        {move.error && (
          <Text size="sm" c="red">
            {move.error.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
