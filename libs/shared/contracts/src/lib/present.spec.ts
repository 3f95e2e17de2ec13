import { present } from './present';

describe('present', () => {
  it('answers a value that is there, falsy ones included', () => {
    expect(present(0)).toBe(0);
    expect(present('')).toBe('');
    expect(present(false)).toBe(false);
    const row = { id: 1 };
    expect(present(row)).toBe(row);
  });

  it('throws naming what was missing', () => {
    expect(() => present(undefined, 'the first row')).toThrow('Expected the first row, found undefined');
    expect(() => present(null)).toThrow('Expected a value, found null');
    expect(() => present([1, 2][5], 'item 5')).toThrow('Expected item 5, found undefined');
  });
});
