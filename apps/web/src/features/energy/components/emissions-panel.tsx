import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatIndian } from '@enviro/domain/format-number';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { csvFileName, toCsv } from '@/lib/csv';
import { formatDayKey } from '@/lib/dates';
import { saveFile } from '@/lib/download';
import { useEmissions, useSec } from '../api/energy';
import { financialYearOfMonth, kwh, monthDays, monthLabel, tco2 } from './energy-format';
import { form1Rows } from './form1';

const OFFSET_WORDS = { OWN_SOLAR: 'Own solar', REC: 'Renewable energy certificates', GREEN_TARIFF: 'Green tariff' } as const;

/** Scope 2 of the financial year at CEA's grid factor, the offset ledger, and the year's summary in the shape of BEE's Form 1. */
export function EmissionsPanel({ nodeId, month, facilityName }: { nodeId: number; month: string; facilityName: string }) {
  const fy = financialYearOfMonth(month);
  const emissions = useEmissions(nodeId, fy);
  const fyStart = `${fy.slice(0, 4)}-04-01`;
  const fyEnd = `${Number(fy.slice(0, 4)) + 1}-03-31`;
  const today = monthDays(month).endDate;
  const production = useSec({ nodeId, startDate: fyStart, endDate: today < fyEnd ? today : fyEnd, baselineStart: fyStart, baselineEnd: fyStart });
  if (emissions.isError) return <LoadFailed what="The emissions" onRetry={() => void emissions.refetch()} />;
  const e = emissions.data?.[0];
  if (!e) return <Loading />;
  const exportForm1 = () => {
    const rows = form1Rows(facilityName, e, production.data);
    const csv = toCsv([{ header: 'Item', value: (r: (typeof rows)[number]) => r.item }, { header: 'Value', value: (r) => r.value }, { header: 'Unit', value: (r) => r.unit }], rows);
    saveFile(new Blob([csv], { type: 'text/csv' }), csvFileName(`BEE Form 1 energy summary FY ${fy} ${facilityName}`));
  };
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
      <Group>
        <Button size="xs" variant="light" onClick={exportForm1} disabled={!production.data}>
          Export BEE Form 1 summary (CSV)
        </Button>
      </Group>
      <DataTable title={`Scope 2 by month, FY ${e.fy}`} rows={e.months} rowKey={(m) => m.month} minWidth={320} columns={[{ header: 'Month', value: (m) => monthLabel(m.month) }, { header: 'Grid energy (kWh)', value: (m) => Math.round(m.gridKwh), render: (m) => kwh(m.gridKwh), align: 'right' }, { header: 'Scope 2 (tCO₂)', value: (m) => (m.tco2 === null ? null : Math.round(m.tco2 * 10) / 10), align: 'right' }]} />
      <DataTable title="Offset ledger" rows={e.offsets} rowKey={(o) => o.id} minWidth={320} emptyText="No offsets recorded this year." columns={[{ header: 'Day', value: (o) => formatDayKey(o.day) }, { header: 'Kind', value: (o) => OFFSET_WORDS[o.kind] }, { header: 'MWh', value: (o) => o.mwh, align: 'right' }, { header: 'Reference', value: (o) => o.reference, wrap: true }]} />
    </Stack>
  );
}
