import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { MeasureTemplate, Measurement } from '@enviro/contracts/measurements';
import { DEFAULT_TIME_ZONE, parseDateTime } from '@enviro/domain/time-zone';
import { IstDateTimeField } from '@/components/date-picker/ist-date-time-field';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { formatInstant } from '@/lib/dates';
import type { Station } from '@/lib/stations';
import { useAddTemplate, useDeleteMeasurement, useMeasureTemplates, useMeasurements, useRecordMeasurement } from '../api/measurements';
import { Deviation } from './deviation';

interface MeasurementsTabProps {
  tenantId: number;
  stations: readonly Station[];
  canEdit: boolean;
  /** The station shown, from the URL. */
  stationId: number | null;
  onStation: (id: number | null) => void;
}

/** A station's manual results (lab, stack monitoring) beside its analysers' averages over the same time; templates and new results. */
export function MeasurementsTab({ tenantId, stations, canEdit, stationId, onStation }: MeasurementsTabProps) {
  const templates = useMeasureTemplates(tenantId);
  const measurements = useMeasurements(stationId);
  const remove = useDeleteMeasurement();
  if (templates.isError) return <LoadFailed what="The measure templates" onRetry={() => void templates.refetch()} />;
  if (!templates.data) return <Loading />;
  return (
    <Stack>
      <Select
        label="Station"
        placeholder="Choose a station"
        data={stations.map((s) => ({ value: String(s.id), label: s.name }))}
        value={stationId === null ? null : String(stationId)}
        onChange={(v) => onStation(v === null ? null : Number(v))}
        searchable
        maw={360}
      />
      {stationId === null ? (
        <Text c="dimmed">Choose a station to see the results measured there by hand beside its analysers&apos; readings.</Text>
      ) : measurements.isError ? (
        <LoadFailed what="The measurements" onRetry={() => void measurements.refetch()} />
      ) : !measurements.data ? (
        <Loading h={120} />
      ) : measurements.data.items.length === 0 ? (
        <Text c="dimmed">No manual results at this station in the past year.</Text>
      ) : (
        <ResultsTable items={measurements.data.items} canEdit={canEdit} onDelete={(id) => remove.mutate(id)} />
      )}
      {canEdit && stationId !== null && templates.data.items.length > 0 && <RecordForm templates={templates.data.items} stationId={stationId} />}
      {canEdit && <TemplateForm tenantId={tenantId} />}
    </Stack>
  );
}

function ResultsTable({ items, canEdit, onDelete }: { items: readonly Measurement[]; canEdit: boolean; onDelete: (id: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label="Manual measurements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sampled</Table.Th>
            <Table.Th>Lab</Table.Th>
            <Table.Th>Parameter</Table.Th>
            <Table.Th>Lab result</Table.Th>
            <Table.Th>Analyser average</Table.Th>
            <Table.Th>Deviation</Table.Th>
            {canEdit && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...items].reverse().flatMap((m) =>
            m.values.map((v, i) => (
              <Table.Tr key={`${m.id}-${v.paramName}`}>
                <Table.Td>{i === 0 ? `${formatInstant(m.sampledAt)} (${m.durationMinutes} min)` : ''}</Table.Td>
                <Table.Td>{i === 0 ? `${m.lab}, ${m.templateName}` : ''}</Table.Td>
                <Table.Td title={v.method}>{v.paramName}</Table.Td>
                <Table.Td>
                  {v.value} {v.unit}
                </Table.Td>
                <Table.Td>{v.continuousAverage === null ? '—' : `${v.continuousAverage} ${v.continuousUnit ?? ''}`}</Table.Td>
                <Table.Td>
                  <Deviation percent={v.deviationPercent} />
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    {i === 0 && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(m.id)}>
                        Delete
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A sampling's results on a template's fields: when (IST), how long, which lab. */
function RecordForm({ templates, stationId }: { templates: readonly MeasureTemplate[]; stationId: number }) {
  const record = useRecordMeasurement();
  const [templateId, setTemplateId] = useState(String(templates[0]!.id));
  const [sampledAt, setSampledAt] = useState('');
  const [lab, setLab] = useState('');
  const [values, setValues] = useState<Record<string, number | string>>({});
  const template = templates.find((t) => String(t.id) === templateId) ?? templates[0]!;
  const at = sampledAt ? parseDateTime(`${sampledAt.replace('T', ' ')}:00`, DEFAULT_TIME_ZONE) : undefined;
  const entered = template.fields.filter((f) => typeof values[f.paramName] === 'number');
  const field = (record.error as { field?: string } | null)?.field ?? '';
  const submit = () =>
    at !== undefined &&
    record.mutate(
      { templateId: template.id, entityId: stationId, sampledAt: new Date(at).toISOString(), lab, values: entered.map((f) => ({ paramName: f.paramName, value: values[f.paramName] as number })) },
      { onSuccess: () => setValues({}) },
    );
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        Enter lab results
      </Title>
      <Stack gap="xs">
        <Group grow align="flex-start" wrap="wrap">
          <Select label="Template" data={templates.map((t) => ({ value: String(t.id), label: t.name }))} value={templateId} onChange={(v) => v && setTemplateId(v)} allowDeselect={false} miw={200} />
          <IstDateTimeField label="Sampled at (IST)" value={sampledAt} onChange={setSampledAt} error={field === 'body.sampledAt' ? record.error?.message.replace(/^body\.\w+: /, '') : undefined} />
          <TextInput label="Lab" placeholder="EnviroLabs Jaipur (NABL)" value={lab} onChange={(e) => setLab(e.currentTarget.value)} miw={200} />
        </Group>
        <Group wrap="wrap">
          {template.fields.map((f) => (
            <NumberInput key={f.paramName} label={`${f.paramName} (${f.unit})`} description={f.method} value={values[f.paramName] ?? ''} onChange={(v) => setValues({ ...values, [f.paramName]: v })} w={200} />
          ))}
        </Group>
        {record.error && field !== 'body.sampledAt' && <Alert color="red">{record.error.message}</Alert>}
        <Group>
          <Button onClick={submit} loading={record.isPending} disabled={at === undefined || !lab || entered.length === 0}>
            Save results
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A new template: its name and the parameters it measures, each with unit and method. */
function TemplateForm({ tenantId }: { tenantId: number }) {
  const add = useAddTemplate();
  const [name, setName] = useState('');
  const [fields, setFields] = useState([{ paramName: '', unit: '', method: '' }]);
  const set = (i: number, key: 'paramName' | 'unit' | 'method', value: string) => setFields(fields.map((f, j) => (j === i ? { ...f, [key]: value } : f)));
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        New measure template
      </Title>
      <Stack gap="xs">
        <TextInput label="Name" placeholder="Quarterly stack monitoring" value={name} onChange={(e) => setName(e.currentTarget.value)} maw={360} />
        {fields.map((f, i) => (
          <Group key={i} wrap="wrap" align="flex-end">
            <TextInput label="Parameter" placeholder="pm" value={f.paramName} onChange={(e) => set(i, 'paramName', e.currentTarget.value)} w={140} />
            <TextInput label="Unit" placeholder="mg/Nm3" value={f.unit} onChange={(e) => set(i, 'unit', e.currentTarget.value)} w={120} />
            <TextInput label="Method" placeholder="USEPA Method 17" value={f.method} onChange={(e) => set(i, 'method', e.currentTarget.value)} w={220} />
          </Group>
        ))}
        {add.error && <Alert color="red">{add.error.message}</Alert>}
        <Group>
          <Button variant="light" onClick={() => setFields([...fields, { paramName: '', unit: '', method: '' }])}>
            Add a parameter
          </Button>
          <Button
            disabled={!name || fields.some((f) => !f.paramName || !f.unit || !f.method)}
            loading={add.isPending}
            onClick={() => add.mutate({ tenantId, name, fields }, { onSuccess: () => { setName(''); setFields([{ paramName: '', unit: '', method: '' }]); } })}
          >
            Save template
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
