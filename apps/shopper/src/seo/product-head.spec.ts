import type { ProductDetailResponse } from '@pricehunt/contracts';
import { productDetailOf, searchOffer } from '../testing/fixtures';
import { productDescription, productJsonLd, shareImageUrl } from './product-head';

/**
 * Amazon sells it new and refurbished, eBay only used and cheaper still, Walmart new but sold out: the card says
 * $349.99. The offers in the API's order: new in stock, second-hand, sold out.
 */
function detail(): ProductDetailResponse {
  return productDetailOf(
    [
      searchOffer({ id: 4, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 34_999, isBestPrice: true }),
      searchOffer({ id: 1, retailer: { id: 'ebay', name: 'eBay' }, priceCents: 19_999, condition: 'used' }),
      searchOffer({ id: 2, retailer: { id: 'amazon', name: 'Amazon' }, priceCents: 24_999, condition: 'refurbished' }),
      searchOffer({ id: 3, retailer: { id: 'walmart', name: 'Walmart' }, priceCents: 29_999, availability: 'out_of_stock' }),
    ],
    { bestPriceCents: 34_999, bestPriceCondition: 'new' },
  );
}

describe('product page head', () => {
  it("gives search engines the card's price as the lowest, and each retailer's new offer when it has one", () => {
    const ld = productJsonLd(detail(), 'https://pricehunt.example/product/7/sony', 'https://pricehunt.example');
    const aggregate = ld['offers'] as { lowPrice: string; highPrice: string; offers: Array<{ seller: { name: string }; price: string; itemCondition: string }> };
    expect(aggregate).toMatchObject({ lowPrice: '349.99', highPrice: '349.99' });
    expect(aggregate.offers.map((offer) => [offer.seller.name, offer.price, offer.itemCondition])).toEqual([
      ['Amazon', '349.99', 'https://schema.org/NewCondition'],
      ['eBay', '199.99', 'https://schema.org/UsedCondition'],
      ['Walmart', '299.99', 'https://schema.org/NewCondition'],
    ]);
    expect(productDescription(detail())).toContain('Best price $349.99 at Amazon.');
  });

  it('gives the picture as an absolute URL of the image route, and none for a product without one', () => {
    const base = detail();
    const pictured = { ...base, product: { ...base.product, imageUrl: '/api/images/products/7?v=k3x9' } };
    expect(productJsonLd(pictured, 'https://pricehunt.example/product/7/sony', 'https://pricehunt.example')['image']).toBe('https://pricehunt.example/api/images/products/7?v=k3x9&w=960');
    expect(productJsonLd(base, 'https://pricehunt.example/product/7/sony', 'https://pricehunt.example')).not.toHaveProperty('image');
    expect(shareImageUrl('https://images.retailer.example/a.jpg', 'https://pricehunt.example')).toBeNull();
  });
});
