/**
 * Money of subscriptions and invoices: whole paise in safe integers, never floats of rupees, so a
 * sum of lines is the total to the paisa. Shown with Indian digit grouping (SPEC 1) and, on an
 * invoice, in words the Indian way (lakh, crore).
 */

/** The most an amount may be (₹1,000 crore in paise): far above any invoice, far below 2^53. */
export const MAX_PAISE = 1_000_00_00_000_00;

/** Whether `value` is an amount of paise: a whole number from 0 to MAX_PAISE. */
export function isPaise(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_PAISE;
}

/** `value` when it is an amount of paise; RangeError naming `what` otherwise (a negative amount, a fraction). */
export function paise(value: number, what = 'amount'): number {
  if (!isPaise(value)) throw new RangeError(`${what} must be whole paise from 0 to ${MAX_PAISE}, not ${value}`);
  return value;
}

/** `a × numerator / denominator`, rounded half up, in integers (a pro-rata share or a tax). */
export function share(a: number, numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('share of nothing');
  const big = (BigInt(a) * BigInt(numerator) * 2n + BigInt(denominator)) / (2n * BigInt(denominator));
  return Number(big);
}

/** `a × numerator / denominator` rounded down (what is refunded is never rounded up). */
export function shareDown(a: number, numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('share of nothing');
  return Number((BigInt(a) * BigInt(numerator)) / BigInt(denominator));
}

const GROUPING = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** '1,23,456.78': paise as rupees with Indian digit grouping and always two decimals (where ₹ is in a heading, or a font lacks it). */
export function formatPaise(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${GROUPING.format(Math.trunc(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** '₹1,23,456.78': rupees with Indian digit grouping and always two decimals of paise. */
export function formatRupees(amount: number): string {
  const text = formatPaise(amount);
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ('Forty-Two'). */
function twoDigits(n: number): string {
  if (n < 20) return ONES[n]!;
  const t = TENS[Math.trunc(n / 10)]!;
  return n % 10 === 0 ? t : `${t}-${ONES[n % 10]}`;
}

/** 0–999 in words. */
function threeDigits(n: number): string {
  const h = Math.trunc(n / 100);
  const rest = n % 100;
  return [h > 0 ? `${ONES[h]} Hundred` : '', rest > 0 ? twoDigits(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words by the Indian system: crore (10^7), lakh (10^5), thousand, hundred. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.trunc(n / 1_00_00_000);
  const lakh = Math.trunc((n % 1_00_00_000) / 1_00_000);
  const thousand = Math.trunc((n % 1_00_000) / 1000);
  const rest = n % 1000;
  return [
    crore > 0 ? `${numberInWords(crore)} Crore` : '',
    lakh > 0 ? `${twoDigits(lakh)} Lakh` : '',
    thousand > 0 ? `${twoDigits(thousand)} Thousand` : '',
    rest > 0 ? threeDigits(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An invoice's amount in words: 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only'. */
export function amountInWords(amount: number): string {
  paise(amount);
  const rupees = Math.trunc(amount / 100);
  const p = amount % 100;
  const paiseWords = p > 0 ? ` and ${twoDigits(p)} Paise` : '';
  return `Rupees ${numberInWords(rupees)}${paiseWords} Only`;
}
