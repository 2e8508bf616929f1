import { spectralCatalogueEntry } from '@enviro/domain/spectral';
import { Repository } from '../../platform/database/repository.ts';

/**
 * Catalogue entries of spectral parameters (`device_<type>_<wavelength>nm`, @enviro/domain/spectral),
 * made when a device first names one: an analyser's wavelengths are its maker's choice, so the
 * catalogue cannot list them all beforehand.
 */
export class SpectralParamRepository extends Repository {
  /** Adds the catalogue entries missing among the spectral names; other names are left alone. */
  async ensure(names: readonly string[]): Promise<void> {
    const entries = names.flatMap((n) => spectralCatalogueEntry(n) ?? []);
    if (entries.length === 0) return;
    const known = await this.db.selectFrom('std_param').select('name').where('name', 'in', entries.map((e) => e.name)).execute();
    const have = new Set(known.map((r) => r.name));
    const missing = entries.filter((e) => !have.has(e.name));
    // Only when something is missing: the insert moves the shared catalogue's version (migration 016) even when it adds nothing.
    if (missing.length === 0) return;
    await this.db
      .insertInto('std_param')
      .values(missing.map((e) => ({ name: e.name, label: e.label, unit: e.unit, show_widget: false })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
}
