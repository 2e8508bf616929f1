/**
 * Energy budgets per node and period (issue 31): a month or a financial year (April–March, the
 * year of BEE's Form 1), alerts at 50, 75 and 100 % of the budget, each raised once, and a forecast
 * of the period's end at the period's run rate so far.
 */

export const BUDGET_THRESHOLDS = [50, 75, 100] as const;
export type BudgetThreshold = (typeof BUDGET_THRESHOLDS)[number];

export interface FinancialYear {
  /** '2026-27' */
  label: string;
  /** First and last day, 'YYYY-MM-DD'. */
  start: string;
  end: string;
}

/** The financial year (April–March) holding a day 'YYYY-MM-DD'. */
export function financialYearOf(day: string): FinancialYear {
  const y = Number(day.slice(0, 4));
  const first = Number(day.slice(5, 7)) >= 4 ? y : y - 1;
  return financialYear(first);
}

/** The financial year starting on 1 April of `firstYear`. */
export function financialYear(firstYear: number): FinancialYear {
  return { label: `${firstYear}-${String((firstYear + 1) % 100).padStart(2, '0')}`, start: `${firstYear}-04-01`, end: `${firstYear + 1}-03-31` };
}

/** The financial year of a label '2026-27', or undefined when the label is not one. */
export function parseFinancialYear(label: string): FinancialYear | undefined {
  const m = /^(\d{4})-(\d{2})$/.exec(label);
  if (!m) return undefined;
  const fy = financialYear(Number(m[1]));
  return fy.label === label ? fy : undefined;
}

/** The months 'YYYY-MM' of a financial year, April first. */
export function monthsOf(fy: FinancialYear): string[] {
  const y = Number(fy.start.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const m = ((3 + i) % 12) + 1;
    return `${m >= 4 ? y : y + 1}-${String(m).padStart(2, '0')}`;
  });
}

export interface BudgetInput {
  budgetKwh: number;
  /** Energy used from the period's start to `now`. */
  usedKwh: number;
  /** The period [start, end) and the instant of the figure (epoch ms). */
  start: number;
  end: number;
  now: number;
}

export interface BudgetStatus {
  usedKwh: number;
  usedPercent: number;
  /** The period's end at the run rate so far; equal to used once the period closed. */
  forecastKwh: number;
  forecastPercent: number;
  /** Thresholds reached by the energy used. */
  reached: BudgetThreshold[];
  /** Share of the period elapsed, 0–1. */
  elapsed: number;
}

export function budgetStatus(b: BudgetInput): BudgetStatus {
  const length = b.end - b.start;
  const elapsed = Math.min(1, Math.max(0, (b.now - b.start) / length));
  const forecastKwh = elapsed >= 1 ? b.usedKwh : elapsed <= 0 ? 0 : b.usedKwh / elapsed;
  const pct = (v: number) => (b.budgetKwh > 0 ? (v / b.budgetKwh) * 100 : 0);
  const usedPercent = pct(b.usedKwh);
  return {
    usedKwh: b.usedKwh,
    usedPercent,
    forecastKwh,
    forecastPercent: pct(forecastKwh),
    reached: BUDGET_THRESHOLDS.filter((t) => usedPercent >= t),
    elapsed,
  };
}

/** Thresholds reached and not yet raised: each threshold is raised once per budget and period. */
export function thresholdsToRaise(status: Pick<BudgetStatus, 'reached'>, raised: readonly number[]): BudgetThreshold[] {
  return status.reached.filter((t) => !raised.includes(t));
}
