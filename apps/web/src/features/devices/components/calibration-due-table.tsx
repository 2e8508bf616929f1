import { Anchor, Badge } from '@mantine/core';
import type { CalibrationDue } from '@enviro/contracts/devices/calibration';
import { formatDay } from '@/lib/dates';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { CHECK_LABEL, DUE_STATE_COLOUR, DUE_STATE_LABEL } from './calibration-labels';

const day = (at: string | null) => (at ? formatDay(at) : '—');

/** Scheduled checks with their last and due dates; a device's name opens its calibration. */
export function CalibrationDueTable({ title, rows, onPickDevice, showDevice = true }: { title: string; rows: readonly CalibrationDue[]; onPickDevice?: (deviceId: number) => void; showDevice?: boolean }) {
  const columns: DataTableColumn<CalibrationDue>[] = [
    ...(showDevice
      ? [
          {
            header: 'Device',
            value: (r: CalibrationDue) => r.deviceName,
            wrap: true,
            render: (r: CalibrationDue) =>
              onPickDevice ? (
                <Anchor component="button" type="button" fz="sm" onClick={() => onPickDevice(r.deviceId)}>
                  {r.deviceName}
                </Anchor>
              ) : (
                r.deviceName
              ),
          },
          { header: 'Station', value: (r: CalibrationDue) => r.entityName ?? '', wrap: true },
        ]
      : []),
    { header: 'Parameter', value: (r) => r.param.toUpperCase() },
    { header: 'Check', value: (r) => `${CHECK_LABEL[r.check]} every ${r.everyDays} d` , wrap: true },
    { header: 'Last done', value: (r) => day(r.lastDoneAt) },
    { header: 'Due', value: (r) => day(r.dueAt) },
    { header: 'State', value: (r) => DUE_STATE_LABEL[r.state], render: (r) => <Badge style={{ minWidth: 'max-content' }} color={DUE_STATE_COLOUR[r.state]} variant="light">{DUE_STATE_LABEL[r.state]}</Badge> },
    {
      header: 'Last verdict',
      value: (r) => r.lastVerdict ?? '',
      render: (r) => (r.lastVerdict ? <Badge style={{ minWidth: 'max-content' }} color={r.lastVerdict === 'DRIFT' ? 'red' : 'green'} variant="outline">{r.lastVerdict === 'DRIFT' ? 'Drift' : 'Pass'}</Badge> : '—'),
    },
  ];
  return <DataTable title={title} columns={columns} rows={rows} rowKey={(r) => `${r.deviceId}/${r.param}/${r.check}`} emptyText="Nothing is due." />;
}
