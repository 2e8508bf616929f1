import type { RegulatorProtocol } from '@enviro/contracts/regulator';
import { formatInstant, formatSpan } from '@/lib/dates';

/** How each protocol is named on screen. */
export const PROTOCOL_LABELS: Record<RegulatorProtocol, string> = {
  CPCB_ODAMS: 'CPCB ODAMS (encrypted, signed)',
  CPCB_RTDMS: 'CPCB RTDMS (per station JSON)',
  GENERIC_JSON: 'Generic JSON over HTTPS (state boards)',
};

/** A 15-minute slot as IST start–end, e.g. '26 Nov 2026 10:15–10:30'. */
export function formatSlot(slot: string | null): string {
  if (slot === null) return 'None yet';
  const start = Date.parse(slot);
  return formatSpan(start, start + 15 * 60_000);
}

/** Where a station's accepted data ends: the end of its newest accepted slot in IST, e.g. '26 Nov 2026 10:30'. */
export function formatSlotEnd(slot: string | null): string {
  if (slot === null) return 'None yet';
  return formatInstant(Date.parse(slot) + 15 * 60_000);
}

/** An instant in IST to the minute, or a dash. */
export const formatAt = (at: string | null): string => (at === null ? '-' : formatInstant(at));

/**
 * A push error in words: what its code means (the server's code→meaning map, sent as
 * `lastErrorMeaning`), then the code for support; the regulator's raw answer (often JSON) stays out
 * of the sentence. Null when there is no error.
 */
export function errorInWords(lastError: string | null, meaning: string | null): string | null {
  if (!lastError) return null;
  const code = lastError.split(':', 1)[0]!.trim();
  const words = meaning ?? 'the regulator refused the data';
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (code ${code})`;
}
