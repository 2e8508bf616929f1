/**
 * A financial year's energy summary in the shape of BEE's Form 1 (REGULATORY "Energy": designated
 * consumers' annual energy return under the Energy Conservation Act, April–March): electricity
 * bought and generated, the total in tonnes of oil equivalent, production and specific energy
 * consumption, and Scope 2. The one definition of the export's figures, whatever its file format.
 */

/** BEE: 1 kWh of electricity is 860 kcal; 1 toe is 10^7 kcal. */
export const TOE_PER_KWH = 860 / 10_000_000;

export interface Form1Input {
  unitName: string;
  fy: string;
  gridKwh: number;
  solarKwh: number;
  dgKwh: number;
  /** CEA's factor used, tCO2/MWh; null when no factor covers the year. */
  factor: number | null;
  grossTco2: number | null;
  offsetTco2: number | null;
  netTco2: number | null;
  /** The year's production entered so far, or null when none was. */
  production: { quantity: number; unit: string } | null;
}

export interface Form1Row {
  item: string;
  value: string | number | null;
  unit: string;
}

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;

/** The rows of the summary, in Form 1's order. */
export function form1Rows(f: Form1Input): Form1Row[] {
  const total = f.gridKwh + f.solarKwh + f.dgKwh;
  const p = f.production;
  return [
    { item: 'Name of the unit', value: f.unitName, unit: '' },
    { item: 'Financial year', value: f.fy, unit: '' },
    { item: 'Electricity purchased from the grid', value: round(f.gridKwh, 0), unit: 'kWh' },
    { item: 'Electricity generated: solar (renewable)', value: round(f.solarKwh, 0), unit: 'kWh' },
    { item: 'Electricity generated: DG sets', value: round(f.dgKwh, 0), unit: 'kWh' },
    { item: 'Total electricity consumed', value: round(total, 0), unit: 'kWh' },
    { item: 'Total electricity consumed', value: round(total * TOE_PER_KWH, 2), unit: 'toe' },
    { item: 'Production', value: p ? round(p.quantity, 0) : null, unit: p?.unit ?? '' },
    { item: 'Specific energy consumption (electricity)', value: p && p.quantity > 0 ? round(total / p.quantity, 2) : null, unit: p ? `kWh/${p.unit}` : '' },
    { item: 'Grid emission factor (CEA)', value: f.factor, unit: 'tCO2/MWh' },
    { item: 'Scope 2 emissions (location-based)', value: f.grossTco2 === null ? null : round(f.grossTco2, 1), unit: 'tCO2' },
    { item: 'Offsets (own solar, RECs, green tariff)', value: f.offsetTco2 === null ? null : round(f.offsetTco2, 1), unit: 'tCO2' },
    { item: 'Scope 2 emissions net of offsets', value: f.netTco2 === null ? null : round(f.netTco2, 1), unit: 'tCO2' },
  ];
}
