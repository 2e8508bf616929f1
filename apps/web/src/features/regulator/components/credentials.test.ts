import { describe, expect, it } from 'vitest';
import { credentialsInput } from './credentials';

describe('credentialsInput', () => {
  it('leaves untouched credentials out, so the stored ones are kept', () => {
    expect(credentialsInput({ values: {}, cleared: [] }, 'CPCB_ODAMS')).toBeUndefined();
    expect(credentialsInput({ values: { token: '   ' }, cleared: [] }, 'CPCB_ODAMS')).toBeUndefined();
  });

  it('sends typed values (trimmed) and null for cleared ones, only of the protocol', () => {
    // ODAMS keys the body with the token id: a token is not one of its credentials.
    expect(credentialsInput({ values: { tokenId: ' abc ', token: 't', password: 'p' }, cleared: ['publicKey', 'username'] }, 'CPCB_ODAMS')).toEqual({
      tokenId: 'abc',
      publicKey: null,
    });
    expect(credentialsInput({ values: { username: 'u' }, cleared: ['password'] }, 'CPCB_RTDMS')).toEqual({ username: 'u', password: null });
  });

  it('prefers a typed value over clearing', () => {
    expect(credentialsInput({ values: { token: 'new' }, cleared: ['token'] }, 'GENERIC_JSON')).toEqual({ token: 'new' });
  });
});
