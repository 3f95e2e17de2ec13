import { namedBy, withoutInches } from './model-code';

describe('typed words besides a model number', () => {
  const product = { title: 'HP 29 Black Ink Cartridge 51629A', brand: 'HP' };

  it('are held when the product’s name or brand holds each, a brand under any of its names', () => {
    expect(namedBy([], product)).toBe(true);
    expect(namedBy(['black', 'hp'], product)).toBe(true);
    expect(namedBy(['hewlett', 'packard', 'ink'], product)).toBe(true);
    expect(namedBy(['hewlettpackard'], product)).toBe(true);
  });

  it('are not held when a word is neither in the name nor a name of the brand', () => {
    expect(namedBy(['battery', 'for'], product)).toBe(false);
    expect(namedBy(['hewlett'], product)).toBe(false);
    expect(namedBy(['canon'], { title: 'PowerShot SX130IS', brand: null })).toBe(false);
  });

  it('hold a size typed with its inch where the name states the size ("65 inch", "65in" of 65")', () => {
    const tv = { title: 'Samsung OLED 4K QN65S90D Smart TV (65")', brand: 'Samsung' };
    expect(namedBy(['samsung', '65', 'inch'], tv)).toBe(true);
    expect(namedBy(['65in'], tv)).toBe(true);
    expect(namedBy(['55', 'inch'], tv)).toBe(false);
    // An "in" after no size is a word of its own.
    expect(withoutInches(['case', 'in', 'black'])).toEqual(['case', 'in', 'black']);
    expect(withoutInches(['65', 'inches', 'tv', '55inch'])).toEqual(['65', 'tv', '55']);
  });
});
