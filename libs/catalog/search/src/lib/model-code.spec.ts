import { namedBy } from './model-code';

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
});
