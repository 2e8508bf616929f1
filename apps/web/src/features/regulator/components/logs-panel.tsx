import { Anchor, Badge, Group, Pagination, SegmentedControl, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import type { OutboxStatus } from '@enviro/contracts/regulator';
import { formatIndian } from '@enviro/domain/format-number';
import { useMemo } from 'react';
import { chartState } from '@/components/charts/chart-state';
import { ChartWidget } from '@/components/charts/chart-widget';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { useErrorCodes, useFilesOfOneDay, useListOfFiles, useLogFiles, useSuccessCounts } from '../api/get-logs';
import { formatDayKey } from '@/lib/dates';
import { errorInWords, formatAt, formatSlot } from './format';
import { LogFilters, readLogFilters, type Option } from './log-filters';
import { dailyTotals } from './push-counts';

const PAGE = 20;
const STATUS_COLOURS: Record<OutboxStatus, string> = { SENT: 'green.9', PENDING: 'orange.9', EXPIRED: 'red.9', REJECTED: 'red.9' };
const num = (n: number) => (n === 0 ? <Text c="dimmed" span>0</Text> : formatIndian(n, 0));

interface LogsPanelProps {
  tenantId: number;
  search: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
  connections: readonly Option[];
  stations: readonly Option[];
}

/**
 * SPEC 7's push logs of an industry: records per day (and one day's records), every push attempt
 * with its answer, the error codes with counts and meaning, and successes per day and station.
 * Every filter lives in the URL.
 */
export function LogsPanel({ tenantId, search, update, connections, stations }: LogsPanelProps) {
  const filters = { tenantId, ...readLogFilters(search) };
  const outcome = search.get('outcome') === 'SUCCESS' || search.get('outcome') === 'ERROR' ? (search.get('outcome') as 'SUCCESS' | 'ERROR') : undefined;
  const errorCode = search.get('code') ?? undefined;
  const page = Math.max(0, Number(search.get('page')) || 0);

  const days = useListOfFiles(filters);
  const attempts = useLogFiles({ ...filters, outcome, errorCode, page, size: PAGE });
  const codes = useErrorCodes(filters);
  const successes = useSuccessCounts(filters);
  const totals = useMemo(() => (successes.data ? dailyTotals(successes.data) : undefined), [successes.data]);

  return (
    <Stack gap="lg">
      <LogFilters search={search} update={update} connections={connections} stations={stations} />

      <DataTable
        title="Records per day"
        rows={days.data ?? []}
        rowKey={(d) => d.date}
        emptyText={days.isError ? `The records could not be loaded: ${days.error.message}` : days.isLoading ? 'Loading…' : 'No record in these days.'}
        minWidth={480}
        columns={[
          {
            header: 'Day',
            value: (d) => formatDayKey(d.date),
            render: (d) => (
              <UnstyledButton onClick={() => update({ day: d.date, dpage: null, status: null })} aria-label={`Records of ${formatDayKey(d.date)}`}>
                <Anchor component="span" fw={search.get('day') === d.date ? 700 : 400}>
                  {formatDayKey(d.date)}
                </Anchor>
              </UnstyledButton>
            ),
          },
          { header: 'Records', align: 'right', value: (d) => d.files, render: (d) => num(d.files) },
          { header: 'Accepted', align: 'right', value: (d) => d.sent, render: (d) => num(d.sent) },
          { header: 'Waiting', align: 'right', value: (d) => d.pending, render: (d) => num(d.pending) },
          { header: 'Expired', align: 'right', value: (d) => d.expired, render: (d) => num(d.expired) },
          { header: 'Refused', align: 'right', value: (d) => d.rejected, render: (d) => num(d.rejected) },
        ]}
      />

      {search.get('day') && <DayRecords tenantId={tenantId} search={search} update={update} filters={filters} />}

      <Stack gap="xs">
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            aria-label="Result"
            value={outcome ?? 'ALL'}
            onChange={(v) => update({ outcome: v === 'ALL' ? null : v, page: null })}
            data={[
              { value: 'ALL', label: 'All' },
              { value: 'SUCCESS', label: 'Success' },
              { value: 'ERROR', label: 'Error' },
            ]}
          />
          <Select
            aria-label="Error code"
            placeholder="Any error code"
            clearable
            w={200}
            data={(codes.data ?? []).map((c) => c.code)}
            value={errorCode ?? null}
            onChange={(v) => update({ code: v, outcome: v ? 'ERROR' : search.get('outcome'), page: null })}
          />
        </Group>
        <DataTable
          title="Push attempts"
          rows={attempts.data?.items ?? []}
          rowKey={(a) => a.id}
          minWidth={900}
          emptyText={attempts.isError ? `The attempts could not be loaded: ${attempts.error.message}` : attempts.isLoading ? 'Loading…' : 'No push attempt matches.'}
          columns={[
            { header: 'When', value: (a) => formatAt(a.at) },
            { header: 'Station', value: (a) => a.stationName },
            { header: 'Slot', value: (a) => formatSlot(a.slot) },
            { header: 'Connection', value: (a) => a.connectionName },
            { header: 'Kind', value: (a) => a.kind },
            {
              header: 'Result',
              value: (a) => (a.outcome === 'SUCCESS' ? 'Success' : (a.errorCode ?? 'Error')),
              render: (a) => <Badge miw="max-content" color={a.outcome === 'SUCCESS' ? 'green.9' : 'red.9'}>{a.outcome === 'SUCCESS' ? 'Success' : (a.errorCode ?? 'Error')}</Badge>,
            },
            { header: 'HTTP', align: 'right', value: (a) => a.httpStatus ?? '-' },
            { header: 'Took', align: 'right', value: (a) => `${formatIndian(a.durationMs, 0)} ms` },
            { header: 'Answer', wrap: true, value: (a) => a.answer, render: (a) => <Text size="xs" lineClamp={2} miw={220} style={{ wordBreak: 'break-all' }}>{a.answer}</Text> },
          ]}
        />
        <Pager total={attempts.data?.total ?? 0} page={page} onChange={(p) => update({ page: p === 0 ? null : String(p) })} />
      </Stack>

      <DataTable
        title="Error codes"
        rows={codes.data ?? []}
        rowKey={(c) => c.code}
        minWidth={0}
        emptyText={codes.isError ? `The error codes could not be loaded: ${codes.error.message}` : codes.isLoading ? 'Loading…' : 'No error in these days.'}
        columns={[
          {
            header: 'Code',
            value: (c) => c.code,
            render: (c) => (
              <UnstyledButton onClick={() => update({ code: c.code, outcome: 'ERROR', page: null })} aria-label={`Attempts failing with ${c.code}`}>
                <Anchor component="span" fw={600}>
                  {c.code}
                </Anchor>
              </UnstyledButton>
            ),
          },
          { header: 'Count', align: 'right', value: (c) => c.count, render: (c) => formatIndian(c.count, 0) },
          { header: 'Meaning', wrap: true, value: (c) => c.meaning },
        ]}
      />

      <Stack gap="xs">
        <Text fw={600} component="h2" fz="md" m={0}>
          Pushes per day
        </Text>
        <ChartWidget
          kind="bar"
          state={chartState(successes)}
          data={totals}
          options={{ xAxisType: 'category', stacked: true }}
          height={220}
          ariaLabel="Successful and failed pushes per day"
        />
      </Stack>

      <DataTable
        title="Pushes per day and station"
        rows={successes.data ?? []}
        rowKey={(s) => `${s.date}-${s.stationId}`}
        minWidth={0}
        emptyText={successes.isError ? `The counts could not be loaded: ${successes.error.message}` : successes.isLoading ? 'Loading…' : 'No push in these days.'}
        columns={[
          { header: 'Day', value: (s) => formatDayKey(s.date) },
          { header: 'Station', wrap: true, value: (s) => s.stationName },
          { header: 'Success', align: 'right', value: (s) => s.success, render: (s) => <Text c="green.9" fw={600} span>{formatIndian(s.success, 0)}</Text> },
          { header: 'Failed', align: 'right', value: (s) => s.failed, render: (s) => (s.failed === 0 ? <Text c="dimmed" span>0</Text> : <Text c="red.9" fw={600} span>{formatIndian(s.failed, 0)}</Text>) },
        ]}
      />
    </Stack>
  );
}

/** The records ("files") of the chosen day, a page at a time, by state. */
function DayRecords({ tenantId, search, update, filters }: { tenantId: number; search: URLSearchParams; update: LogsPanelProps['update']; filters: ReturnType<typeof readLogFilters> }) {
  const date = search.get('day')!;
  const status = (['PENDING', 'SENT', 'EXPIRED', 'REJECTED'] as const).find((s) => s === search.get('status'));
  const page = Math.max(0, Number(search.get('dpage')) || 0);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const records = useFilesOfOneDay(valid ? { tenantId, date, connectionId: filters.connectionId, stationId: filters.stationId, status, page, size: PAGE } : null);
  const columns: DataTableColumn<NonNullable<typeof records.data>['items'][number]>[] = [
    { header: 'Slot', value: (r) => formatSlot(r.slot) },
    { header: 'Station', value: (r) => r.stationName },
    { header: 'Connection', value: (r) => r.connectionName },
    { header: 'State', value: (r) => r.status, render: (r) => <Badge miw="max-content" color={STATUS_COLOURS[r.status]}>{r.status}</Badge> },
    { header: 'Kind', value: (r) => r.kind },
    { header: 'Attempts', align: 'right', value: (r) => r.attempts },
    { header: 'Values', align: 'right', value: (r) => r.values, render: (r) => `${r.values}${r.calibrationValues > 0 ? ` (${r.calibrationValues} calibration)` : ''}` },
    { header: 'Accepted', value: (r) => formatAt(r.sentAt) },
    { header: 'Next try', value: (r) => formatAt(r.nextTryAt) },
    { header: 'Newest error', wrap: true, value: (r) => errorInWords(r.lastError, r.lastErrorMeaning) ?? '', render: (r) => <Text size="xs" c="red.9" title={r.lastError ?? undefined}>{errorInWords(r.lastError, r.lastErrorMeaning) ?? ''}</Text> },
  ];
  return (
    <Stack gap="xs">
      <Group gap="sm" justify="space-between">
        <Select
          aria-label="Record state"
          placeholder="Any state"
          clearable
          w={180}
          data={['PENDING', 'SENT', 'EXPIRED', 'REJECTED']}
          value={status ?? null}
          onChange={(v) => update({ status: v, dpage: null })}
        />
        <Anchor component="button" size="sm" onClick={() => update({ day: null, status: null, dpage: null })}>
          Close the day
        </Anchor>
      </Group>
      <DataTable
        title={`Records of ${valid ? formatDayKey(date) : date}`}
        rows={records.data?.items ?? []}
        rowKey={(r) => r.id}
        minWidth={1000}
        emptyText={!valid ? 'Not a day.' : records.isError ? `The records could not be loaded: ${records.error.message}` : records.isLoading ? 'Loading…' : 'No record matches.'}
        columns={columns}
      />
      <Pager total={records.data?.total ?? 0} page={page} onChange={(p) => update({ dpage: p === 0 ? null : String(p) })} />
    </Stack>
  );
}

function Pager({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {formatIndian(total, 0)} {total === 1 ? 'row' : 'rows'}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page + 1} onChange={(p) => onChange(p - 1)} size="sm" siblings={1} boundaries={1} />}
    </Group>
  );
}
