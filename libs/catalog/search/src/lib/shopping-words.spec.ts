import { cheapestFirst, readShoppingWords, searchedWords } from './shopping-words';

describe('readShoppingWords', () => {
  it('reads a condition and the words without it', () => {
    expect(readShoppingWords('used macbook')).toEqual({ words: 'macbook', condition: 'used', cheapestFirst: false });
    expect(readShoppingWords('iPhone 15 Pre-Owned')).toEqual({ words: 'iPhone 15', condition: 'used', cheapestFirst: false });
    expect(readShoppingWords('open box beats solo 4')?.condition).toBe('used');
    expect(readShoppingWords('second hand camera')?.words).toBe('camera');
    expect(readShoppingWords('refurbished sony headphones')).toEqual({ words: 'sony headphones', condition: 'refurbished', cheapestFirst: false });
    expect(readShoppingWords('Renewed AirPods Pro')?.condition).toBe('refurbished');
    expect(readShoppingWords('certified refurbished ipad')).toEqual({ words: 'ipad', condition: 'refurbished', cheapestFirst: false });
  });

  it('reads a wish to pay little, with a condition or without', () => {
    expect(readShoppingWords('cheap tv')).toEqual({ words: 'tv', condition: null, cheapestFirst: true });
    expect(readShoppingWords('cheapest iphone 15')?.words).toBe('iphone 15');
    expect(readShoppingWords('budget 4k monitor')?.cheapestFirst).toBe(true);
    expect(readShoppingWords('affordable low-cost laptop')?.words).toBe('laptop');
    expect(readShoppingWords('cheap used macbook')).toEqual({ words: 'macbook', condition: 'used', cheapestFirst: true });
  });

  it('reads off words that ask for the price, which every answer gives', () => {
    expect(readShoppingWords('iphone 16 price')).toEqual({ words: 'iphone 16', condition: null, cheapestFirst: false });
    expect(readShoppingWords('ps5 deals')?.words).toBe('ps5');
    expect(readShoppingWords('buy airpods pro')?.words).toBe('airpods pro');
    expect(readShoppingWords('compare prices galaxy s24')?.words).toBe('galaxy s24');
    expect(readShoppingWords('cheap tv deals')).toEqual({ words: 'tv', condition: null, cheapestFirst: true });
    // A shop's name, and words that are part of another word, stay.
    expect(readShoppingWords('best buy gift card')).toBeNull();
    expect(readShoppingWords('buyers guide')).toBeNull();
    expect(readShoppingWords('price')).toBeNull();
  });

  it('reads nothing in a description, a shop policy or words that are nothing else', () => {
    expect(readShoppingWords('toner cartridge kxfa83 used with fl511 fax machines')).toBeNull();
    expect(readShoppingWords('sleeve can be used for kindle')).toBeNull();
    expect(readShoppingWords('windows xp pro oem no open box returns')).toBeNull();
    expect(readShoppingWords('home budgeting software')).toBeNull();
    expect(readShoppingWords('new iphone')).toBeNull();
    expect(readShoppingWords('refurbished')).toBeNull();
    expect(readShoppingWords('cheap')).toBeNull();
  });
});

describe('cheapestFirst', () => {
  it('orders by best price, products without one last, ties as given', () => {
    const products = [
      { id: 1, bestPriceCents: 50_000 },
      { id: 2, bestPriceCents: null },
      { id: 3, bestPriceCents: 20_000 },
      { id: 4, bestPriceCents: 20_000 },
      { id: 5, bestPriceCents: null },
    ];
    expect(cheapestFirst(products).map((product) => product.id)).toEqual([3, 4, 1, 2, 5]);
  });
});

describe('searchedWords', () => {
  it('reads off a price, a condition and a wish to pay little, and leaves other words as typed', () => {
    expect(searchedWords('cheap used macbook under $800')).toBe('macbook');
    expect(searchedWords('headphones under 100')).toBe('headphones');
    expect(searchedWords('sony wh-1000xm5')).toBe('sony wh-1000xm5');
    expect(searchedWords('refurbished')).toBe('refurbished');
  });
});
