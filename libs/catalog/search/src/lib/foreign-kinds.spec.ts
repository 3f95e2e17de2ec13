import { englishKinds } from './foreign-kinds';

describe('englishKinds', () => {
  it('writes a kind typed in another language as the English word listings write, accents or not', () => {
    expect(englishKinds('Kopfhörer sony')).toBe('headphones sony');
    expect(englishKinds('kopfhorer sony')).toBe('headphones sony');
    expect(englishKinds('fernseher lg oled')).toBe('tv lg oled');
    expect(englishKinds('aspirateur dyson')).toBe('vacuum dyson');
    expect(englishKinds('Kaffeemaschine')).toBe('coffee maker');
  });

  it('leaves words with no such kind', () => {
    expect(englishKinds('sony headphones')).toBeNull();
    expect(englishKinds('')).toBeNull();
  });
});
