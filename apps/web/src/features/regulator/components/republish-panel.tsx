import { Alert, Badge, Button, Card, Group, MultiSelect, Progress, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { CreateRepublishInput, type RegulatorTenantMappings, type RepublishRequest } from '@enviro/contracts/regulator';
import { formatIndian } from '@enviro/domain/format-number';
import { DateRangePicker } from '@/components/date-picker/date-range-picker';
import { kolkataParts } from '@/components/date-picker/date-range';
import { useContractForm } from '@/components/form/use-contract-form';
import { dayjs } from '@/lib/dayjs';
import { notifyInfo } from '@/lib/notify';
import { useCreateRepublish, useRepublish } from '../api/republish';
import { formatAt } from './format';

const ZONE = 'Asia/Kolkata';
const STATUS_COLOURS: Record<RepublishRequest['status'], string> = { QUEUED: 'gray.7', IN_PROGRESS: 'blue.9', DONE: 'green.9', PARTIAL: 'orange.9', SUPERSEDED: 'gray.7' };
const STATUS_WORDS: Record<RepublishRequest['status'], string> = {
  QUEUED: 'Queued', IN_PROGRESS: 'Sending', DONE: 'Done', PARTIAL: 'Finished with failures', SUPERSEDED: 'Replaced by a later request',
};

/** A datetime-local value read as IST, as ISO 8601; null when empty or not a time. */
export function istToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = dayjs.tz(value, 'YYYY-MM-DDTHH:mm', ZONE);
  return at.isValid() ? at.toISOString() : null;
}

/** An instant as the form keeps it: its IST day and time, 'YYYY-MM-DDTHH:mm'. */
const istInput = (at: number) => {
  const { day, time } = kolkataParts(at);
  return `${day}T${time}`;
}

const LABELS = { stationId: 'Station', params: 'Parameters', from: 'From (IST)', to: 'To (IST)', reason: 'Reason' };

interface Values extends Record<string, unknown> {
  stationId: string | null;
  params: string[];
  from: string;
  to: string;
  reason: string;
}

/** SPEC 7 republish: send a station's range again with a reason, and follow each request's progress. */
export function RepublishPanel({ tenantId, stations }: { tenantId: number; stations: RegulatorTenantMappings['stations'] }) {
  const requests = useRepublish(tenantId);
  const create = useCreateRepublish(tenantId);
  const toInput = (v: Values): CreateRepublishInput => ({
    tenantId,
    stationId: v.stationId === null ? Number.NaN : Number(v.stationId),
    params: v.params,
    from: istToIso(v.from) ?? '',
    to: istToIso(v.to) ?? '',
    reason: v.reason.trim(),
  });
  const { form, general } = useContractForm({
    initialValues: {
      stationId: null,
      params: [],
      from: istInput(dayjs().subtract(1, 'day').startOf('hour').valueOf()),
      to: istInput(dayjs().startOf('hour').valueOf()),
      reason: '',
    } as Values,
    schema: CreateRepublishInput,
    labels: LABELS,
    toInput,
    error: create.error,
    // In the user's words, and what the contract cannot see: an end after the start.
    check: (v) => {
      const from = istToIso(v.from);
      const to = istToIso(v.to);
      return {
        ...(v.stationId === null ? { stationId: 'Choose a station' } : {}),
        ...(from === null ? { from: 'Give a start time' } : {}),
        ...(to === null ? { to: 'Give an end time' } : from !== null && to <= from ? { to: 'Must be after the start' } : {}),
        ...(v.reason.trim() === '' ? { reason: 'Say why the range is sent again' } : {}),
      };
    },
  });
  const station = stations.find((s) => String(s.stationId) === form.values.stationId);
  const paramOptions = [...new Map((station?.devices ?? []).flatMap((d) => d.params).map((p) => [p.name, { value: p.name, label: p.label }])).values()];

  const submit = form.onSubmit((input) =>
    create.mutate(input, {
      onSuccess: (r) => {
        notifyInfo(`Republish queued: ${formatIndian(r.total, 0)} records.`);
        form.setFieldValue('reason', '');
      },
    }),
  );

  return (
    <Stack gap="md">
      <Card withBorder padding="sm" component="form" onSubmit={submit} noValidate>
        <Title order={3} fz="md" mb="xs">
          Send a range again
        </Title>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={LABELS.stationId}
            required
            searchable
            data={stations.map((s) => ({ value: String(s.stationId), label: s.name }))}
            {...form.getInputProps('stationId')}
            onChange={(v) => {
              form.setFieldValue('stationId', v);
              form.setFieldValue('params', []);
            }}
          />
          <MultiSelect
            label={LABELS.params}
            placeholder={form.values.params.length === 0 ? 'All mapped parameters' : undefined}
            data={paramOptions}
            clearable
            {...form.getInputProps('params')}
          />
        </SimpleGrid>
        <Stack gap={2} mt="sm">
          <DateRangePicker
            label="Range (IST)"
            maxSpanDays={31}
            value={{ start: Date.parse(istToIso(form.values.from) ?? ''), end: Date.parse(istToIso(form.values.to) ?? '') }}
            onChange={(r) => form.setValues({ from: istInput(r.start), to: istInput(r.end) })}
          />
          {[form.errors.from, form.errors.to].filter(Boolean).map((e) => (
            <Text key={String(e)} size="sm" c="red" role="alert">
              {e}
            </Text>
          ))}
        </Stack>
        <Textarea
          mt="sm"
          label={LABELS.reason}
          required
          placeholder="e.g. corrected readings after the analyser fault of 24 Nov"
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
        />
        <Group justify="space-between" mt="sm">
          <Text size="xs" c="dimmed">
            Up to 31 days, not in the future; slots older than the back-fill limit are marked expired, not sent.
          </Text>
          <Button type="submit" loading={create.isPending}>
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
  const done = r.sent + r.failed + r.superseded;
  const pct = (n: number) => (r.total === 0 ? 0 : (n / r.total) * 100);
  return (
    <Card withBorder padding="sm" data-republish={r.id}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {r.stationName} · {formatAt(r.from)} to {formatAt(r.to)}
        </Text>
        <Badge miw="max-content" color={STATUS_COLOURS[r.status]}>{STATUS_WORDS[r.status]}</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {r.params.length === 0 ? 'All parameters' : r.params.join(', ')} · asked by {r.createdByName ?? 'a user of another organisation'} on {formatAt(r.createdAt)}
      </Text>
      <Text size="sm" mt={4}>
        Reason: {r.reason}
      </Text>
      <Progress.Root size="lg" mt="xs" aria-label={`Progress of request ${r.id}`}>
        <Progress.Section value={pct(r.sent)} color="green.8" />
        <Progress.Section value={pct(r.failed)} color="red.8" />
        <Progress.Section value={pct(r.superseded)} color="gray.5" />
      </Progress.Root>
      <Text size="xs" mt={4}>
        {formatIndian(done, 0)} of {formatIndian(r.total, 0)} records done: {formatIndian(r.sent, 0)} accepted, {formatIndian(r.failed, 0)} expired or refused
        {r.superseded > 0 && `, ${formatIndian(r.superseded, 0)} taken over by a later request`}
      </Text>
    </Card>
  );
}
