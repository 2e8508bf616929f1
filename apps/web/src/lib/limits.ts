import type { ParamLimit } from '@enviro/contracts/entities';

export type LimitState = 'within' | 'exceeds' | 'none';

/** Whether a value is inside its limits; 'none' without a value or without limits. */
export function limitState(value: number | undefined, limit: Pick<ParamLimit, 'min' | 'max'> | undefined): LimitState {
  if (value === undefined || !limit || (limit.min === null && limit.max === null)) return 'none';
  if (limit.max !== null && value > limit.max) return 'exceeds';
  if (limit.min !== null && value < limit.min) return 'exceeds';
  return 'within';
}

/** '≤ 50', '≥ 6.5', '6.5 – 8.5' or '-'. */
export function limitText(limit: Pick<ParamLimit, 'min' | 'max'> | undefined, format: (n: number) => string): string {
  if (!limit || (limit.min === null && limit.max === null)) return '-';
  if (limit.min !== null && limit.max !== null) return `${format(limit.min)} – ${format(limit.max)}`;
  return limit.max !== null ? `≤ ${format(limit.max)}` : `≥ ${format(limit.min!)}`;
}
