import type { NodeEmissions, SecAnswer } from '@enviro/contracts/energy';

/** BEE: 1 kWh of electricity is 860 kcal; 1 toe is 10^7 kcal. */
export const TOE_PER_KWH = 860 / 10_000_000;

/**
 * The financial year's energy summary in the shape of BEE's Form 1 (designated consumers' annual
 * energy return): electricity bought and generated, total in toe, production and SEC, Scope 2.
 */
export function form1Rows(unitName: string, e: NodeEmissions, sec: SecAnswer | undefined): { item: string; value: string | number | null; unit: string }[] {
  const total = e.gridKwh + e.solarKwh + e.dgKwh;
  const production = sec ? sec.days.reduce((s, d) => s + (d.production ?? 0), 0) : null;
  const r = (v: number) => Math.round(v);
  return [
    { item: 'Name of the unit', value: unitName, unit: '' },
    { item: 'Financial year', value: e.fy, unit: '' },
    { item: 'Electricity purchased from the grid', value: r(e.gridKwh), unit: 'kWh' },
    { item: 'Electricity generated: solar (renewable)', value: r(e.solarKwh), unit: 'kWh' },
    { item: 'Electricity generated: DG sets', value: r(e.dgKwh), unit: 'kWh' },
    { item: 'Total electricity consumed', value: r(total), unit: 'kWh' },
    { item: 'Total electricity consumed', value: Math.round(total * TOE_PER_KWH * 100) / 100, unit: 'toe' },
    { item: 'Production', value: production === null ? null : r(production), unit: sec?.unit ?? '' },
    { item: 'Specific energy consumption (electricity)', value: production ? Math.round((total / production) * 100) / 100 : null, unit: sec?.unit ? `kWh/${sec.unit}` : '' },
    { item: 'Grid emission factor (CEA)', value: e.factor, unit: 'tCO2/MWh' },
    { item: 'Scope 2 emissions (location-based)', value: e.grossTco2 === null ? null : Math.round(e.grossTco2 * 10) / 10, unit: 'tCO2' },
    { item: 'Offsets (own solar, RECs, green tariff)', value: e.offsetTco2 === null ? null : Math.round(e.offsetTco2 * 10) / 10, unit: 'tCO2' },
  ];
}
