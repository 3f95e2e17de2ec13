import { bestPriceOffers, bestPricePool, type Condition } from './search';

const offer = (id: number, totalCents: number, extra: { condition?: Condition; isBundle?: boolean; availability?: 'in_stock' | 'out_of_stock' } = {}) => ({
  id,
  totalCents,
  condition: extra.condition ?? 'new',
  isBundle: extra.isBundle ?? false,
  availability: extra.availability ?? 'in_stock',
});
const ids = (offers: Iterable<{ id: number }>) => [...offers].map((o) => o.id);

describe('best price', () => {
  const offers = [
    offer(1, 20_000, { condition: 'refurbished' }),
    offer(2, 21_000, { isBundle: true }),
    offer(3, 22_000, { availability: 'out_of_stock' }),
    offer(4, 25_000),
    offer(5, 25_000),
    offer(6, 19_000, { condition: 'used', availability: 'out_of_stock' }),
  ];

  it('is the cheapest new offer of the product alone one can buy', () => {
    expect(ids(bestPricePool(offers))).toEqual([4, 5]);
    expect(ids(bestPriceOffers(offers))).toEqual([4, 5]);
  });

  it('counts used and refurbished offers when asked, bundles never', () => {
    expect(ids(bestPriceOffers(offers, { includeUsed: true }))).toEqual([1]);
    expect(ids(bestPriceOffers(offers.filter((o) => o.id !== 1), { includeUsed: true }))).toEqual([4, 5]);
  });

  it('falls back to sold-out offers, then to every offer, when no new one of the product alone is to be had', () => {
    expect(ids(bestPriceOffers([offer(3, 22_000, { availability: 'out_of_stock' }), offer(1, 20_000, { condition: 'refurbished' })]))).toEqual([3]);
    expect(ids(bestPriceOffers([offer(1, 20_000, { condition: 'refurbished' }), offer(2, 21_000, { isBundle: true })]))).toEqual([1]);
  });
});
