/**
 * SPEC 1, 5: a phone number shows as +91 and its ten digits in groups of four, three and three
 * ('+91 9876 543 210'). Numbers with fewer than ten digits are shown as they were given; a longer
 * one (already carrying 91 or 0) keeps its last ten digits.
 */
export function formatPhone(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const text = String(raw);
  const digits = text.replace(/\D/g, '');
  if (digits.length < 10) return text;
  const ten = digits.slice(-10);
  return `+91 ${ten.slice(0, 4)} ${ten.slice(4, 7)} ${ten.slice(7)}`;
}
