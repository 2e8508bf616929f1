/**
 * Invoice and credit-note numbers (CGST Rules 2017, rule 46(b)): consecutive, unique within a
 * financial year (April to March), at most 16 characters of letters, digits, '-' and '/'. The
 * numbers themselves are handed out by one counter row per series and year, taken in the
 * transaction that writes the document, so a rolled-back document frees its number again: the
 * series has no gaps.
 */
export type DocumentSeries = 'INVOICE' | 'CREDIT_NOTE';

const PREFIX: Record<DocumentSeries, string> = { INVOICE: 'EVI', CREDIT_NOTE: 'EVC' };

/** The financial year holding an India day: '2026-27' for 2026-04-01 to 2027-03-31. */
export function financialYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (!Number.isInteger(year) || !(month >= 1 && month <= 12)) throw new RangeError(`not a day: '${day}'`);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** 'EVI/2627/000123': series, financial year, the number in it (15 characters up to 999,999 a year). */
export function documentNumber(series: DocumentSeries, financialYear: string, seq: number): string {
  if (!Number.isInteger(seq) || seq < 1 || seq > 999_999) throw new RangeError(`number ${seq} outside 1 to 999999`);
  const fy = `${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}`;
  return `${PREFIX[series]}/${fy}/${String(seq).padStart(6, '0')}`;
}

/** Whether a document number is valid under rule 46(b). */
export function isValidDocumentNumber(number: string): boolean {
  return /^[A-Za-z0-9/-]{1,16}$/.test(number);
}

/** The first number missing from a series' sequence numbers (1, 2, 3, …), or null when there is no gap. */
export function firstGap(seqs: readonly number[]): number | null {
  const sorted = [...seqs].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i++) if (sorted[i] !== i + 1) return i + 1;
  return null;
}
