import { describe, expect, it } from 'vitest';
import { compareStations, orderStationTypes, sortStations } from './station-order.ts';

const s = (type: string, name = 'A') => ({ type, name });

describe('compareStations: SPEC 9 type ranks, ties by name', () => {
  it.each([
    ['eqms before cems', s('eqms'), s('cems'), -1],
    ['cems before caaqms', s('cems'), s('caaqms'), -1],
    ['Ash after caaqms', s('Ash'), s('caaqms'), 1],
    ['inverter after space', s('inverter'), s('space'), 1],
    ['unknown type ranks with caaqms (3), ties by name', s('chiller', 'B'), s('caaqms', 'A'), 1],
    ['unknown type before Ash', s('group'), s('Ash'), -1],
    ['same type by name, naturally', s('cems', 'Stack 2'), s('cems', 'Stack 10'), -1],
    ['Bore well on the right ranks 10', s('inverter'), s('Bore well'), -1],
    ['Bore well on the left ranks as unknown (3)', s('Bore well'), s('Ash'), -1],
    ['Water Level on the right ranks 11', s('Bore well'), s('Water Level'), -1],
    ['Water Level on the left ranks as unknown (3)', s('Water Level'), s('cems'), 1],
  ])('%s', (_rule, a, b, sign) => {
    expect(Math.sign(compareStations(a, b))).toBe(sign);
  });
});

describe('sortStations and orderStationTypes', () => {
  it.each([
    [
      'mixed types',
      [s('water', 'W'), s('cems', 'C2'), s('eqms', 'E'), s('cems', 'C1'), s('caaqms', 'Q')],
      ['E', 'C1', 'C2', 'Q', 'W'],
    ],
  ])('%s', (_case, input, names) => {
    expect(sortStations(input).map((x) => x.name)).toEqual(names);
  });

  it.each([[['water', 'cems', 'eqms', 'cems', 'Ash'], ['eqms', 'cems', 'Ash', 'water']]])(
    'types %j order as %j',
    (types, expected) => {
      expect(orderStationTypes(types)).toEqual(expected);
    },
  );
});
