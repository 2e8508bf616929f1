import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  const fields = ['name', 'corporateId'] as const;
  it.each([
    ['a validation error on a body field', new ApiError(400, 'body.name: Too small', 'body.name'), { name: 'Too small' }, null],
    ['a service error naming the field', new ApiError(400, 'corporateId: no corporate 9', 'corporateId'), { corporateId: 'No corporate 9' }, null],
    ['a field the form does not have', new ApiError(400, 'status: bad', 'status'), {}, 'status: bad'],
    ['an error without a field', new ApiError(403, 'Forbidden'), {}, 'Forbidden'],
    ['no error', null, {}, null],
  ])('%s', (_, error, byField, general) => {
    expect(fieldErrors(error, fields)).toEqual({ byField, general });
  });

  it.each([
    [new ApiError(400, 'body.password: must be at least 10 characters', 'body.password'), 'password', 'Must be at least 10 characters'],
    [new ApiError(400, 'currentPassword: is wrong', 'currentPassword'), 'currentPassword', 'Is wrong'],
    [new ApiError(400, 'body.otp: must be the 6-digit code', 'body.otp'), 'password', undefined],
    [new ApiError(429, 'Too many attempts'), 'password', undefined],
    [new Error('boom'), 'password', undefined],
  ])('%s for %s', (error, field, expected) => {
    expect(fieldErrors(error, [field]).byField[field]).toBe(expected);
  });

  it("rewrites zod's own words from the server under the field", () => {
    const tooSmall = new ApiError(400, 'body.name: Too small: expected string to have >=1 characters', 'body.name');
    expect(fieldErrors(tooSmall, fields).byField.name).toBe('Required');
  });

  it('leaves errors that blame no listed field to the form', () => {
    expect(fieldErrors(new ApiError(404, 'gone'), ['password']).general).toBe('gone');
    expect(fieldErrors(new ApiError(400, 'body.password: short', 'body.password'), ['password']).general).toBeNull();
    expect(fieldErrors(null, ['password']).general).toBeNull();
  });
});
