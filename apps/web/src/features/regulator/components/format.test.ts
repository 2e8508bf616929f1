import { describe, expect, it } from 'vitest';
import { errorInWords } from './format';

describe('regulator errors in words', () => {
  it("says what the code means, not the regulator's raw JSON answer", () => {
    const raw = 'E403: {"msg":"body does not decrypt with the token","status":"failed"}';
    const words = errorInWords(raw, 'the body did not decrypt with the industry token (token mismatch); retried');
    expect(words).toBe('The body did not decrypt with the industry token (token mismatch); retried (code E403)');
    expect(words).not.toContain('{');
  });

  it('falls back to a sentence when the server knows no meaning, and gives nothing without an error', () => {
    expect(errorInWords('X1: {"a":1}', null)).toBe('The regulator refused the data (code X1)');
    expect(errorInWords(null, null)).toBeNull();
  });
});
