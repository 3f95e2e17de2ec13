import { slugify } from './slug';

describe('slugify', () => {
  it('makes lower-case hyphenated ASCII words', () => {
    expect(slugify('Sony WH-1000XM5 Wireless, Noise-Canceling (Black)')).toBe('sony-wh-1000xm5-wireless-noise-canceling-black');
    expect(slugify('  Crème Brûlée — 65" TV  ')).toBe('creme-brulee-65-tv');
  });
  it('cuts at a word boundary and never returns an empty slug', () => {
    expect(slugify('alpha beta gamma', 11)).toBe('alpha-beta');
    expect(slugify('abcdefghijkl', 5)).toBe('abcde');
    expect(slugify('!!!')).toBe('product');
  });
});
