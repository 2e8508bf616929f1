/**
 * Modbus readings of spectral analysers by type and wavelength (SPEC 7 Devices and calibration):
 * the device's `device_<type>_<wavelength>nm` parameters (@enviro/domain/spectral), grouped.
 */
import { MAX_WAVELENGTH_NM, MIN_WAVELENGTH_NM, SPECTRAL_TYPE_NAMES, type SpectralType } from '@enviro/domain/spectral';
import { z } from 'zod';

export const SpectralTypeName = z.enum(SPECTRAL_TYPE_NAMES as [SpectralType, ...SpectralType[]]);

/** Query of GET /api/devices/{id}/modbus: a range (startTime and endTime) or the 15-minute slot of `time`. */
export const ModbusQuery = z
  .object({
    /** Only this reading type: absorbance, transmittance or intensity; one the device does not report is 400 naming it. */
    type: SpectralTypeName.optional(),
    /** Only this wavelength, in whole nanometres; one the device does not report (of the type) is 400 naming it. */
    wavelength: z.coerce.number().int().min(MIN_WAVELENGTH_NM).max(MAX_WAVELENGTH_NM).optional(),
    /** From (ISO 8601); with endTime. Neither a range nor `time`: the last 24 hours. */
    startTime: z.iso.datetime({ offset: true }).optional(),
    /**
     * To (ISO 8601), excluded; at most 7 days after startTime. An answer holds at most 100,000
     * values (readings × wavelengths): a range with more is 400 naming it, so narrow the range, the
     * type or the wavelength.
     */
    endTime: z.iso.datetime({ offset: true }).optional(),
    /** Instead of a range: the readings of this instant's 15-minute slot. */
    time: z.iso.datetime({ offset: true }).optional(),
  });
export type ModbusQuery = z.infer<typeof ModbusQuery>;

/** One wavelength's readings. */
export const WavelengthReadings = z.object({
  /** Nanometres. */
  wavelength: z.number().int(),
  /** The parameter holding them, e.g. 'device_absorbance_254nm'. */
  name: z.string(),
  /** Readings in time order. */
  data: z.array(z.object({ time: z.iso.datetime({ offset: true }), value: z.number() })),
});

/** One reading type's wavelengths, shortest first. */
export const SpectralTypeReadings = z.object({
  type: SpectralTypeName,
  /** Its label, e.g. 'Absorbance'. */
  label: z.string(),
  /** The device's unit of it. */
  unit: z.string(),
  wavelengths: z.array(WavelengthReadings),
});
export type SpectralTypeReadings = z.infer<typeof SpectralTypeReadings>;

/** Answer of GET /api/devices/{id}/modbus: by type, then wavelength; empty for a device that reports no spectrum. */
export const ModbusReadings = z.array(SpectralTypeReadings);
export type ModbusReadings = z.infer<typeof ModbusReadings>;
