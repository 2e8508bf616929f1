/**
 * The correction layer's rule in SQL (180_reading_corrections.sql; the reference is `correctedValue`
 * of @enviro/domain/reading-correction): the value a raw `value` has under the correction row
 * `alias` (LEFT JOINed: no row, the value as received).
 */
export const CORRECTED_VALUE = (value: string, alias: string) =>
  `CASE ${alias}.kind WHEN 'INVALID' THEN NULL WHEN 'REPLACE' THEN ${alias}.value_offset
     WHEN 'LINEAR' THEN ${value} * ${alias}.factor + ${alias}.value_offset ELSE ${value} END`;
