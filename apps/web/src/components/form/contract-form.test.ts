import { describe, expect, it } from 'vitest';
import { CorporateInput } from '@enviro/contracts/corporates';
import { contractValidate } from './contract-form';

const LABELS = { name: 'Name', contactEmail: 'Contact email', contactPhone: 'Contact phone' };
const orNull = (v: string) => (v.trim() === '' ? null : v);
const validate = contractValidate(CorporateInput, LABELS, (v: { name: string; contactEmail: string; contactPhone: string }) => ({
  name: v.name,
  contactEmail: orNull(v.contactEmail),
  contactPhone: orNull(v.contactPhone),
}));

describe('contractValidate: the form refuses what the API would', () => {
  it('names every field at fault, in words', () => {
    expect(validate({ name: ' ', contactEmail: 'kaveri', contactPhone: 'call me' })).toEqual({
      name: 'Name is required',
      contactEmail: 'Contact email must be an email address',
      contactPhone: 'Contact phone must be a phone number',
    });
  });
  it('passes a form the API takes', () => {
    expect(validate({ name: 'Kaveri Group', contactEmail: '', contactPhone: '9845012345' })).toEqual({});
  });
});
