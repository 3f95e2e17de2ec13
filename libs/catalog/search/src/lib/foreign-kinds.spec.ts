import { englishKinds } from './foreign-kinds';

describe('englishKinds', () => {
  it('writes a kind typed in another language as the English word listings write, accents or not', () => {
    expect(englishKinds('Kopfhörer sony')).toBe('headphones sony');
    expect(englishKinds('kopfhorer sony')).toBe('headphones sony');
    expect(englishKinds('fernseher lg oled')).toBe('tv lg oled');
    expect(englishKinds('aspirateur dyson')).toBe('vacuum dyson');
    expect(englishKinds('Kaffeemaschine')).toBe('coffee');
  });

  it('reads a kind or a qualifier written in several words as one, the longest first', () => {
    expect(englishKinds('écouteurs sans fil')).toBe('earbuds wireless');
    expect(englishKinds('Kabellose Kopfhörer Sony')).toBe('wireless headphones Sony');
    expect(englishKinds('appareil photo canon')).toBe('camera canon');
    expect(englishKinds('aspirateur robot irobot')).toBe('robot vacuum irobot');
    expect(englishKinds('auriculares inalámbricos')).toBe('headphones wireless');
  });

  it('leaves words with no such kind', () => {
    expect(englishKinds('sony headphones')).toBeNull();
    expect(englishKinds('')).toBeNull();
  });
});
