import { pushPriceComparison, pushProductSearch } from './data-layer';
import { clearSessionMemory } from './session-storage';
import { captureUtmParams } from './utm';

const referrer = Object.getOwnPropertyDescriptor(Document.prototype, 'referrer');

beforeEach(() => {
  delete window.dataLayer;
  sessionStorage.setItem('pricehunt_session_id', 'session-1');
});
afterEach(() => {
  clearSessionMemory();
  if (referrer) Object.defineProperty(document, 'referrer', referrer);
});

function setReferrer(value: string) {
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => value });
}

describe('dataLayer pushes', () => {
  it('pushes product_search with USD, the product as the item and the custom parameters', () => {
    setReferrer('https://www.google.com/');
    captureUtmParams('?utm_source=google&utm_medium=cpc&utm_campaign=tv&utm_term=oled&utm_content=ad1');
    pushProductSearch({ url: 'https://www.amazon.com/dp/B09XS7JWHH', name: 'Sony WH-1000XM5', price: '$1,299.99' });
    expect(window.dataLayer).toEqual([
      {
        event: 'product_search',
        ecommerce: {
          currency: 'USD',
          items: [{ item_id: 'https://www.amazon.com/dp/B09XS7JWHH', item_name: 'Sony WH-1000XM5', price: 1299.99, quantity: 1 }],
        },
        custom_parameters: {
          product_url: 'https://www.amazon.com/dp/B09XS7JWHH',
          session_id: 'session-1',
          referrer: 'https://www.google.com/',
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'tv',
          utm_term: 'oled',
          utm_content: 'ad1',
        },
      },
    ]);
  });

  it('does not add alternatives_count to product_search', () => {
    const event = pushProductSearch({ url: 'https://a.example/p' });
    expect(event.custom_parameters).not.toHaveProperty('alternatives_count');
  });

  it('pushes price_comparison with alternatives_count', () => {
    const event = pushPriceComparison({ url: 'https://www.walmart.com/ip/123', title: 'LG OLED TV', price: '1.299,99 €' }, [{}, {}, {}]);
    expect(window.dataLayer).toEqual([event]);
    expect(event.event).toBe('price_comparison');
    expect(event.ecommerce.currency).toBe('USD');
    expect(event.ecommerce.items).toEqual([{ item_id: 'https://www.walmart.com/ip/123', item_name: 'LG OLED TV', price: 1299.99, quantity: 1 }]);
    expect(event.custom_parameters.alternatives_count).toBe(3);
    expect(event.custom_parameters.product_url).toBe('https://www.walmart.com/ip/123');
  });

  it('accepts the alternatives count as a number', () => {
    expect(pushPriceComparison({ url: 'https://a.example/p' }, 0).custom_parameters.alternatives_count).toBe(0);
  });

  it('refuses a negative or fractional alternatives count', () => {
    expect(() => pushPriceComparison({ url: 'https://a.example/p' }, -1)).toThrow('alternatives');
    expect(() => pushPriceComparison({ url: 'https://a.example/p' }, 1.5)).toThrow('alternatives');
  });

  it('names the item "Unknown Product" when the product has no name or title', () => {
    expect(pushProductSearch({ url: 'https://a.example/p' }).ecommerce.items[0]?.item_name).toBe('Unknown Product');
    expect(pushProductSearch({ url: 'https://a.example/p', name: '  ' }).ecommerce.items[0]?.item_name).toBe('Unknown Product');
  });

  it('prefers name over title', () => {
    expect(pushProductSearch({ url: 'https://a.example/p', name: 'Name', title: 'Title' }).ecommerce.items[0]?.item_name).toBe('Name');
  });

  it('uses numeric prices as they are and 0 when the price cannot be read', () => {
    expect(pushProductSearch({ url: 'https://a.example/p', price: 19.5 }).ecommerce.items[0]?.price).toBe(19.5);
    expect(pushProductSearch({ url: 'https://a.example/p', price: 'Call for price' }).ecommerce.items[0]?.price).toBe(0);
    expect(pushProductSearch({ url: 'https://a.example/p' }).ecommerce.items[0]?.price).toBe(0);
  });

  it('sends null referrer and UTM fields when there are none', () => {
    setReferrer('');
    const params = pushProductSearch({ url: 'https://a.example/p' }).custom_parameters;
    expect(params).toMatchObject({ referrer: null, utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null });
  });

  it('creates the session id when none exists yet', () => {
    sessionStorage.clear();
    const id = pushProductSearch({ url: 'https://a.example/p' }).custom_parameters.session_id;
    expect(id).toBe(sessionStorage.getItem('pricehunt_session_id'));
  });

  it('appends to an existing dataLayer', () => {
    window.dataLayer = [{ event: 'gtm.js' }];
    pushProductSearch({ url: 'https://a.example/p' });
    expect(window.dataLayer).toHaveLength(2);
    expect(window.dataLayer[0]).toEqual({ event: 'gtm.js' });
  });
});
