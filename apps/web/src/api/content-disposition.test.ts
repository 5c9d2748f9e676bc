import { describe, expect, it } from 'vitest';
import { filenameOf } from './content-disposition';

describe('filenameOf', () => {
  it('prefers the UTF-8 name wherever it stands', () => {
    expect(filenameOf(`attachment; filename="users.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`)).toBe('用户.xlsx');
    expect(filenameOf(`attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx; filename="users.xlsx"`)).toBe('用户.xlsx');
  });

  it('falls back to the plain name, quoted or not', () => {
    expect(filenameOf('attachment; filename="bills 2026.xlsx"')).toBe('bills 2026.xlsx');
    expect(filenameOf('attachment; filename=bills.xlsx')).toBe('bills.xlsx');
    expect(filenameOf(`attachment; filename*=UTF-8''%E7%94%A8%ZZ; filename="x.xlsx"`)).toBe('x.xlsx');
  });

  it('has no name when the header names none', () => {
    expect(filenameOf('attachment')).toBeUndefined();
    expect(filenameOf('')).toBeUndefined();
  });
});
