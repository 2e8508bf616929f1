/**
 * Zero and span drift across calibration checks (EN 14181 QAL3): a two-sided CUSUM of each check's
 * deviation (per cent of span) from zero. `k` is the drift ignored per check (half the shift worth
 * detecting), `h` the decision interval. Answers the indexes of the checks at which the sum crossed
 * `h`; the sums restart after an alarm, as after the analyser's adjustment.
 */
export function cusumDrift(deviations: readonly number[], k = 1, h = 5): number[] {
  let up = 0;
  let down = 0;
  const out: number[] = [];
  deviations.forEach((x, i) => {
    up = Math.max(0, up + x - k);
    down = Math.max(0, down - x - k);
    if (up > h || down > h) {
      out.push(i);
      up = 0;
      down = 0;
    }
  });
  return out;
}

/**
 * The periods a drift alarm puts in doubt: what the analyser measured between the check before the
 * alarm and the check that raised it (the adjustment at that check restores it).
 */
export function driftPeriods(checks: readonly { at: number; deviation: number }[], k = 1, h = 5): { from: number; to: number }[] {
  return cusumDrift(checks.map((c) => c.deviation), k, h).map((i) => ({ from: checks[Math.max(0, i - 1)]!.at, to: checks[i]!.at }));
}
