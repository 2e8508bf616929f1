import { compareNatural } from './natural-sort.ts';

/** SPEC 9 rank of each station type; lower comes first. */
export const STATION_TYPE_RANK: Readonly<Record<string, number>> = {
  eqms: 1,
  cems: 2,
  caaqms: 3,
  Ash: 4,
  'ground water': 5,
  water: 6,
  facility: 7,
  space: 8,
  inverter: 9,
};

/**
 * Ranks the product knows only for the right-hand station of a comparison. Kept because users know
 * the resulting order: a Bore well or Water Level station on the left ranks like an unknown type.
 */
const RIGHT_ONLY_RANK: Readonly<Record<string, number>> = { 'Bore well': 10, 'Water Level': 11 };

/** Types without a rank sort with caaqms. */
export const UNKNOWN_TYPE_RANK = 3;

export interface TypedStation {
  type: string;
  name: string;
}

/** SPEC 9 station comparator: by type rank (with the Bore well / Water Level quirk), then by name. */
export function compareStations(a: TypedStation, b: TypedStation): number {
  const left = STATION_TYPE_RANK[a.type] ?? UNKNOWN_TYPE_RANK;
  const right = STATION_TYPE_RANK[b.type] ?? RIGHT_ONLY_RANK[b.type] ?? UNKNOWN_TYPE_RANK;
  return left - right || compareNatural(a.name, b.name);
}

/** A sorted copy of `stations` in SPEC 9 order. */
export function sortStations<T extends TypedStation>(stations: readonly T[]): T[] {
  return [...stations].sort(compareStations);
}

/** The distinct types of `stations` in SPEC 9 order (for grouping stations by type). */
export function orderStationTypes(types: Iterable<string>): string[] {
  return sortStations([...new Set(types)].map((type) => ({ type, name: type }))).map((s) => s.type);
}
