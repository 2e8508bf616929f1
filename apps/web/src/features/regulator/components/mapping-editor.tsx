import { Alert, Button, Card, Checkbox, Divider, Group, List, ScrollArea, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { RegulatorMapping, RegulatorProtocol, RegulatorTenantMappings } from '@enviro/contracts/regulator';
import { ApiError } from '@/lib/api-client';
import { stationTypeLabel } from '@/lib/labels';
import { notifyInfo } from '@/lib/notify';
import { useSaveMapping } from '../api/save-mapping';
import { CredentialFields } from './credential-fields';
import { credentialsInput } from './credentials';
import { draftFrom, draftWarnings, fillFromNames, isUnmapped, mappingInput, type DeviceDraft, type MappingDraft, type StationDraft } from './mapping-draft';

interface MappingEditorProps {
  tenantId: number;
  connectionId: number;
  protocol: RegulatorProtocol;
  stations: RegulatorTenantMappings['stations'];
  /** The stored mapping; null maps the industry to this connection for the first time. */
  mapping: RegulatorMapping | null;
  onDone: () => void;
}

/**
 * The industry's mapping on one connection: its regulator ids, each station's, device's and
 * parameter's code and unit. Gaps are named as the user types and saved anyway: the server lists
 * them as issues, so unmapped data is reported, never silently dropped.
 */
export function MappingEditor({ tenantId, connectionId, protocol, stations, mapping, onDone }: MappingEditorProps) {
  const [draft, setDraft] = useState<MappingDraft>(() => draftFrom(stations, mapping));
  const save = useSaveMapping(tenantId);
  const warnings = draftWarnings(draft);
  const setStation = (i: number, s: Partial<StationDraft>) => setDraft((d) => ({ ...d, stations: d.stations.map((x, j) => (j === i ? { ...x, ...s } : x)) }));
  const setDevice = (i: number, k: number, dev: Partial<DeviceDraft>) =>
    setStation(i, { devices: draft.stations[i]!.devices.map((x, j) => (j === k ? { ...x, ...dev } : x)) });
  const industryIdError = save.error instanceof ApiError && save.error.field?.includes('industryId') ? save.error.message : undefined;

  const submit = () =>
    save.mutate(
      { connectionId, input: mappingInput(draft, credentialsInput(draft.credentials, protocol)) },
      {
        onSuccess: (saved) => {
          notifyInfo(saved.issues.length === 0 ? 'Mapping saved.' : `Mapping saved with ${saved.issues.length} issue${saved.issues.length === 1 ? '' : 's'} to fix.`);
          onDone();
        },
      },
    );

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Regulator's industry id"
          required
          value={draft.industryId}
          error={industryIdError ?? (draft.industryId.trim() === '' ? 'Required' : undefined)}
          onChange={(e) => setDraft({ ...draft, industryId: e.currentTarget.value })}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Switch label="Push this industry" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.currentTarget.checked })} mb={8} />
      </Group>
      <Divider mt="xs" />
      <Text size="sm" fw={600}>
        The industry's own credentials
      </Text>
      <Text size="xs" c="dimmed" mt={-8}>
        They override the connection's. Stored encrypted; never shown again.
      </Text>
      <CredentialFields protocol={protocol} set={mapping?.credentialsSet ?? []} draft={draft.credentials} onChange={(c) => setDraft({ ...draft, credentials: c })} />
      <Group justify="space-between" mt="sm">
        <Text fw={600}>Stations</Text>
        <Button size="xs" variant="light" onClick={() => setDraft(fillFromNames(draft, protocol))}>
          Fill empty codes from parameter names
        </Button>
      </Group>
      {draft.stations.length === 0 && <Text c="dimmed">The industry has no station with devices to map.</Text>}
      {draft.stations.map((s, i) => (
        <Card withBorder key={s.stationId} padding="sm" data-station={s.name}>
          <Group gap="sm" align="flex-end">
            <Checkbox
              label={`Push ${s.name} (${stationTypeLabel(s.type)})`}
              checked={s.included}
              onChange={(e) => setStation(i, { included: e.currentTarget.checked })}
              style={{ flex: '1 1 200px' }}
              mb={8}
            />
            {s.included && (
              <TextInput
                label="Regulator's station id"
                value={s.regulatorStationId}
                error={s.regulatorStationId.trim() === '' ? 'Required' : undefined}
                onChange={(e) => setStation(i, { regulatorStationId: e.currentTarget.value })}
                style={{ flex: '1 1 200px' }}
              />
            )}
          </Group>
          {s.included &&
            s.devices.map((d, k) => (
              <Stack key={d.deviceId} gap={4} mt="sm" pl={{ base: 0, sm: 'md' }}>
                <Group gap="sm" align="flex-end">
                  <Checkbox label={`Device ${d.name}`} checked={d.included} onChange={(e) => setDevice(i, k, { included: e.currentTarget.checked })} style={{ flex: '1 1 200px' }} mb={8} />
                  {d.included && (
                    <TextInput
                      label="Regulator's device id"
                      value={d.regulatorDeviceId}
                      error={d.regulatorDeviceId.trim() === '' ? 'Required' : undefined}
                      onChange={(e) => setDevice(i, k, { regulatorDeviceId: e.currentTarget.value })}
                      style={{ flex: '1 1 200px' }}
                    />
                  )}
                </Group>
                {d.included && <ParamTable device={d} onChange={(params) => setDevice(i, k, { params })} />}
              </Stack>
            ))}
        </Card>
      ))}
      {warnings.length > 0 && (
        <Alert color="orange" title={`${warnings.length} gap${warnings.length === 1 ? '' : 's'}: saved anyway, and listed as issues until fixed`}>
          <List size="sm">
            {warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {save.error && <Alert color="red">{save.error.message}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={draft.industryId.trim() === ''}>
          Save mapping
        </Button>
      </Group>
    </Stack>
  );
}

function ParamTable({ device, onChange }: { device: DeviceDraft; onChange: (params: DeviceDraft['params']) => void }) {
  const set = (slot: number, change: Partial<DeviceDraft['params'][number]>) => onChange(device.params.map((p) => (p.slot === slot ? { ...p, ...change } : p)));
  return (
    <ScrollArea type="auto">
      <Table miw={340} aria-label={`Parameters of ${device.name}`} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Parameter</Table.Th>
            <Table.Th>Regulator code</Table.Th>
            <Table.Th>Unit</Table.Th>
            <Table.Th>Skip</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {device.params.map((p) => (
            <Table.Tr key={p.slot}>
              <Table.Td>
                <Text size="sm">{p.label}</Text>
                <Text size="xs" c="dimmed">
                  {p.deviceUnit ? `in ${p.deviceUnit}` : 'a number without a unit'}
                </Text>
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`Code of ${p.label}`}
                  value={p.code}
                  disabled={p.skip}
                  error={isUnmapped(p) ? 'Not mapped' : undefined}
                  onChange={(e) => set(p.slot, { code: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <TextInput size="xs" w={90} aria-label={`Unit of ${p.label}`} value={p.unit} placeholder={p.deviceUnit} disabled={p.skip} onChange={(e) => set(p.slot, { unit: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <Checkbox aria-label={`Skip ${p.label}`} checked={p.skip} onChange={(e) => set(p.slot, { skip: e.currentTarget.checked })} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
