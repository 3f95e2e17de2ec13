import { readPriceWords } from './price-words';

describe('readPriceWords', () => {
  it('reads an upper bound and the words without it', () => {
    expect(readPriceWords('headphones under 100')).toEqual({ words: 'headphones', range: { minCents: null, maxCents: 10_000, currency: null } });
    expect(readPriceWords('tv below $499.99')).toEqual({ words: 'tv', range: { minCents: null, maxCents: 49_999, currency: 'USD' } });
    expect(readPriceWords('laptop less than 1,200 dollars')).toEqual({ words: 'laptop', range: { minCents: null, maxCents: 120_000, currency: 'USD' } });
    expect(readPriceWords('Under 50€ bluetooth speaker')).toEqual({ words: 'bluetooth speaker', range: { minCents: null, maxCents: 5_000, currency: 'EUR' } });
    expect(readPriceWords('gaming laptop up to 2k')?.range.maxCents).toBe(200_000);
    expect(readPriceWords('monitor <300')?.range).toEqual({ minCents: null, maxCents: 30_000, currency: null });
  });

  it('reads a lower bound, and a range between two prices', () => {
    expect(readPriceWords('camera over £500')).toEqual({ words: 'camera', range: { minCents: 50_000, maxCents: null, currency: 'GBP' } });
    expect(readPriceWords('oled tv between 800 and 1,500')).toEqual({ words: 'oled tv', range: { minCents: 80_000, maxCents: 150_000, currency: null } });
    expect(readPriceWords('oled tv between 1500 and 800')).toBeNull();
  });

  it('reads a bound written after its amount, a lower one only with a currency', () => {
    expect(readPriceWords('gaming mouse $50 or less')).toEqual({ words: 'gaming mouse', range: { minCents: null, maxCents: 5_000, currency: 'USD' } });
    expect(readPriceWords('earbuds 100 and under')).toEqual({ words: 'earbuds', range: { minCents: null, maxCents: 10_000, currency: null } });
    expect(readPriceWords('4k tv $500 and up')).toEqual({ words: '4k tv', range: { minCents: 50_000, maxCents: null, currency: 'USD' } });
    expect(readPriceWords('usb hub 4 or more')).toBeNull();
    expect(readPriceWords('ssd 2 tb or more')).toBeNull();
  });

  it('reads no price in sizes, names and model numbers', () => {
    for (const words of ['tv under 55 inches', 'tv under 55"', 'charger under 30w', 'usb c charger up to 100 W', 'ssd up to 2 tb', 'iphone 16 pro max 256', 'under armour hoodie', 'over ear headphones', 'over-ear headphones', 'sony wh-1000xm5', 'oled tv between 55 and 65 inch']) {
      expect(readPriceWords(words)).toBeNull();
    }
  });

  it('reads words that are a price alone as typed', () => {
    expect(readPriceWords('under 100')).toBeNull();
    expect(readPriceWords('  below $20 ')).toBeNull();
  });
});
