import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DeviceDetail } from '@enviro/contracts/devices';
import { formatInstant } from '@/lib/dates';
import { parseSpectralParam, SPECTRAL_TYPES, type SpectralType } from '@enviro/domain/spectral';
import { ChartWidget, type ChartState } from '@/components/charts/chart-widget';
import { useModbusReadings } from '../api/get-modbus-readings';
import { useParamData } from '../api/get-param-data';

const DAY_MS = 86_400_000;

const stateOf = (q: { isPending: boolean; isError: boolean }): ChartState => (q.isError ? 'error' : q.isPending ? 'loading' : 'ready');

/** A time range of readings, as the API takes it (ISO 8601 instants). */
export interface ReadingRange {
  startTime: string;
  endTime: string;
}

/** The last 24 hours up to now. */
export function lastDay(now: number): ReadingRange {
  return { startTime: new Date(now - DAY_MS).toISOString(), endTime: new Date(now).toISOString() };
}

/** The device's diagnostic parameters a chart of their own draws: all but a spectral analyser's wavelengths. */
export function healthParams(device: DeviceDetail): string[] {
  return (device.params ?? []).filter((p) => p.diagnostic && !p.deletedDate && !parseSpectralParam(p.name)).map((p) => p.name);
}

/**
 * The device's own health over a range: a chart per diagnostic (device_) parameter, such as its
 * temperature or supply voltage. A spectral analyser's wavelengths, diagnostic too, have their own
 * charts ({@link SpectrumCharts}, {@link WavelengthTrend}).
 */
export function DiagnosticsCharts({ device, range, title, over }: { device: DeviceDetail; range: ReadingRange; title: ReactNode; over: string }) {
  const names = healthParams(device);
  const data = useParamData(device.id, names, range.startTime, range.endTime);
  if (names.length === 0) return null;
  return (
    <Stack gap="xs">
      {title}
      {data.error && <Alert color="red">{data.error.message}</Alert>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {names.map((name) => {
          const param = data.data?.find((p) => p.name === name);
          const label = param?.label ?? name;
          return (
            <Stack key={name} gap={4}>
              <Text size="sm" fw={600}>
                {label}
                {param?.unit ? ` (${param.unit})` : ''}
              </Text>
              <ChartWidget
                kind="line"
                state={stateOf(data)}
                data={param && { series: [{ name: label, unit: param.unit, points: param.data.map((d) => [Date.parse(d.time), d.value] as const) }] }}
                height={200}
                options={{ yAxisName: param?.unit, decimals: 1, interval: 'minute_15' }}
                ariaLabel={`${label} of the device ${over}`}
                tableTitle={`${label} ${device.name}`}
              />
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** One wavelength of a spectral analyser over a range: its readings of one type, in time. */
export function WavelengthTrend({ device, range, type, wavelength }: { device: DeviceDetail; range: ReadingRange; type: SpectralType; wavelength: number }) {
  const readings = useModbusReadings(device.id, { ...range, type, wavelength });
  const of = readings.data?.[0];
  const series = of?.wavelengths[0];
  const label = `${SPECTRAL_TYPES[type].label} ${wavelength} nm`;
  return (
    <Stack gap={4}>
      {readings.error && <Alert color="red">{readings.error.message}</Alert>}
      <Text size="sm" fw={600}>
        {label} ({of?.unit ?? SPECTRAL_TYPES[type].unit})
      </Text>
      <ChartWidget
        kind="line"
        state={stateOf(readings)}
        data={of && series && { series: [{ name: label, unit: of.unit, points: series.data.map((d) => [Date.parse(d.time), d.value] as const) }] }}
        height={260}
        options={{ yAxisName: of?.unit, decimals: 3, interval: 'minute_15' }}
        ariaLabel={`${label} of the analyser over the period`}
        tableTitle={`${label} ${device.name}`}
      />
    </Stack>
  );
}

/**
 * A spectral analyser's latest spectrum (Modbus readings by type and wavelength): a chart per
 * reading type of the value at each wavelength, from the newest reading of the device's last
 * 15-minute slot with data.
 */
export function SpectrumCharts({ device }: { device: DeviceDetail }) {
  const spectral = (device.params ?? []).some((p) => !p.deletedDate && parseSpectralParam(p.name));
  const readings = useModbusReadings(device.id, spectral && device.lastDataAt ? { time: device.lastDataAt } : null);
  if (!spectral) return null;
  return (
    <Stack gap="xs">
      <Title order={3}>Spectrum</Title>
      {!device.lastDataAt && <Text size="sm">The analyser has not reported yet.</Text>}
      {device.lastDataAt && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(readings.data ?? [undefined]).map((t, i) => {
            const latest = t && newest(t.wavelengths);
            return (
              <Stack key={t?.type ?? i} gap={4}>
                <Text size="sm" fw={600}>
                  {t ? `${t.label} (${t.unit})${latest ? `, ${formatInstant(latest)}` : ''}` : 'Spectrum'}
                </Text>
                <ChartWidget
                  // A line needs two wavelengths; one or two read better as bars.
                  kind={t && t.wavelengths.length < 3 ? 'bar' : 'line'}
                  state={stateOf(readings)}
                  data={t && { series: [{ name: t.label, unit: t.unit, points: t.wavelengths.map((w) => [`${w.wavelength} nm`, valueAt(w.data, latest)] as const) }] }}
                  height={240}
                  options={{ xAxisType: 'category', xAxisName: 'Wavelength', yAxisName: t?.unit, decimals: 3 }}
                  ariaLabel={`${t?.label ?? 'Spectrum'} by wavelength, latest reading`}
                  tableTitle={t && `${t.label} spectrum ${device.name}`}
                />
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The newest reading time among the wavelengths. */
function newest(wavelengths: readonly { data: readonly { time: string }[] }[]): string | undefined {
  return wavelengths.flatMap((w) => w.data.map((d) => d.time)).sort().at(-1);
}

function valueAt(data: readonly { time: string; value: number }[], time: string | undefined): number | null {
  return data.find((d) => d.time === time)?.value ?? null;
}
