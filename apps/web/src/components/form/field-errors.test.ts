import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  const fields = ['name', 'corporateId'] as const;
  it.each([
    ['a validation error on a body field', new ApiError(400, 'body.name: Too small', 'body.name'), { name: 'Too small' }, null],
    ['a service error naming the field', new ApiError(400, 'corporateId: no corporate 9', 'corporateId'), { corporateId: 'no corporate 9' }, null],
    ['a field the form does not have', new ApiError(400, 'status: bad', 'status'), {}, 'status: bad'],
    ['an error without a field', new ApiError(403, 'Forbidden'), {}, 'Forbidden'],
    ['no error', null, {}, null],
  ])('%s', (_, error, byField, general) => {
    expect(fieldErrors(error, fields)).toEqual({ byField, general });
  });
});
