/** Name of the station property that says whether the unit operates (SPEC 3). */
export const OPERATIONAL_PROPERTY = 'Operational';

/** A station's operational value: its Operational property, 'True' when absent. */
export function operationalValue(properties: readonly { name: string; value: string }[]): string {
  return properties.find((p) => p.name === OPERATIONAL_PROPERTY)?.value ?? 'True';
}

/** SPEC 4: a station is operating unless its operational value is exactly 'False'. */
export function isOperating(properties: readonly { name: string; value: string }[]): boolean {
  return operationalValue(properties) !== 'False';
}
