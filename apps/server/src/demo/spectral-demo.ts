import { spectralParamName } from '@enviro/domain/spectral';
import type { OperatorProvisioning } from '../operator-provisioning.ts';
import type { CtoStation } from './cto-documents.ts';
import type { HistoryDevice } from './history.ts';
import { seriesSignal, type SignalShape } from './signal.ts';

/** Wavelengths of the demo's UV-Vis probe, nm: the organics band (254 nm) and its neighbours. */
const WAVELENGTHS = [200, 220, 240, 254, 280, 300, 320, 350, 400];

/** Absorbance of treated effluent falls off steeply from the deep UV. */
const absorbanceAt = (nm: number) => Math.round((1.6 * Math.exp(-(nm - 200) / 70) + 0.04) * 1000) / 1000;

function shape(base: number, decimals: number): SignalShape {
  return { base, daily: 0.1, peakHour: 14, wander: 0.06, noise: 0.02, decimals, spread: 0.05 };
}

/**
 * The demo's spectral analyser (issue 13, Modbus readings by type and wavelength): a UV-Vis probe on
 * the first effluent station, reporting absorbance at nine wavelengths and its lamp's intensity at
 * 254 nm (and its own temperature, a diagnostic) beside the station's own analyser; its history is
 * written with the others'.
 */
export async function provisionSpectralAnalyser(provisioning: OperatorProvisioning, stations: readonly CtoStation[], untilMs: number): Promise<HistoryDevice | null> {
  const station = stations.find((s) => s.stationType === 'eqms');
  if (!station) return null;
  const serial = 'DEMO-UVVIS-01';
  const params = [
    ...WAVELENGTHS.map((nm) => ({ name: spectralParamName('absorbance', nm), shape: shape(absorbanceAt(nm), 3) })),
    { name: spectralParamName('intensity', 254), shape: shape(14_500, 0) },
    // Its own temperature: the device detail's diagnostics chart.
    { name: 'device_temperature', shape: shape(31, 1) },
  ];
  const device = await provisioning.createDevice({
    tenantId: station.tenantId,
    entityId: station.stationId,
    name: 's::can spectro::lyser',
    make: 's::can',
    model: 'spectro::lyser V3',
    serialNo: serial,
    params: params.map((p) => ({ name: p.name })),
  });
  return { tenantId: station.tenantId, deviceId: device.id, serial, series: params.map((p) => seriesSignal(serial, p.name, p.shape, {})), untilMs };
}
