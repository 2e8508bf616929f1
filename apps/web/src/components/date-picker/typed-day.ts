const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** 'YYYY-MM-DD' of a real calendar day, or null. */
function dayKey(year: number, month: number, day: number): string | null {
  if (!(year >= 1900 && year <= 2999 && month >= 1 && month <= 12 && day >= 1)) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A day as a person types it: the app's own '28 Nov 2026' (or 'November'), India's '28/11/2026' or
 * '28-11-2026', or ISO '2026-11-28'; null when it is none of these or no such day exists.
 */
export function parseTypedDay(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return dayKey(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return dayKey(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(t);
  if (m) {
    const name = m[2]!.toLowerCase();
    const month = MONTHS.findIndex((x) => name.startsWith(x));
    if (month < 0) return null;
    return dayKey(Number(m[3]), month + 1, Number(m[1]));
  }
  return null;
}
