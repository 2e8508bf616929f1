import { describe, expect, it } from 'vitest';
import { orderColumns } from './column-order';

const COLUMNS = [{ header: 'ID' }, { header: 'Name' }, { header: 'Type' }, { header: 'Actions', sticky: true }];
const shown = (phone: boolean) => orderColumns(COLUMNS, phone).map(({ column, pinned }) => `${column.header}${pinned ? ' (pinned)' : ''}`);

describe('orderColumns', () => {
  it('pins the actions to the right edge of a wide screen', () => {
    expect(shown(false)).toEqual(['ID', 'Name', 'Type', 'Actions (pinned)']);
  });
  it('puts them first on a phone, covering no column', () => {
    expect(shown(true)).toEqual(['Actions', 'ID', 'Name', 'Type']);
  });
});
