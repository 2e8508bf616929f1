import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ReportFormat } from '@enviro/contracts/reports';
import { DateRangePicker } from '@/components/date-picker/date-range-picker';
import { rangeError, sinceYesterday } from '@/components/date-picker/date-range';
import { saveFile } from '@/lib/download';
import { notifyAlert, notifyInfo } from '@/lib/notify';
import { useDownloadRawDataReport } from '../api/download-raw-data-report';
import type { Station } from '@/lib/stations';

/** SPEC 8: the notice after a report downloads, spelt as the product spells it. */
export const REPORT_SUCCESS = 'Report Generated Succesfully.';

/** Every reading of the station in a picked range (yesterday and today at first), as CSV, PDF or XLS. */
export function RawDataReportForm({ station }: { station: Station }) {
  const [range, setRange] = useState(() => sinceYesterday(Date.now()));
  const [format, setFormat] = useState<ReportFormat>('CSV');
  const report = useDownloadRawDataReport();
  const invalid = rangeError(range) !== null;

  const download = () =>
    report.mutate(
      {
        format,
        request: {
          entityIds: [station.id],
          startDate: new Date(range.start).toISOString(),
          endDate: new Date(range.end).toISOString(),
          interval: 'instances_1',
          isRawDataReport: true,
        },
      },
      {
        onSuccess: ({ blob, fileName }) => {
          saveFile(blob, fileName ?? `Raw data ${station.name}.${format.toLowerCase()}`);
          notifyInfo(REPORT_SUCCESS);
        },
        onError: (error) => notifyAlert(error.message),
      },
    );

  return (
    <Stack gap="sm">
      <Text fw={600} component="h2" fz="md" m={0}>
        Raw data report
      </Text>
      <DateRangePicker value={range} onChange={setRange} />
      <Group align="end">
        <Select
          label="Format"
          data={ReportFormat.options}
          value={format}
          onChange={(v) => v && setFormat(v as ReportFormat)}
          allowDeselect={false}
          w={120}
        />
        <Button onClick={download} loading={report.isPending} disabled={invalid}>
          Download report
        </Button>
      </Group>
    </Stack>
  );
}
