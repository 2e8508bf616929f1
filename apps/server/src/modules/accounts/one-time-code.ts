import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Limits of one-time codes and invite links. */
export const VERIFICATION_LIMITS = {
  /** An invite link works this long. */
  inviteValidMs: 7 * 24 * 3_600_000,
  /** A 6-digit code works this long. */
  codeValidMs: 10 * 60_000,
  /** Wrong codes allowed; then the code stops working and a new one is needed. */
  maxWrongAttempts: 5,
  /** A new code (or invite) at most this often per user and purpose… */
  resendIntervalMs: 60_000,
  /** …and at most this many in `resendWindowMs`. */
  resendPerWindow: 5,
  resendWindowMs: 3_600_000,
} as const;

export type VerificationLimits = typeof VERIFICATION_LIMITS;

/** A 6-digit code, uniformly drawn (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A 32-byte random invite token for the link, and the SHA-256 (hex) kept in the database. */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: inviteTokenHash(token) };
}

export function inviteTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An email with the local part hidden after its first character: `a***@example.in`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A phone number with all but its last four digits hidden: `******4321`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`;
}
