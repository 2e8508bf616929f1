import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { ReportFormat, type ParameterReportRequest } from '@enviro/contracts/reports';
import { saveFile } from '@/lib/download';
import { notifyAlert, notifyInfo } from '@/lib/notify';
import { useDownloadParameterReport } from '../api/download-parameter-report';

/** SPEC 8: the notice after a report downloads, spelt as the product spells it. */
const REPORT_SUCCESS = 'Report Generated Succesfully.';

interface ParameterReportButtonProps {
  tenantId: number;
  request: ParameterReportRequest['request'] | undefined;
}

/** Downloads the dashboard's parameter, stations, duration and averaging as a report file. */
export function ParameterReportButton({ tenantId, request }: ParameterReportButtonProps) {
  const [format, setFormat] = useState<ReportFormat>('CSV');
  const report = useDownloadParameterReport();
  const download = () =>
    request &&
    report.mutate(
      { tenantId, request: { format, request } },
      {
        onSuccess: ({ blob, fileName }) => {
          saveFile(blob, fileName ?? `Parameter report.${format.toLowerCase()}`);
          notifyInfo(REPORT_SUCCESS);
        },
        onError: (error) => notifyAlert(error.message),
      },
    );
  return (
    <Group align="end" gap="xs">
      <Select
        label="Report format"
        data={ReportFormat.options}
        value={format}
        onChange={(v) => v && setFormat(v as ReportFormat)}
        allowDeselect={false}
        w={120}
      />
      <Button onClick={download} loading={report.isPending} disabled={!request}>
        Download report
      </Button>
    </Group>
  );
}
