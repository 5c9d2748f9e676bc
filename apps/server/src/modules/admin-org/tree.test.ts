import { describe, expect, it } from 'vitest';
import { idParam, isSelfOrDescendant, reorder } from './tree';

const rows = [
  { id: 1, parent_id: null },
  { id: 2, parent_id: 1 },
  { id: 3, parent_id: 2 },
  { id: 4, parent_id: 1 },
];

describe('isSelfOrDescendant', () => {
  it('finds the node itself and everything below it, nothing else', () => {
    expect(isSelfOrDescendant(rows, 2, 2)).toBe(true);
    expect(isSelfOrDescendant(rows, 2, 3)).toBe(true);
    expect(isSelfOrDescendant(rows, 1, 3)).toBe(true);
    expect(isSelfOrDescendant(rows, 2, 4)).toBe(false);
    expect(isSelfOrDescendant(rows, 3, 1)).toBe(false);
    expect(isSelfOrDescendant(rows, 2, null)).toBe(false);
  });

  it('stops on a loop already in the data', () => {
    const loop = [
      { id: 5, parent_id: 6 },
      { id: 6, parent_id: 5 },
    ];
    expect(isSelfOrDescendant(loop, 9, 5)).toBe(false);
  });
});

describe('reorder', () => {
  const siblings = [
    { id: 10, sort: 10 },
    { id: 11, sort: 20 },
    { id: 12, sort: 30 },
  ];

  it('moves within the siblings, returning only the rows whose sort changes', () => {
    expect(reorder(siblings, 12, 0)).toEqual([
      { id: 12, sort: 10 },
      { id: 10, sort: 20 },
      { id: 11, sort: 30 },
    ]);
    expect(reorder(siblings, 10, 2)).toEqual([
      { id: 11, sort: 10 },
      { id: 12, sort: 20 },
      { id: 10, sort: 30 },
    ]);
    expect(reorder(siblings, 11, 1)).toEqual([]);
  });

  it('inserts a newcomer, clamping the position to the ends', () => {
    expect(reorder(siblings, 99, 1)).toEqual([
      { id: 99, sort: 20 },
      { id: 11, sort: 30 },
      { id: 12, sort: 40 },
    ]);
    expect(reorder(siblings, 99, 50)).toEqual([{ id: 99, sort: 40 }]);
  });
});

describe('idParam', () => {
  it('takes positive integers only', () => {
    expect(idParam({ id: '42' })).toBe(42);
    for (const id of ['0', '-1', '1.5', 'abc', '', '99999999999']) expect(() => idParam({ id })).toThrow();
  });
});
