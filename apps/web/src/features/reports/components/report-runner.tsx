import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { ReportDefinition } from '@enviro/contracts/report-catalogue';
import { useSearchChoices } from '@/lib/use-search-choices';
import { useCreateReportJob } from '../api/create-report-job';
import { useEmailReport } from '../api/email-report';
import { useReportIndustries } from '../api/get-report-choices';
import { ReportJobProgress } from './report-job-progress';
import { periodOf } from './report-period';
import { ReportPeriodFields } from './report-period-fields';
import { effectiveTenant, ReportScopeFields, type ReportScopeChoice } from './report-scope-fields';

const FORMATS = ['PDF', 'XLS', 'CSV'] as const;
type Format = (typeof FORMATS)[number];
const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

/**
 * The catalogue and the parameters form: a report, its industry, stations and parameters, its
 * period (IST days, or a quarter) and format; "Run" queues a job whose progress (percentage, rows)
 * shows until the file can be downloaded; "E-mail it to me" mails it. Every choice, and the job,
 * live in the URL (`report`, `tenant`, `stations`, `params`, `from`, `to`, `format`, `job`).
 */
export function ReportRunner({ reports }: { reports: readonly ReportDefinition[] }) {
  const [search, update] = useSearchChoices();
  const reportId = Number(search.get('report') ?? reports[0]?.id ?? 0);
  const report = reports.find((r) => r.id === reportId) ?? reports[0];
  const industries = useReportIndustries(report?.id ?? 0);
  const create = useCreateReportJob();
  const email = useEmailReport();
  if (!report) return <Text>No reports are offered to your account.</Text>;

  const { from, to } = periodOf(search, report.period);
  const format = (FORMATS as readonly string[]).includes(search.get('format') ?? '') ? (search.get('format') as Format) : 'PDF';
  const jobId = Number(search.get('job')) || null;
  const scope: ReportScopeChoice = {
    tenantId: effectiveTenant(report, Number(search.get('tenant')) || null, industries.data?.items[0]?.tenantId),
    entityIds: list(search.get('stations')).map(Number).filter((n) => n > 0),
    params: list(search.get('params')),
  };
  const request = { ...(scope.tenantId === null ? {} : { tenantId: scope.tenantId }), entityIds: scope.entityIds, params: scope.params, startDate: from, endDate: to };
  const invalid = from > to || (report.industries === 'one' && scope.tenantId === null);

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
          <ReportScopeFields
            report={report}
            value={scope}
            onChange={(v) =>
              update({
                ...(v.tenantId !== undefined ? { tenant: v.tenantId === null ? null : String(v.tenantId) } : {}),
                ...(v.entityIds ? { stations: v.entityIds.join(',') || null } : {}),
                ...(v.params ? { params: v.params.join(',') || null } : {}),
                job: null,
              })
            }
          />
          <ReportPeriodFields kind={report.period} from={from} to={to} onChange={(p) => update({ from: p.from, to: p.to, job: null })} />
          <SegmentedControl aria-label="Format" data={[...FORMATS]} value={format} onChange={(v) => update({ format: v, job: null })} maw={260} />
          <Group>
            <Button
              loading={create.isPending}
              disabled={invalid}
              onClick={() => create.mutate({ reportId: report.id, format, request }, { onSuccess: (j) => update({ job: String(j.id) }) })}
            >
              Run report
            </Button>
            <Button variant="default" loading={email.isPending} disabled={invalid} onClick={() => email.mutate({ id: report.id, body: { format, request } })}>
              E-mail it to me
            </Button>
          </Group>
          {create.error && <Alert color="red">The report could not be started: {create.error.message}</Alert>}
          {email.error && <Alert color="red">The report could not be mailed: {email.error.message}</Alert>}
        </Stack>
      </Paper>
      {jobId !== null && <ReportJobProgress jobId={jobId} />}
    </Stack>
  );
}
