import { Anchor, Box, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DeviceDetail } from '@enviro/contracts/devices';
import { parseSpectralParam, SPECTRAL_TYPES, type SpectralType } from '@enviro/domain/spectral';
import { DateRangePicker } from '@/components/date-picker/date-range-picker';
import { rangeError, sinceYesterday, type InstantRange } from '@/components/date-picker/date-range';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { useDevice } from '../api/get-device';
import { DiagnosticsCharts, healthParams, WavelengthTrend, type ReadingRange } from './device-charts';

/** The longest period the device readings answer at once (POST /api/devices/{id}/param/data, GET …/modbus). */
const MAX_DAYS = 7;

/**
 * One device's diagnostics over a picked period (SPEC 7 "diagnostic params by device", "modbus
 * readings by type and wavelength"): a chart per diagnostic (device_) parameter, such as its
 * temperature or supply voltage, and for a spectral analyser one wavelength of a reading type in
 * time. Reached from the device's page.
 */
export function DeviceDiagnosticsView({ id }: { id: number }) {
  const device = useDevice(id);
  const [range, setRange] = useState<InstantRange>(() => sinceYesterday(Date.now()));
  if (device.error) return <LoadFailed what="the device" onRetry={() => void device.refetch()} />;
  if (!device.data) return <Loading />;
  const d = device.data;
  const readings: ReadingRange = { startTime: new Date(range.start).toISOString(), endTime: new Date(range.end).toISOString() };
  const valid = rangeError(range, MAX_DAYS) === null;
  const spectral = spectrumOf(d);
  return (
    <Stack>
      <Anchor component={Link} to={paths.app.device.getHref(d.id)} size="sm">
        ← {d.name}
      </Anchor>
      <Title order={2}>Diagnostics of {d.name}</Title>
      <Text size="sm" c="dimmed">
        The device's own readings, kept out of process data: at most {MAX_DAYS} days at a time, every reading as it was sent (times in IST).
      </Text>
      <Box maw={480}>
        <DateRangePicker value={range} onChange={setRange} maxSpanDays={MAX_DAYS} />
      </Box>
      {healthParams(d).length === 0 && spectral.size === 0 && <Text>This device reports no diagnostic parameters.</Text>}
      {valid && <DiagnosticsCharts device={d} range={readings} over="over the period" title={<Title order={3}>Device health</Title>} />}
      {valid && spectral.size > 0 && <SpectrumOverTime device={d} range={readings} spectral={spectral} />}
    </Stack>
  );
}

/** A spectral analyser's wavelengths by reading type, shortest first. */
function spectrumOf(device: DeviceDetail): Map<SpectralType, number[]> {
  const out = new Map<SpectralType, number[]>();
  for (const p of device.params ?? []) {
    const s = p.deletedDate ? null : parseSpectralParam(p.name);
    if (s) out.set(s.type, [...(out.get(s.type) ?? []), s.wavelength].sort((a, b) => a - b));
  }
  return out;
}

/** One wavelength of one reading type over the period, both picked among those the analyser reports. */
function SpectrumOverTime({ device, range, spectral }: { device: DeviceDetail; range: ReadingRange; spectral: Map<SpectralType, number[]> }) {
  const types = [...spectral.keys()];
  const [type, setType] = useState<SpectralType>(types[0]!);
  const wavelengths = spectral.get(type) ?? [];
  const [picked, setPicked] = useState<number>(wavelengths[0]!);
  // A wavelength of the type picked before stays; another type starts at its shortest.
  const wavelength = wavelengths.includes(picked) ? picked : wavelengths[0]!;
  return (
    <Stack gap="xs">
      <Title order={3}>Spectrum over time</Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} maw={480}>
        <Select
          label="Reading"
          data={types.map((t) => ({ value: t, label: `${SPECTRAL_TYPES[t].label} (${SPECTRAL_TYPES[t].unit})` }))}
          value={type}
          onChange={(v) => v && setType(v as SpectralType)}
          allowDeselect={false}
        />
        <Select
          label="Wavelength"
          data={wavelengths.map((w) => ({ value: String(w), label: `${w} nm` }))}
          value={String(wavelength)}
          onChange={(v) => v && setPicked(Number(v))}
          allowDeselect={false}
          searchable
        />
      </SimpleGrid>
      <WavelengthTrend device={device} range={range} type={type} wavelength={wavelength} />
    </Stack>
  );
}
