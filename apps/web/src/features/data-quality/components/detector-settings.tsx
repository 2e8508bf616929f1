import { Alert, Badge, Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DetectorSettings, type QualityParamSettings } from '@enviro/contracts/data-quality';
import { DETECTOR_LABELS } from '@enviro/domain/data-quality/detectors';
import { TUNABLE_DETECTORS, type TunableDetector } from '@enviro/domain/data-quality/quality-config';
import { formatIndian } from '@enviro/domain/format-number';
import { FormActions } from '@/components/form/form-actions';
import { useContractForm } from '@/components/form/use-contract-form';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { formatInstant } from '@/lib/dates';
import { notifyInfo } from '@/lib/notify';
import { useQualitySettings, useSaveQualitySettings } from '../api/quality-settings';

type Setting = QualityParamSettings['defaults'];
const NUMBERS = ['fullScale', 'flatLineSlots', 'flatLineTolerance', 'spikeFactor', 'maxStep'] as const;
const LABELS: Record<(typeof NUMBERS)[number] | 'off', string> = {
  fullScale: "Analyser's full scale",
  flatLineSlots: 'Flat line after (15-minute slots)',
  flatLineTolerance: 'Flat line within',
  spikeFactor: 'Spike beyond (robust deviations)',
  maxStep: 'Largest change between slots',
  off: 'Switched off',
};

const shown = (v: number | null, unit: string | null) => (v === null ? 'not checked' : `${formatIndian(v, 4)}${unit ? ` ${unit}` : ''}`);

/** What a parameter runs with: its own value where set, else its default, marked as such. */
function effective(p: QualityParamSettings, key: (typeof NUMBERS)[number]): { value: number | null; own: boolean } {
  const own = p.settings?.[key] ?? null;
  return own === null ? { value: p.defaults[key], own: false } : { value: own, own: true };
}

/**
 * The detector settings of a station's parameters (docs/DATA-QUALITY.md, "Settings"): what each
 * runs with, its own values marked; a board's and the platform's administrators change them, and
 * the device's last 8 days are judged again.
 */
export function DetectorSettingsPanel({ stationId }: { stationId: number }) {
  const view = useQualitySettings(stationId);
  const [editing, setEditing] = useState<QualityParamSettings | null>(null);
  if (view.isError) return <LoadFailed what="The detector settings" onRetry={() => void view.refetch()} />;
  if (!view.data) return <Loading />;
  const { params, editable } = view.data;
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        Detector settings
      </Title>
      <Text fz="sm" c="dimmed">
        {editable
          ? 'What each parameter is judged with. Changing a setting judges the analyser’s last 8 days again.'
          : 'What each parameter is judged with. The board’s administrators set them, so that no one checks their own data.'}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder striped aria-label="Detector settings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Parameter</Table.Th>
              <Table.Th ta="right">{LABELS.fullScale}</Table.Th>
              <Table.Th ta="right">Flat line</Table.Th>
              <Table.Th ta="right">Spike</Table.Th>
              <Table.Th ta="right">{LABELS.maxStep}</Table.Th>
              <Table.Th>{LABELS.off}</Table.Th>
              {editable && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {params.map((p) => {
              const ownBadge = (own: boolean) =>
                own && (
                  <Badge size="xs" variant="light" ml={4} tt="none">
                    own setting
                  </Badge>
                );
              const cell = (key: (typeof NUMBERS)[number], say: (v: number) => string) => {
                const e = effective(p, key);
                return (
                  <Table.Td ta="right">
                    {e.value === null ? 'not checked' : say(e.value)}
                    {ownBadge(e.own)}
                  </Table.Td>
                );
              };
              const run = effective(p, 'flatLineSlots');
              const within = effective(p, 'flatLineTolerance');
              return (
                <Table.Tr key={`${p.deviceId}:${p.slot}`}>
                  <Table.Td>
                    {p.label}
                    <Text fz="xs" c="dimmed">
                      {p.deviceName}
                      {p.updatedAt !== null && `, changed ${formatInstant(p.updatedAt)}`}
                    </Text>
                  </Table.Td>
                  {cell('fullScale', (v) => shown(v, p.unit))}
                  <Table.Td ta="right">
                    {run.value === null ? 'not checked' : `${run.value} slots within ${shown(within.value, p.unit)}`}
                    {ownBadge(run.own || within.own)}
                  </Table.Td>
                  {cell('spikeFactor', (v) => `${formatIndian(v, 2)} deviations`)}
                  {cell('maxStep', (v) => shown(v, p.unit))}
                  <Table.Td>{(p.settings?.off ?? []).map((d) => DETECTOR_LABELS[d]).join(', ') || 'None'}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <Button size="compact-sm" variant="light" onClick={() => setEditing(p)} aria-label={`Change the settings of ${p.label} (${p.deviceName})`}>
                        Change
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <SettingsModal stationId={stationId} param={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

interface Values extends Record<string, unknown> {
  fullScale: number | string;
  flatLineSlots: number | string;
  flatLineTolerance: number | string;
  spikeFactor: number | string;
  maxStep: number | string;
  off: string[];
}

const numberOrNull = (v: number | string): number | null => (v === '' ? null : Number(v));

function SettingsModal({ stationId, param, onClose }: { stationId: number; param: QualityParamSettings; onClose: () => void }) {
  const save = useSaveQualitySettings(stationId);
  const own: Setting | null = param.settings;
  const { form, general } = useContractForm({
    initialValues: {
      fullScale: own?.fullScale ?? '',
      flatLineSlots: own?.flatLineSlots ?? '',
      flatLineTolerance: own?.flatLineTolerance ?? '',
      spikeFactor: own?.spikeFactor ?? '',
      maxStep: own?.maxStep ?? '',
      off: own?.off ?? [],
    } as Values,
    schema: DetectorSettings,
    labels: LABELS,
    toInput: (v): Setting => ({
      fullScale: numberOrNull(v.fullScale),
      flatLineSlots: numberOrNull(v.flatLineSlots),
      flatLineTolerance: numberOrNull(v.flatLineTolerance),
      spikeFactor: numberOrNull(v.spikeFactor),
      maxStep: numberOrNull(v.maxStep),
      off: v.off as TunableDetector[],
    }),
    error: save.error,
  });
  const send = (settings: Setting | null) =>
    save.mutate(
      { deviceId: param.deviceId, slot: param.slot, settings },
      {
        onSuccess: () => {
          notifyInfo(`${param.label} of ${param.deviceName}: settings saved. Its last 8 days are being judged again.`);
          onClose();
        },
      },
    );
  const unit = param.unit ? ` (${param.unit})` : '';
  const placeholder = (key: (typeof NUMBERS)[number]) => (param.defaults[key] === null ? 'Not checked by default' : `Default ${formatIndian(param.defaults[key], 4)}`);
  return (
    <Modal opened onClose={onClose} title={`Detectors of ${param.label}, ${param.deviceName}`}>
      <form onSubmit={form.onSubmit((s) => send(s))} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <Text size="sm" c="dimmed" mb="sm">
          Leave a field empty to keep its default.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput clampBehavior="none" label={`${LABELS.fullScale}${unit}`} placeholder={placeholder('fullScale')} min={0} {...form.getInputProps('fullScale')} data-autofocus />
          <NumberInput clampBehavior="none" label={`${LABELS.maxStep}${unit}`} placeholder={placeholder('maxStep')} min={0} {...form.getInputProps('maxStep')} />
          <NumberInput clampBehavior="none" label={LABELS.flatLineSlots} placeholder={placeholder('flatLineSlots')} min={2} max={96} allowDecimal={false} {...form.getInputProps('flatLineSlots')} />
          <NumberInput clampBehavior="none" label={`${LABELS.flatLineTolerance}${unit}`} placeholder={placeholder('flatLineTolerance')} min={0} {...form.getInputProps('flatLineTolerance')} />
          <NumberInput clampBehavior="none" label={LABELS.spikeFactor} placeholder={placeholder('spikeFactor')} min={2} max={100} {...form.getInputProps('spikeFactor')} />
        </SimpleGrid>
        <Checkbox.Group mt="sm" label={LABELS.off} {...form.getInputProps('off')}>
          <Group mt={4}>
            {TUNABLE_DETECTORS.map((d) => (
              <Checkbox key={d} value={d} label={DETECTOR_LABELS[d]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="space-between" mt="lg">
          {own !== null ? (
            <Button variant="subtle" color="red" onClick={() => send(null)} loading={save.isPending}>
              Use the defaults
            </Button>
          ) : (
            <span />
          )}
        </Group>
        <FormActions label="Save" onCancel={onClose} submitting={save.isPending} />
      </form>
    </Modal>
  );
}
