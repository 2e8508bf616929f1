import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { apiFieldError, apiFormError } from './api-field-error';

describe('apiFieldError', () => {
  it.each([
    [new ApiError(400, 'body.password: must be at least 10 characters', 'body.password'), 'password', 'Must be at least 10 characters'],
    [new ApiError(400, 'currentPassword: is wrong', 'currentPassword'), 'currentPassword', 'Is wrong'],
    [new ApiError(400, 'body.otp: must be the 6-digit code', 'body.otp'), 'password', undefined],
    [new ApiError(429, 'Too many attempts'), 'password', undefined],
    [new Error('boom'), 'password', undefined],
  ])('%s for %s', (error, field, expected) => {
    expect(apiFieldError(error, field)).toBe(expected);
  });

  it('leaves errors that blame no listed field to the form', () => {
    expect(apiFormError(new ApiError(404, 'gone'), ['password'])).toBe('gone');
    expect(apiFormError(new ApiError(400, 'body.password: short', 'body.password'), ['password'])).toBeUndefined();
    expect(apiFormError(null, ['password'])).toBeUndefined();
  });
});
