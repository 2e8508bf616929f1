import { Alert, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { useMe } from '@/features/accounts';
import { ReportRunner, ScheduledReportsAdmin, useReports } from '@/features/reports';

function Heading({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
    </div>
  );
}

/** /app/reports: the catalogue for the user's type, the parameters form, a run with progress, download and e-mail. */
export function ReportsRoute() {
  const reports = useReports();
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Heading title="Reports" text="Averages, exceedances, uptime, calibration, quarterly compliance and data availability, in IST, as PDF, Excel or CSV." />
          <Anchor component={Link} to={paths.app.scheduledReports.getHref()}>
            Scheduled reports
          </Anchor>
        </Group>
        {reports.isError ? <LoadFailed what="The report catalogue" onRetry={() => void reports.refetch()} /> : !reports.data ? <Loading /> : <ReportRunner reports={reports.data.items} />}
      </Stack>
    </Container>
  );
}

/** /app/reports/scheduled: scheduled e-mail reports and their run history; administrators add and delete them. */
export function ScheduledReportsRoute() {
  const user = useMe().data;
  const reports = useReports();
  return (
    <Container size="lg" px={0}>
      <Stack gap="md">
        <Heading title="Scheduled reports" text="Reports mailed as attachments after each day, week, month or quarter (IST); each period is sent once." />
        {!user || (!reports.data && !reports.isError) ? (
          <Loading />
        ) : reports.isError ? (
          <LoadFailed what="The report catalogue" onRetry={() => void reports.refetch()} />
        ) : (
          <>
            {user.role !== 'admin' && <Alert color="gray">Only administrators add or delete scheduled reports.</Alert>}
            <ScheduledReportsAdmin reports={reports.data!.items} canEdit={user.role === 'admin'} />
          </>
        )}
      </Stack>
    </Container>
  );
}
