import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '@/components/date-picker/date-field';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { ApiError } from '@/lib/api-client';
import { dayKey } from '@/lib/dates';
import { useAddCoupon, useAddPlan, useCoupons, usePlans } from '../api/subscriptions';
import { day, rupees } from './billing-labels';

/** Rupees typed in a form, as paise. */
const toPaise = (v: string | number) => Math.round(Number(v || 0) * 100);

export function PlansPanel() {
  const plans = usePlans();
  const add = useAddPlan();
  const [f, setF] = useState({ code: '', name: '', effectiveFrom: dayKey(new Date().toISOString()), monthly: 0 as string | number, annual: 0 as string | number, includedStations: 1 as string | number, station: 0 as string | number, camera: 0 as string | number });
  if (plans.isPending) return <Loading />;
  if (plans.isError) return <LoadFailed what="the plans" onRetry={() => void plans.refetch()} />;
  const rows = plans.data.items.flatMap((p) => p.versions.map((v) => ({ ...v, code: p.code, name: p.name, current: p.current === v.version })));
  const error = add.error as ApiError | null;
  return (
    <Stack>
      <DataTable
        title="Plans and their versions"
        rowKey={(r) => `${r.code}-${r.version}`}
        rows={rows}
        emptyText="No plan yet."
        columns={[
          { header: 'Plan', value: (r) => `${r.name} (${r.code})` },
          { header: 'Version', value: (r) => `v${r.version}${r.current ? ' (sold today)' : ''}` },
          { header: 'From', value: (r) => day(r.effectiveFrom) },
          { header: 'Month (₹)', align: 'right', value: (r) => rupees(r.monthly) },
          { header: 'Year (₹)', align: 'right', value: (r) => rupees(r.annual) },
          { header: 'Stations', align: 'right', value: (r) => r.includedStations },
          { header: 'Add-on station a month (₹)', align: 'right', value: (r) => rupees(r.stationAddOnMonthly) },
        ]}
      />
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <TextInput label="Code" maxLength={32} value={f.code} onChange={(e) => setF({ ...f, code: e.currentTarget.value.toUpperCase() })} />
        <TextInput label="Name" maxLength={100} value={f.name} onChange={(e) => setF({ ...f, name: e.currentTarget.value })} />
        <div>
          <Text size="sm" fw={500}>
            Prices from
          </Text>
          <DateField value={f.effectiveFrom} onChange={(v) => setF({ ...f, effectiveFrom: v })} />
        </div>
        <NumberInput label="Stations included" min={0} allowDecimal={false} value={f.includedStations} onChange={(v) => setF({ ...f, includedStations: v })} />
        <NumberInput label="Price a month (₹)" min={0} decimalScale={2} thousandSeparator="," value={f.monthly} onChange={(v) => setF({ ...f, monthly: v })} />
        <NumberInput label="Price a year (₹)" min={0} decimalScale={2} thousandSeparator="," value={f.annual} onChange={(v) => setF({ ...f, annual: v })} />
        <NumberInput label="Add-on station a month (₹)" min={0} decimalScale={2} value={f.station} onChange={(v) => setF({ ...f, station: v })} />
        <NumberInput label="Add-on camera a month (₹)" min={0} decimalScale={2} value={f.camera} onChange={(v) => setF({ ...f, camera: v })} />
      </SimpleGrid>
      {error && <Alert color="red">{error.message}</Alert>}
      <Group>
        <Button
          loading={add.isPending}
          onClick={() =>
            add.mutate({ code: f.code, name: f.name, effectiveFrom: f.effectiveFrom, monthly: toPaise(f.monthly), annual: toPaise(f.annual), includedStations: Number(f.includedStations), stationAddOnMonthly: toPaise(f.station), cameraAddOnMonthly: toPaise(f.camera) })
          }
        >
          Add the plan or its new prices
        </Button>
      </Group>
    </Stack>
  );
}

export function CouponsPanel() {
  const coupons = useCoupons();
  const add = useAddCoupon();
  const [f, setF] = useState({ code: '', kind: 'PERCENT' as 'PERCENT' | 'FIXED', value: 10 as string | number, duration: 'ONCE' as 'ONCE' | 'RECURRING', limit: '' as string | number });
  if (coupons.isPending) return <Loading />;
  if (coupons.isError) return <LoadFailed what="the coupons" onRetry={() => void coupons.refetch()} />;
  const error = add.error as ApiError | null;
  return (
    <Stack>
      <DataTable
        title="Coupons"
        rowKey={(c) => c.code}
        rows={coupons.data.items}
        emptyText="No coupon yet."
        columns={[
          { header: 'Code', value: (c) => c.code },
          { header: 'Off', value: (c) => (c.kind === 'PERCENT' ? `${c.value / 100} %` : rupees(c.value)) },
          { header: 'Applies', value: (c) => (c.duration === 'ONCE' ? 'Once' : 'Every renewal') },
          { header: 'Plans', wrap: true, value: (c) => (c.planCodes.length ? c.planCodes.join(', ') : 'All') },
          { header: 'Valid until', value: (c) => (c.validUntil ? day(c.validUntil) : 'No end') },
          { header: 'Used', align: 'right', value: (c) => `${c.redeemed}${c.maxRedemptions === null ? '' : ` of ${c.maxRedemptions}`}` },
        ]}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Code" maxLength={32} value={f.code} onChange={(e) => setF({ ...f, code: e.currentTarget.value.toUpperCase() })} />
        <Select label="Kind" data={[{ value: 'PERCENT', label: 'Percentage' }, { value: 'FIXED', label: 'Fixed amount (₹)' }]} value={f.kind} onChange={(v) => setF({ ...f, kind: (v ?? 'PERCENT') as 'PERCENT' | 'FIXED' })} />
        <NumberInput label={f.kind === 'PERCENT' ? 'Percent off (%)' : 'Amount off (₹)'} min={0} decimalScale={2} value={f.value} onChange={(v) => setF({ ...f, value: v })} />
        <Select label="Applies" data={[{ value: 'ONCE', label: 'Once' }, { value: 'RECURRING', label: 'Every renewal' }]} value={f.duration} onChange={(v) => setF({ ...f, duration: (v ?? 'ONCE') as 'ONCE' | 'RECURRING' })} />
        <NumberInput label="Usage limit (subscribers)" min={1} allowDecimal={false} value={f.limit} onChange={(v) => setF({ ...f, limit: v })} />
      </SimpleGrid>
      {error && <Alert color="red">{error.message}</Alert>}
      <Group>
        <Button
          loading={add.isPending}
          onClick={() => add.mutate({ code: f.code, kind: f.kind, value: toPaise(f.value), duration: f.duration, maxRedemptions: f.limit === '' ? null : Number(f.limit) })}
        >
          Add the coupon
        </Button>
      </Group>
    </Stack>
  );
}
