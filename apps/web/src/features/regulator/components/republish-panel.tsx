import { Alert, Badge, Button, Card, Group, MultiSelect, Progress, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { RegulatorTenantMappings, RepublishRequest } from '@enviro/contracts/regulator';
import { formatIndian } from '@enviro/domain/format-number';
import { dayjs } from '@/lib/dayjs';
import { notifyInfo } from '@/lib/notify';
import { useCreateRepublish, useRepublish } from '../api/republish';
import { formatAt } from './format';

const ZONE = 'Asia/Kolkata';
const STATUS_COLOURS: Record<RepublishRequest['status'], string> = { QUEUED: 'gray.7', IN_PROGRESS: 'blue.9', DONE: 'green.9', PARTIAL: 'orange.9' };
const STATUS_WORDS: Record<RepublishRequest['status'], string> = { QUEUED: 'Queued', IN_PROGRESS: 'Sending', DONE: 'Done', PARTIAL: 'Finished with failures' };

/** A datetime-local value read as IST, as ISO 8601; null when empty or not a time. */
export function istToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = dayjs.tz(value, 'YYYY-MM-DDTHH:mm', ZONE);
  return at.isValid() ? at.toISOString() : null;
}

const istInput = (at: dayjs.Dayjs) => at.tz(ZONE).format('YYYY-MM-DDTHH:mm');

/** SPEC 7 republish: send a station's range again with a reason, and follow each request's progress. */
export function RepublishPanel({ tenantId, stations }: { tenantId: number; stations: RegulatorTenantMappings['stations'] }) {
  const requests = useRepublish(tenantId);
  const create = useCreateRepublish(tenantId);
  const [stationId, setStationId] = useState<string | null>(null);
  const [params, setParams] = useState<string[]>([]);
  const [from, setFrom] = useState(() => istInput(dayjs().subtract(1, 'day').startOf('hour')));
  const [to, setTo] = useState(() => istInput(dayjs().startOf('hour')));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);

  const station = stations.find((s) => String(s.stationId) === stationId);
  const paramOptions = [...new Map((station?.devices ?? []).flatMap((d) => d.params).map((p) => [p.name, { value: p.name, label: p.label }])).values()];
  const fromIso = istToIso(from);
  const toIso = istToIso(to);
  const errors = {
    station: stationId === null ? 'Choose a station' : undefined,
    from: fromIso === null ? 'Give a start time' : undefined,
    to: toIso === null ? 'Give an end time' : fromIso !== null && toIso <= fromIso ? 'Must be after the start' : undefined,
    reason: reason.trim() === '' ? 'Say why the range is sent again' : undefined,
  };
  const valid = Object.values(errors).every((e) => e === undefined);
  const shown = (e: string | undefined) => (tried ? e : undefined);

  const submit = () => {
    setTried(true);
    if (!valid) return;
    create.mutate(
      { tenantId, stationId: Number(stationId), params, from: fromIso!, to: toIso!, reason: reason.trim() },
      {
        onSuccess: (r) => {
          notifyInfo(`Republish queued: ${formatIndian(r.total, 0)} records.`);
          setReason('');
          setTried(false);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="sm">
        <Title order={3} fz="md" mb="xs">
          Send a range again
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Station"
            required
            searchable
            data={stations.map((s) => ({ value: String(s.stationId), label: s.name }))}
            value={stationId}
            error={shown(errors.station)}
            onChange={(v) => {
              setStationId(v);
              setParams([]);
            }}
          />
          <MultiSelect label="Parameters" placeholder={params.length === 0 ? 'All mapped parameters' : undefined} data={paramOptions} value={params} onChange={setParams} clearable />
          <TextInput type="datetime-local" label="From (IST)" required value={from} error={shown(errors.from)} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="datetime-local" label="To (IST)" required value={to} error={shown(errors.to)} onChange={(e) => setTo(e.currentTarget.value)} />
        </SimpleGrid>
        <Textarea mt="sm" label="Reason" required placeholder="e.g. corrected readings after the analyser fault of 24 Nov" value={reason} error={shown(errors.reason)} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} />
        {create.error && (
          <Alert color="red" mt="sm">
            {create.error.message}
          </Alert>
        )}
        <Group justify="space-between" mt="sm">
          <Text size="xs" c="dimmed">
            Up to 31 days, not in the future; slots older than the back-fill limit are marked expired, not sent.
          </Text>
          <Button onClick={submit} loading={create.isPending}>
            Republish
          </Button>
        </Group>
      </Card>

      <Title order={3} fz="md">
        Requests
      </Title>
      {requests.isError && <Alert color="red">The requests could not be loaded: {requests.error.message}</Alert>}
      {requests.data?.length === 0 && <Text c="dimmed">No republish request yet.</Text>}
      {requests.data?.map((r) => <RequestCard key={r.id} request={r} />)}
    </Stack>
  );
}

function RequestCard({ request: r }: { request: RepublishRequest }) {
  const done = r.sent + r.failed;
  const pct = (n: number) => (r.total === 0 ? 0 : (n / r.total) * 100);
  return (
    <Card withBorder padding="sm" data-republish={r.id}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {r.stationName} · {formatAt(r.from)} to {formatAt(r.to)}
        </Text>
        <Badge color={STATUS_COLOURS[r.status]}>{STATUS_WORDS[r.status]}</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {r.params.length === 0 ? 'All parameters' : r.params.join(', ')} · asked by {r.createdBy} on {formatAt(r.createdAt)}
      </Text>
      <Text size="sm" mt={4}>
        Reason: {r.reason}
      </Text>
      <Progress.Root size="lg" mt="xs" aria-label={`Progress of request ${r.id}`}>
        <Progress.Section value={pct(r.sent)} color="green.8" />
        <Progress.Section value={pct(r.failed)} color="red.8" />
      </Progress.Root>
      <Text size="xs" mt={4}>
        {formatIndian(done, 0)} of {formatIndian(r.total, 0)} records done: {formatIndian(r.sent, 0)} accepted, {formatIndian(r.failed, 0)} expired or refused
      </Text>
    </Card>
  );
}
