import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useState } from 'react';
import type { ReportDefinition, ReportSchedule } from '@enviro/contracts/report-catalogue';
import { formatInstant } from '@/lib/dates';
import { useSearchChoices } from '@/lib/use-search-choices';
import { useScheduledReports, useScheduleRuns } from '../api/get-scheduled-reports';
import { useCreateScheduledReport, useDeleteScheduledReport } from '../api/save-scheduled-report';

const FREQUENCIES = [
  { value: 'daily', label: 'Daily (the day before)' },
  { value: 'weekly', label: 'Weekly (Monday to Sunday)' },
  { value: 'monthly', label: 'Monthly (the month before)' },
  { value: 'quarterly', label: 'Quarterly (the quarter before)' },
] as const;
const RUN_COLOURS = { sent: 'green.9', failed: 'red.9', running: 'blue.9' } as const;

/** A schedule's runs: period, status, attempts and the error of a failure. */
function RunHistory({ schedule }: { schedule: ReportSchedule }) {
  const runs = useScheduleRuns(schedule.id);
  return (
    <Paper withBorder p="md" aria-label="Run history">
      <Title order={2} fz="lg" mb="xs">
        Runs of {schedule.name}
      </Title>
      <Text c="dimmed" fz="sm" mb="xs">
        {schedule.tenantName}
      </Text>
      {runs.isError ? (
        <Alert color="red">The run history could not be loaded.</Alert>
      ) : !runs.data ? (
        <Text>Loading…</Text>
      ) : runs.data.items.length === 0 ? (
        <Text c="dimmed">Not run yet: it runs on the day after its first period ends, at {schedule.time} IST.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Period (IST)</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.periodStart === r.periodEnd ? r.periodStart : `${r.periodStart} to ${r.periodEnd}`}</Table.Td>
                  <Table.Td>
                    <Badge color={RUN_COLOURS[r.status]}>{r.status}</Badge>
                    {r.error && (
                      <Text size="xs" c="red.9">
                        {r.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{r.attempts}</Table.Td>
                  <Table.Td>{r.sentAt ? formatInstant(r.sentAt) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** A new schedule: report, format, frequency, time of day (IST) and recipients. */
function NewSchedule({ reports }: { reports: readonly ReportDefinition[] }) {
  const create = useCreateScheduledReport();
  const [name, setName] = useState('');
  const [reportId, setReportId] = useState(String(reports[0]?.id ?? ''));
  const [format, setFormat] = useState('PDF');
  const [frequency, setFrequency] = useState('monthly');
  const [time, setTime] = useState('08:00');
  const [recipients, setRecipients] = useState('');
  const field = create.error && 'field' in create.error ? String((create.error as { field?: string }).field ?? '') : '';
  const errorOf = (f: string) => (field.endsWith(f) ? create.error?.message : undefined);
  return (
    <Paper withBorder p="md" component="form" aria-label="New scheduled report" onSubmit={(e) => {
      e.preventDefault();
      create.mutate(
        { name, reportId: Number(reportId), format: format as 'PDF', frequency: frequency as 'monthly', time, recipients: recipients.split(/[\s,;]+/).filter(Boolean) },
        { onSuccess: () => { setName(''); setRecipients(''); } },
      );
    }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Schedule a report
        </Title>
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errorOf('name')} />
        <Select
          label="Report"
          allowDeselect={false}
          data={reports.map((r) => ({ value: String(r.id), label: r.name }))}
          value={reportId}
          onChange={(v) => {
            if (!v) return;
            setReportId(v);
            // A quarterly report covers a calendar quarter: only a quarterly schedule fits it.
            if (reports.find((r) => String(r.id) === v)?.period === 'quarter') setFrequency('quarterly');
          }}
        />
        <Group grow wrap="wrap" align="flex-start">
          <Select
            label="Every"
            miw={200}
            allowDeselect={false}
            data={reports.find((r) => String(r.id) === reportId)?.period === 'quarter' ? FREQUENCIES.filter((f) => f.value === 'quarterly') : [...FREQUENCIES]}
            value={frequency}
            onChange={(v) => v && setFrequency(v)}
            error={errorOf('frequency')}
          />
          <TimePicker label="At (IST)" format="24h" miw={120} value={time} onChange={(v) => /^\d{2}:\d{2}/.test(v) && setTime(v.slice(0, 5))} error={errorOf('time')} />
          <Select label="Format" miw={100} allowDeselect={false} data={['PDF', 'XLS', 'CSV']} value={format} onChange={(v) => v && setFormat(v)} />
        </Group>
        <Textarea label="Recipients" description="E-mail addresses, separated by commas or spaces" required value={recipients} onChange={(e) => setRecipients(e.currentTarget.value)} error={errorOf('recipients') ?? (field.includes('recipients') ? create.error?.message : undefined)} />
        {create.error && !field && <Alert color="red">The schedule could not be saved: {create.error.message}</Alert>}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Schedule
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Scheduled reports administration (SPEC 1): the schedules of the tenants the user reads, a form
 * for a new one (administrators), and the run history of the one picked (`?schedule=` in the URL).
 */
export function ScheduledReportsAdmin({ reports, canEdit }: { reports: readonly ReportDefinition[]; canEdit: boolean }) {
  const schedules = useScheduledReports();
  const remove = useDeleteScheduledReport();
  const [search, update] = useSearchChoices();
  const picked = schedules.data?.items.find((s) => String(s.id) === search.get('schedule'));
  const reportName = (id: number) => reports.find((r) => r.id === id)?.name ?? `Report #${id}`;
  return (
    <Stack gap="md">
      {schedules.isError ? (
        <Alert color="red">The scheduled reports could not be loaded.</Alert>
      ) : !schedules.data ? (
        <Text>Loading…</Text>
      ) : schedules.data.items.length === 0 ? (
        <Text c="dimmed">No reports are scheduled yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Scheduled reports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Industry</Table.Th>
                <Table.Th>Report</Table.Th>
                <Table.Th>When (IST)</Table.Th>
                <Table.Th>Recipients</Table.Th>
                {canEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedules.data.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => update({ schedule: String(s.id) })}>
                      {s.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{s.tenantName}</Table.Td>
                  <Table.Td>
                    {reportName(s.reportId)} ({s.format})
                  </Table.Td>
                  <Table.Td>
                    {s.frequency} at {s.time}
                  </Table.Td>
                  <Table.Td>{s.recipients.join(', ')}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Button size="xs" variant="subtle" color="red.9" loading={remove.isPending} onClick={() => remove.mutate({ id: s.id, name: s.name })}>
                        Delete
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {picked && <RunHistory schedule={picked} />}
      {canEdit && <NewSchedule reports={reports} />}
    </Stack>
  );
}
