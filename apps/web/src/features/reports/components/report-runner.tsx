import { Alert, Anchor, Button, Group, Paper, Progress, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { dayjs } from '@/lib/dayjs';
import type { ReportDefinition } from '@enviro/contracts/report-catalogue';
import { formatIndian } from '@enviro/domain/format-number';
import { useSearchChoices } from '@/lib/use-search-choices';
import { useCreateReportJob } from '../api/create-report-job';
import { useEmailReport } from '../api/email-report';
import { reportJobFileHref, useReportJob } from '../api/get-report-job';

const FORMATS = ['PDF', 'XLS', 'CSV'] as const;
type Format = (typeof FORMATS)[number];
const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Days of IST (the browser's dayjs is set to Asia/Kolkata). */
const defaultStart = () => dayjs().tz('Asia/Kolkata').startOf('month').format('YYYY-MM-DD');
const defaultEnd = () => dayjs().tz('Asia/Kolkata').subtract(1, 'day').format('YYYY-MM-DD');

/**
 * The catalogue and the parameters form: a report, its period (IST days) and format; "Run" queues a
 * job whose progress (percentage, rows) shows until the file can be downloaded; "E-mail me" mails it.
 * Every choice, and the job, live in the URL (`report`, `from`, `to`, `format`, `job`).
 */
export function ReportRunner({ reports }: { reports: readonly ReportDefinition[] }) {
  const [search, update] = useSearchChoices();
  const reportId = Number(search.get('report') ?? reports[0]?.id ?? 0);
  const report = reports.find((r) => r.id === reportId) ?? reports[0];
  const from = isDay(search.get('from')) ? search.get('from')! : defaultStart();
  const to = isDay(search.get('to')) ? search.get('to')! : defaultEnd();
  const format = (FORMATS as readonly string[]).includes(search.get('format') ?? '') ? (search.get('format') as Format) : 'PDF';
  const jobId = Number(search.get('job')) || null;
  const create = useCreateReportJob();
  const email = useEmailReport();
  const job = useReportJob(jobId);
  const request = { startDate: from, endDate: to };
  const invalid = from > to ? 'The end date is before the start date.' : null;

  if (!report) return <Text>No reports are offered to your account.</Text>;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Select
            label="Report"
            allowDeselect={false}
            data={reports.map((r) => ({ value: String(r.id), label: `${r.name} (#${r.id})` }))}
            value={String(report.id)}
            onChange={(v) => v && update({ report: v, job: null })}
          />
          <Text size="sm" c="dimmed">
            {report.description}
          </Text>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput type="date" label="From (IST)" miw={150} value={from} onChange={(e) => update({ from: e.currentTarget.value || null, job: null })} />
            <TextInput type="date" label="To (IST, inclusive)" miw={150} value={to} onChange={(e) => update({ to: e.currentTarget.value || null, job: null })} error={invalid} />
          </Group>
          <SegmentedControl aria-label="Format" data={[...FORMATS]} value={format} onChange={(v) => update({ format: v, job: null })} maw={260} />
          <Group>
            <Button
              loading={create.isPending}
              disabled={invalid !== null}
              onClick={() => create.mutate({ reportId: report.id, format, request }, { onSuccess: (j) => update({ job: String(j.id) }) })}
            >
              Run report
            </Button>
            <Button variant="default" loading={email.isPending} disabled={invalid !== null} onClick={() => email.mutate({ id: report.id, body: { format, request } })}>
              E-mail it to me
            </Button>
          </Group>
          {create.error && <Alert color="red">The report could not be started: {create.error.message}</Alert>}
          {email.error && <Alert color="red">The report could not be mailed: {email.error.message}</Alert>}
        </Stack>
      </Paper>
      {jobId !== null && (
        <Paper withBorder p="md" aria-label="Report progress">
          {job.isError ? (
            <Alert color="red">This report job could not be read: {job.error.message}</Alert>
          ) : !job.data ? (
            <Text>Starting…</Text>
          ) : (
            <Stack gap="xs">
              <Text fw={500}>
                {job.data.status === 'done' ? 'Ready' : job.data.status === 'failed' ? 'Failed' : job.data.status === 'queued' ? 'Waiting to start' : 'Building'}: {formatIndian(job.data.rows, 0)} rows
              </Text>
              <Progress value={job.data.percent} aria-label={`${job.data.percent} %`} animated={job.data.status === 'running'} />
              {job.data.status === 'done' && job.data.fileName && (
                <Anchor href={reportJobFileHref(job.data.id)} download={job.data.fileName}>
                  Download {job.data.fileName}
                </Anchor>
              )}
              {job.data.status === 'failed' && <Alert color="red">{job.data.error}</Alert>}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
