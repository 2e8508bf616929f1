/**
 * Spectral analysers (UV-Vis effluent probes, DOAS stack analysers) read out over Modbus report one
 * value per wavelength of each reading type. Each (type, wavelength) is a diagnostic parameter of
 * its own, named `device_<type>_<wavelength>nm` (e.g. `device_absorbance_254nm`): a slot of the
 * device like any other, so ingestion, CSV import, rollups and removal need nothing new, and the
 * `device_` prefix keeps the spectrum out of process data (SPEC 3). The catalogue entry of such a
 * name is made when a device first names it (its type fixes label and unit).
 */

/** What a spectral analyser reports per wavelength, with the unit of each. */
export const SPECTRAL_TYPES = {
  absorbance: { label: 'Absorbance', unit: 'AU' },
  transmittance: { label: 'Transmittance', unit: '%' },
  intensity: { label: 'Intensity', unit: 'counts' },
} as const;
export type SpectralType = keyof typeof SPECTRAL_TYPES;
export const SPECTRAL_TYPE_NAMES = Object.keys(SPECTRAL_TYPES) as SpectralType[];

/** Wavelengths analysers cover, in whole nanometres (deep UV to near infrared). */
export const MIN_WAVELENGTH_NM = 100;
export const MAX_WAVELENGTH_NM = 2500;

const PATTERN = new RegExp(`^device_(${SPECTRAL_TYPE_NAMES.join('|')})_([1-9][0-9]{2,3})nm$`);

/** The type and wavelength a parameter name stands for, or null when it is not a spectral one. */
export function parseSpectralParam(name: string): { type: SpectralType; wavelength: number } | null {
  const match = PATTERN.exec(name);
  if (!match) return null;
  const wavelength = Number(match[2]);
  if (wavelength < MIN_WAVELENGTH_NM || wavelength > MAX_WAVELENGTH_NM) return null;
  return { type: match[1] as SpectralType, wavelength };
}

/** The parameter name of a type at a wavelength. */
export function spectralParamName(type: SpectralType, wavelength: number): string {
  return `device_${type}_${wavelength}nm`;
}

/** The catalogue entry of a spectral parameter: label and unit from its type. */
export function spectralCatalogueEntry(name: string): { name: string; label: string; unit: string } | null {
  const p = parseSpectralParam(name);
  if (!p) return null;
  const t = SPECTRAL_TYPES[p.type];
  return { name, label: `${t.label} ${p.wavelength} nm`, unit: t.unit };
}
