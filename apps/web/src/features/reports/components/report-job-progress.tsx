import { Alert, Anchor, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatIndian } from '@enviro/domain/format-number';
import { reportJobFileHref, useReportJob } from '../api/get-report-job';

const STATUS = { done: 'Ready', failed: 'Failed', queued: 'Waiting to start', running: 'Building' } as const;

/** A report job's progress (percentage and rows so far), polled until its file can be downloaded. */
export function ReportJobProgress({ jobId }: { jobId: number }) {
  const job = useReportJob(jobId);
  return (
    <Paper withBorder p="md" aria-label="Report progress">
      {job.isError ? (
        <Alert color="red">This report job could not be read: {job.error.message}</Alert>
      ) : !job.data ? (
        <Text>Starting…</Text>
      ) : (
        <Stack gap="xs">
          <Text fw={500}>
            {STATUS[job.data.status]}: {formatIndian(job.data.rows, 0)} rows
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
  );
}
