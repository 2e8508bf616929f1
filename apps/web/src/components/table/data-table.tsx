import { Group, ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CsvColumn } from '@/lib/csv';
import { CsvExportButton } from './csv-export-button';

export interface DataTableColumn<T> extends CsvColumn<T> {
  /** How the cell is shown; the exported value otherwise. */
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Lets the column's header and cells wrap (names, short numbers under long headers); others stay on one line. */
  wrap?: boolean;
}

const wrapStyle = (c: { wrap?: boolean }) => (c.wrap ? { whiteSpace: 'normal' as const } : undefined);

interface DataTableProps<T> {
  /** Caption of the table and base of the exported file's name. */
  title: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  /** A row's React key; `index` is its position, for lists without an identity such as a history. */
  rowKey: (row: T, index: number) => string | number;
  emptyText?: string;
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/** A plain table whose rows can be exported as a CSV file (SPEC 1, 9). */
export function DataTable<T>({ title, columns, rows, rowKey, emptyText = 'Nothing to show.', minWidth = 560 }: DataTableProps<T>) {
  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text fw={600} component="h2" fz="md" m={0}>
          {title}
        </Text>
        <CsvExportButton title={title} columns={columns} rows={rows} />
      </Group>
      <ScrollArea type="auto">
        <Table striped highlightOnHover miw={minWidth} style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header} ta={c.align ?? 'left'} style={wrapStyle(c)}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed">{emptyText}</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row, index) => (
                <Table.Tr key={rowKey(row, index)}>
                  {columns.map((c) => (
                    <Table.Td key={c.header} ta={c.align ?? 'left'} style={wrapStyle(c)}>
                      {c.render ? c.render(row) : c.value(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </div>
  );
}
