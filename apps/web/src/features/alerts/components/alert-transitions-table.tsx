import { Paper } from '@mantine/core';
import type { AlertTransition } from '@enviro/contracts/alerts';
import { formatInstant } from '@/lib/dates';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { titleCase } from './alert-labels';

const COLUMNS: DataTableColumn<AlertTransition>[] = [
  { header: 'When (IST)', value: (t) => formatInstant(t.at) },
  { header: 'From', value: (t) => (t.from ? titleCase(t.from) : '-') },
  { header: 'To', value: (t) => titleCase(t.to) },
  { header: 'By', value: (t) => t.by ?? 'System' },
  { header: 'Comment', wrap: true, value: (t) => t.comment ?? '' },
];

/** Every lifecycle transition of the alert, oldest first. */
export function AlertTransitionsTable({ transitions }: { transitions: readonly AlertTransition[] }) {
  return (
    <Paper withBorder p="md">
      <DataTable title="Transitions" columns={COLUMNS} rows={transitions} rowKey={(_, index) => index} emptyText="No transition recorded." minWidth={520} />
    </Paper>
  );
}
