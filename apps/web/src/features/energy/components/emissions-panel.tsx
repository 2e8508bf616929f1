import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { ReportFormat } from '@enviro/contracts/reports';
import { formatIndian } from '@enviro/domain/format-number';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { formatDayKey } from '@/lib/dates';
import { saveFile } from '@/lib/download';
import { notifyAlert } from '@/lib/notify';
import { useDownloadForm1, useEmissions } from '../api/energy';
import { financialYearOfMonth, kwh, monthLabel, OFFSET_WORDS, tco2 } from './energy-format';
import { GridFactorsPanel } from './grid-factors-panel';
import { OffsetForm } from './offset-form';

const FORMAT_WORDS: Record<ReportFormat, string> = { CSV: 'CSV', XLS: 'Excel', PDF: 'PDF' };

/**
 * Scope 2 of the financial year at CEA's grid factor, the offset ledger (administrators add to it),
 * the year's summary in the shape of BEE's Form 1 as CSV, Excel or PDF, and the factor table (site
 * administrators extend it on their own screen, GridFactorsView).
 */
export function EmissionsPanel({ nodeId, month, canEdit }: { nodeId: number; month: string; canEdit: boolean }) {
  const fy = financialYearOfMonth(month);
  const emissions = useEmissions(nodeId, fy);
  const form1 = useDownloadForm1();
  if (emissions.isError) return <LoadFailed what="The emissions" onRetry={() => void emissions.refetch()} />;
  const e = emissions.data?.[0];
  if (!e) return <Loading />;
  const exportForm1 = (format: ReportFormat) =>
    form1.mutate(
      { nodeId, fy, format },
      { onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? `BEE Form 1 FY ${fy}.${format === 'XLS' ? 'xlsx' : format.toLowerCase()}`), onError: (error) => notifyAlert(error.message) },
    );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Text>
          Grid energy, FY {e.fy} <br />
          <b>{kwh(e.gridKwh)}</b>
        </Text>
        <Text>
          Scope 2 (gross) <br />
          <b>{tco2(e.grossTco2)}</b>
        </Text>
        <Text>
          Offsets <br />
          <b>{tco2(e.offsetTco2)}</b>
        </Text>
        <Text>
          Net <br />
          <b>{tco2(e.netTco2)}</b>
        </Text>
      </SimpleGrid>
      <Text c="dimmed">
        {e.factor === null
          ? 'No CEA grid factor covers this year yet.'
          : `CEA grid emission factor ${formatIndian(e.factor, 3)} tCO₂/MWh${e.factorFy !== e.fy ? ` (of FY ${e.factorFy}, the latest CEA published)` : ''}. Own solar ${kwh(e.solarKwh)} and DG ${kwh(e.dgKwh)} this year; DG is Scope 1 and not counted here.`}
      </Text>
      <Group gap="xs">
        <Text fz="sm">BEE Form 1 summary of FY {fy}:</Text>
        {ReportFormat.options.map((format) => (
          <Button key={format} size="xs" variant="light" onClick={() => exportForm1(format)} loading={form1.isPending && form1.variables.format === format}>
            {FORMAT_WORDS[format]}
          </Button>
        ))}
      </Group>
      <DataTable title={`Scope 2 by month, FY ${e.fy}`} rows={e.months} rowKey={(m) => m.month} minWidth={320} columns={[{ header: 'Month', value: (m) => monthLabel(m.month) }, { header: 'Grid energy (kWh)', value: (m) => Math.round(m.gridKwh), render: (m) => kwh(m.gridKwh), align: 'right' }, { header: 'Scope 2 (tCO₂)', value: (m) => (m.tco2 === null ? null : Math.round(m.tco2 * 10) / 10), align: 'right' }]} />
      {canEdit && <OffsetForm nodeId={nodeId} />}
      <DataTable title="Offset ledger" rows={e.offsets} rowKey={(o) => o.id} minWidth={320} emptyText="No offsets recorded this year." columns={[{ header: 'Day', value: (o) => formatDayKey(o.day) }, { header: 'Kind', value: (o) => OFFSET_WORDS[o.kind] }, { header: 'MWh', value: (o) => o.mwh, align: 'right' }, { header: 'Reference', value: (o) => o.reference, wrap: true }]} />
      <GridFactorsPanel canEdit={false} />
    </Stack>
  );
}
