import { describe, expect, it } from 'vitest';
import { E_INVOICE_MAX_ATTEMPTS, eInvoiceRetryDelay } from './e-invoice-retry.ts';

describe('e-invoice retries', () => {
  it('back off from a minute, doubling, to six hours apart, then give up', () => {
    expect(eInvoiceRetryDelay(1)).toBe(60_000);
    expect(eInvoiceRetryDelay(2)).toBe(120_000);
    expect(eInvoiceRetryDelay(5)).toBe(16 * 60_000);
    expect(eInvoiceRetryDelay(11)).toBe(6 * 3_600_000);
    expect(eInvoiceRetryDelay(E_INVOICE_MAX_ATTEMPTS)).toBeNull();
  });
});
