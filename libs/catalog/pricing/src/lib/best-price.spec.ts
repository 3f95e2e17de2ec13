import { bestPrice, bundleMarks, byPrice, mainCurrency, priceGroups, priceProduct, type PricedOffer, savingCents } from './best-price';

let nextId = 1;
const offer = (fields: Partial<PricedOffer> & { priceCents: number }): PricedOffer => ({
  id: nextId++,
  title: 'Samsung 65" Class QN90D Neo QLED 4K Smart TV',
  shippingCents: 0,
  currency: 'USD',
  availability: 'in_stock',
  condition: 'new',
  ...fields,
});

describe('bundleMarks', () => {
  it('reads bundles, packs and extras from a title, and the feed facts', () => {
    expect([...bundleMarks('PlayStation 5 Console – Bundle')]).toEqual(['bundle']);
    expect([...bundleMarks('AA Batteries, 24-Pack')]).toEqual(['pack:24']);
    expect([...bundleMarks('Duracell AA (Pack of 8)')]).toEqual(['pack:8']);
    // European shops' wordings of a multipack; a count of pieces is the item's, not a multipack.
    for (const title of ['Duracell AA Batterien 24er Pack', 'Piles Duracell AA, lot de 24', 'Pilas Duracell AA pack de 24', 'Pile Duracell AA confezione da 24']) {
      expect({ title, marks: [...bundleMarks(title)] }).toEqual({ title, marks: ['pack:24'] });
    }
    expect([...bundleMarks('LEGO Technic Excavator, 569 pieces')]).toEqual([]);
    expect([...bundleMarks('Q-tips Cotton Swabs, 1000 Count')]).toEqual(['pack:1000']);
    expect([...bundleMarks('iPad Air with AppleCare+')]).toEqual(['with:applecare+']);
    expect([...bundleMarks('Sony WH-1000XM5 with Mic for Phone Calls')]).toEqual([]);
    expect([...bundleMarks('Echo Dot', { multipack: 2 })]).toEqual(['pack:2']);
    expect([...bundleMarks('Echo Dot', { isBundle: true, multipack: 1 })]).toEqual(['bundle']);
  });
});

describe('priceGroups', () => {
  it('makes a minority bundle its own group and keeps a product that is a pack whole', () => {
    const plain = [offer({ priceCents: 265599 }), offer({ priceCents: 269999 }), offer({ priceCents: 279999 })];
    const costco = offer({ priceCents: 247399, title: 'Samsung 65" QN90D Neo QLED 4K TV Bundle with Soundbar' });
    const groups = priceGroups([...plain, costco]);
    expect(groups.get(costco.id)).toBe('bundle');
    expect(plain.map((o) => groups.get(o.id))).toEqual(['new', 'new', 'new']);

    const packs = [offer({ priceCents: 9900, title: 'Apple AirTag 4 Pack' }), offer({ priceCents: 8900, title: 'AirTag 4-Pack' })];
    expect([...priceGroups(packs).values()]).toEqual(['new', 'new']);
  });

  it('puts used and refurbished offers in the second-hand group', () => {
    const offers = [offer({ priceCents: 100, condition: 'refurbished' }), offer({ priceCents: 100, condition: 'used' }), offer({ priceCents: 100 })];
    expect([...priceGroups(offers).values()]).toEqual(['second_hand', 'second_hand', 'new']);
  });
});

describe('bestPrice', () => {
  it('is not a bundle, a refurbished or an out-of-stock offer', () => {
    const walmart = offer({ priceCents: 265599 });
    const offers = [
      offer({ priceCents: 247399, title: 'Samsung QN90D 65" Bundle' }),
      offer({ priceCents: 199999, condition: 'refurbished' }),
      offer({ priceCents: 209999, availability: 'out_of_stock' }),
      walmart,
      offer({ priceCents: 279999 }),
    ];
    expect(bestPrice(offers)).toEqual({ offerId: walmart.id, cents: 265599, currency: 'USD', condition: 'new', shippingKnown: true });
  });

  it('never goes to an unknown shipping cost while a known total is there, however low its price', () => {
    const known = offer({ priceCents: 10000, shippingCents: 500 });
    const unknown = offer({ priceCents: 9000, shippingCents: null });
    expect(bestPrice([unknown, known])?.offerId).toBe(known.id);
    expect(bestPrice([unknown])).toMatchObject({ offerId: unknown.id, cents: 9000, shippingKnown: false });
  });

  it('prefers an offer in stock to one whose stock is not known', () => {
    const inStock = offer({ priceCents: 10000 });
    expect(bestPrice([offer({ priceCents: 9000, availability: 'unknown' }), inStock])?.offerId).toBe(inStock.id);
  });

  it('is a second-hand offer told as such only when no new one can be bought, and none when nothing can', () => {
    const refurbished = offer({ priceCents: 50000, condition: 'refurbished' });
    expect(bestPrice([offer({ priceCents: 40000, availability: 'out_of_stock' }), refurbished])).toMatchObject({ offerId: refurbished.id, condition: 'refurbished' });
    expect(bestPrice([offer({ priceCents: 40000, availability: 'out_of_stock' }), offer({ priceCents: 30000, title: 'TV 2-Pack' })])).toBeNull();
  });

  it('compares offers of the main currency only', () => {
    const usd = [offer({ priceCents: 10000 }), offer({ priceCents: 11000 })];
    expect(mainCurrency([...usd, offer({ priceCents: 500, currency: 'EUR' })])).toBe('USD');
    expect(bestPrice([...usd, offer({ priceCents: 500, currency: 'EUR' })])?.offerId).toBe(usd[0]?.id);
  });
});

describe('priceProduct', () => {
  it('lists new offers, then second-hand ones, then bundles, then every out-of-stock offer, each cheapest first', () => {
    const offers = [
      offer({ priceCents: 300, availability: 'out_of_stock' }),
      offer({ priceCents: 250, title: 'TV Bundle' }),
      offer({ priceCents: 200, condition: 'used' }),
      offer({ priceCents: 400 }),
      offer({ priceCents: 350 }),
    ];
    const { listed, best } = priceProduct(offers);
    expect(listed.map((entry) => [entry.section, entry.offer.priceCents])).toEqual([
      ['new', 350],
      ['new', 400],
      ['second_hand', 200],
      ['bundle', 250],
      ['out_of_stock', 300],
    ]);
    expect(listed.filter((entry) => entry.isBestPrice).map((entry) => entry.offer.priceCents)).toEqual([350]);
    expect(best?.cents).toBe(350);
  });

  it('lists the best price first in its section: a cheaper back-order or unknown shipping cost comes after it', () => {
    const offers = [
      offer({ priceCents: 34499, availability: 'backorder' }),
      offer({ priceCents: 33000, shippingCents: null }),
      offer({ priceCents: 35614 }),
      offer({ priceCents: 36000 }),
      offer({ priceCents: 30000, availability: 'preorder', shippingCents: null }),
      offer({ priceCents: 20000, availability: 'out_of_stock', shippingCents: null }),
      offer({ priceCents: 10000, availability: 'out_of_stock' }),
    ];
    const { listed, best } = priceProduct(offers);
    expect(listed.map((entry) => [entry.section, entry.offer.priceCents])).toEqual([
      ['new', 35614],
      ['new', 36000],
      ['new', 33000],
      ['new', 34499],
      ['new', 30000],
      ['out_of_stock', 10000],
      ['out_of_stock', 20000],
    ]);
    expect(listed[0]?.isBestPrice).toBe(true);
    expect(best?.cents).toBe(35614);
  });

  it('lists a known total before an unknown one at the same amount', () => {
    const unknown = offer({ priceCents: 1000, shippingCents: null });
    const known = offer({ priceCents: 900, shippingCents: 100 });
    expect([unknown, known].sort(byPrice)).toEqual([known, unknown]);
  });
});

describe('savingCents', () => {
  const item = (priceCents: number, fields: Partial<PricedOffer> = {}) => ({ ...offer({ priceCents, ...fields }), group: 'new' as const });
  it('tells a saving only between offers that compare', () => {
    expect(savingCents(item(1000), item(800))).toBe(200);
    expect(savingCents(item(1000), item(800, { availability: 'out_of_stock' }))).toBeNull();
    expect(savingCents(item(1000), { ...item(800), group: 'second_hand' })).toBeNull();
    expect(savingCents(item(1000), item(800, { shippingCents: null }))).toBeNull();
    expect(savingCents(item(1000, { shippingCents: null }), item(800))).toBe(200);
    expect(savingCents(item(1000), item(800, { currency: 'EUR' }))).toBeNull();
  });
});
