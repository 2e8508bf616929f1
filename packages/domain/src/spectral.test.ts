import { describe, expect, it } from 'vitest';
import { parseSpectralParam, spectralCatalogueEntry, spectralParamName } from './spectral.ts';

describe('spectral parameter names', () => {
  it('reads type and wavelength from a name and writes the name back', () => {
    expect(parseSpectralParam('device_absorbance_254nm')).toEqual({ type: 'absorbance', wavelength: 254 });
    expect(parseSpectralParam('device_intensity_1064nm')).toEqual({ type: 'intensity', wavelength: 1064 });
    expect(spectralParamName('transmittance', 550)).toBe('device_transmittance_550nm');
  });

  it('refuses other names, unknown types and wavelengths out of range', () => {
    for (const name of ['so2', 'device_temperature', 'device_absorbance_254', 'device_colour_254nm', 'device_absorbance_099nm', 'device_absorbance_2600nm', 'device_absorbance_254.5nm']) {
      expect(parseSpectralParam(name), name).toBeNull();
    }
  });

  it("gives the catalogue entry its type's label and unit", () => {
    expect(spectralCatalogueEntry('device_absorbance_254nm')).toEqual({ name: 'device_absorbance_254nm', label: 'Absorbance 254 nm', unit: 'AU' });
    expect(spectralCatalogueEntry('pm')).toBeNull();
  });
});
