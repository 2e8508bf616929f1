import { Center, Group, Loader, Pagination, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { orderColumns } from './column-order';
import { formatIndian } from '@enviro/domain/format-number';

export interface PagedColumn<T> {
  header: string;
  /** The cell of a row. */
  cell: (row: T) => ReactNode;
  /** The server's sort key of this column; unsortable when absent. */
  sortKey?: string;
  align?: 'left' | 'right';
  /** Lets the cell's text wrap (long names and emails); other cells stay on one line. */
  wrap?: boolean;
  /** Keeps row actions reachable while the table scrolls sideways: pinned to the right edge, or first on a phone. */
  sticky?: boolean;
}

/** Narrower than Mantine's `sm` breakpoint (48em): a phone. */
const PHONE = '(max-width: 47.99em)';

/** Sticky cells need an opaque background: the page's, which is also the stripe colour. */
const STICKY_STYLE = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-gray-0)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-gray-3)',
} as const;

const cellStyle = (c: { wrap?: boolean }, pinned: boolean) => ({
  ...(c.wrap ? { whiteSpace: 'normal' as const } : {}),
  ...(pinned ? STICKY_STYLE : {}),
});

export interface PageState {
  /** From 0. */
  page: number;
  size: number;
  sort: string;
  order: 'asc' | 'desc';
}

interface PagedTableProps<T> {
  /** Page and sort from the URL, and how to change them (`useListParams`). */
  list: PageState & { setSort: (sortKey: string) => void; setPage: (page: number) => void };
  /** Accessible name of the table. */
  caption: string;
  columns: readonly PagedColumn<T>[];
  /** The list's query: its page of rows with the total over all pages, fetching and failure. */
  query: PagedQuery<T>;
  /** What the rows are, plural ('tenants'), for the failure message. */
  what: string;
  rowKey: (row: T) => string | number;
  /** Shown when the list is empty. */
  emptyText?: string;
}

/** The part of a TanStack query of a server-side page the table reads. */
export interface PagedQuery<T> {
  data?: { items: readonly T[]; total: number } | undefined;
  isFetching: boolean;
  error: Error | null;
}

/**
 * A table of one page of a server-side list: sortable headers, a pager and the row count. Cells stay on one line unless
 * their column wraps; a table wider than its place scrolls sideways inside its own scroll area.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { caption, query, what } = props;
  const phone = useMediaQuery(PHONE) ?? false;
  const columns = orderColumns(props.columns, phone);
  const rows = query.data?.items;
  const total = query.data?.total ?? 0;
  const loading = query.isFetching;
  const emptyText = query.error ? `The ${what} could not be loaded: ${query.error.message}` : (props.emptyText ?? 'Nothing to show.');
  const { page, size, sort, order } = props.list;
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <div>
      <ScrollArea type="auto">
        <Table striped highlightOnHover miw={640} style={{ whiteSpace: 'nowrap' }} aria-label={caption} aria-busy={loading}>
          <Table.Thead>
            <Table.Tr>
              {columns.map(({ column: c, pinned }) => {
                const sorted = c.sortKey !== undefined && c.sortKey === sort;
                return (
                  <Table.Th
                    key={c.header}
                    ta={c.align ?? 'left'}
                    style={cellStyle(c, pinned)}
                    aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sortKey ? (
                      <UnstyledButton fw={600} fz="sm" onClick={() => props.list.setSort(c.sortKey!)}>
                        {c.header} {sorted ? (order === 'asc' ? '▲' : '▼') : ''}
                      </UnstyledButton>
                    ) : (
                      c.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined || rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  {rows === undefined && loading ? (
                    <Center>
                      <Loader size="sm" />
                    </Center>
                  ) : (
                    <Text c="dimmed">{emptyText}</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={props.rowKey(row)}>
                  {columns.map(({ column: c, pinned }) => (
                    <Table.Td key={c.header} ta={c.align ?? 'left'} style={cellStyle(c, pinned)}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between" mt="sm" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {formatIndian(total, 0)} {total === 1 ? 'row' : 'rows'}
        </Text>
        <Pagination total={pages} value={page + 1} onChange={(p) => props.list.setPage(p - 1)} size="sm" siblings={1} boundaries={1} />
      </Group>
    </div>
  );
}
