import { CHECKS, checkProduct, exceedsTolerance, newTallies, readProductDetail, readSearchResult, tallyRows, type Check, type Evidence, type OfferFacts, type Outcome, type ProductFacts } from './checks';
import { readProductPage } from './page';
import { listedOffer } from '@pricehunt/api-client/testing';

/** A product page as the shopper site's server renders one (trimmed): JSON-LD in the head, the header's facts. */
function pageHtml({ lowPrice, amount, image }: { lowPrice?: string; amount: string | null; image?: string }): string {
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Sony WH-1000XM5 <Black>',
    offers: { '@type': 'AggregateOffer', priceCurrency: 'USD', ...(lowPrice !== undefined ? { lowPrice } : {}), offerCount: 2 },
  }).replace(/</g, '\\u003c');
  return `<!doctype html><html><head><title>Sony</title>
    <script type="application/ld+json">{ not json</script>
    <script type="application/ld+json">${jsonLd}</script></head>
    <body><main><div class="ph-page"><section class="ph-product ph-product--full">${image ?? '<div class="ph-product-image--empty"><svg width="32" height="32"></svg></div>'}
      <div class="ph-product__body"><h1 id="product-title">Sony WH-1000XM5</h1>
        <dl class="ph-product__facts"><div><dt>Best price</dt><dd>${amount ? `<strong>${amount}</strong> at Best Buy` : 'Not available now'}</dd></div>
        <div><dt>Offers</dt><dd>2 offers</dd></div></dl></div></section>
      <ul class="ph-offers"><li><img src="/offer.png" width="40" height="40"></li></ul></div></main></body></html>`;
}

describe('reading a product page', () => {
  it('finds the JSON-LD lowPrice past a script that is no JSON, the "Best price" fact and its amount', () => {
    const facts = readProductPage(pageHtml({ lowPrice: '391.00', amount: '$391.00' }));
    expect(facts).toEqual({ hasProductJsonLd: true, lowPrice: '391.00', bestPriceText: '$391.00 at Best Buy', bestPriceAmount: '$391.00', mainImage: null });
  });

  it('tells a page without a price: no lowPrice, a fact without an amount', () => {
    const facts = readProductPage(pageHtml({ amount: null }));
    expect(facts.lowPrice).toBeUndefined();
    expect(facts.bestPriceText).toBe('Not available now');
    expect(facts.bestPriceAmount).toBeNull();
  });

  it("takes the header's picture, not an offer's, with its size attributes", () => {
    expect(readProductPage(pageHtml({ amount: '$1.00', image: '<img class="ph-product-image" src="/p.webp" alt="">' })).mainImage).toEqual({ src: '/p.webp', width: null, height: null });
    expect(readProductPage(pageHtml({ amount: '$1.00', image: '<img src="/p.webp" width="320" height="320">' })).mainImage).toEqual({ src: '/p.webp', width: '320', height: '320' });
  });

  it('finds a Product inside a @graph, and says when there is none', () => {
    const graph = `<script type="application/ld+json">${JSON.stringify({ '@graph': [{ '@type': 'BreadcrumbList' }, { '@type': ['Product'], offers: [{ '@type': 'AggregateOffer', lowPrice: '5.00' }] }] })}</script>`;
    expect(readProductPage(graph)).toMatchObject({ hasProductJsonLd: true, lowPrice: '5.00' });
    expect(readProductPage('<p>nothing</p>')).toEqual({ hasProductJsonLd: false, lowPrice: undefined, bestPriceText: null, bestPriceAmount: null, mainImage: null });
  });
});

/** An offer of product 7 as an API from before the offer sections lists it, with `extra` over it. */
const rawOffer = (id: number, totalCents: number, extra: Record<string, unknown> = {}) => ({
  ...listedOffer({ id, productId: 7, retailer: { id: `r${id}`, name: `Retailer ${id}` }, title: `Offer ${id}`, brand: null, model: null, url: `https://shop.example/${id}`, totalCents }),
  ...extra,
});

const rawDetail = (offers: unknown[], bestPriceCents: number | null) => ({
  success: true,
  product: { id: 7, title: 'Offer 1', brand: null, model: null, gtin: null, category: null, categorySlug: null, imageUrl: null, offerCount: offers.length, bestPriceCents, currency: 'USD' },
  offers,
  priceHistory: [],
});

describe('reading answers', () => {
  it('keeps what the answer does not say apart from what it says', () => {
    const told = readProductDetail(rawDetail([rawOffer(1, 100, { section: 'new', isBestPrice: true }), rawOffer(2, 90, { section: 'out_of_stock', isBestPrice: false, availability: 'out_of_stock' })], 100));
    expect(told.offers.map((offer) => [offer.id, offer.section, offer.isBestPrice])).toEqual([
      [1, 'new', true],
      [2, 'out_of_stock', false],
    ]);
    const older = readProductDetail(rawDetail([rawOffer(1, 100)], 100));
    expect(older.offers[0]).toMatchObject({ section: null, isBestPrice: null });
  });

  it('refuses an answer that is not the contract, naming the field', () => {
    expect(() => readProductDetail({ success: true, product: { id: 'x' }, offers: [] })).toThrow(/product answer does not match the contract \(product\.id: /);
    expect(() => readSearchResult({ success: true })).toThrow(/search answer does not match the contract/);
  });
});

const offer = (id: number, totalCents: number, extra: Partial<OfferFacts> = {}): OfferFacts => ({
  id,
  title: `Offer ${id}`,
  url: `https://shop.example/${id}`,
  retailerId: `r${id}`,
  totalCents,
  shippingCents: 0,
  currency: 'USD',
  availability: 'in_stock',
  condition: 'new',
  isBundle: false,
  section: 'new',
  isBestPrice: false,
  ...extra,
});

const product = (offers: OfferFacts[], bestPriceCents: number | null, extra: Partial<ProductFacts> = {}): ProductFacts => ({
  id: 7,
  title: 'Sony WH-1000XM5 Wireless Headphones (Black)',
  imageUrl: 'https://img.example/7.webp',
  bestPriceCents,
  currency: 'USD',
  offers,
  ...extra,
});

/** A product whose answers all agree: offer 2 (in stock, new, shipping known) is its best price. */
function agreeing(): Evidence {
  const offers = [
    offer(2, 30_000, { isBestPrice: true }),
    offer(3, 31_000, { shippingCents: null }),
    offer(4, 25_000, { section: 'second_hand', condition: 'used' }),
    offer(5, 20_000, { section: 'out_of_stock', availability: 'out_of_stock' }),
  ];
  return {
    product: product(offers, 30_000),
    search: { pastedOfferId: 3, answer: { productId: 7, bestPriceCents: 30_000, offers: offers.map((o) => ({ ...o, savingsCents: o.availability === 'out_of_stock' ? null : 31_000 - o.totalCents })) } },
    browse: { listed: true, bestPriceCents: 30_000 },
    deal: { priceCents: 30_000, productBestPriceCents: 30_000 },
    page: { facts: { hasProductJsonLd: true, lowPrice: '300.00', bestPriceText: '$300.00 at Retailer 2', bestPriceAmount: '$300.00', mainImage: { src: '/7.webp', width: '320', height: '320' } } },
  };
}

const outcomes = (evidence: Evidence): Record<string, Outcome> => Object.fromEntries(CHECKS.map((check) => [check.id, check.run(evidence)]));
const failures = (evidence: Evidence) =>
  Object.fromEntries(Object.entries(outcomes(evidence)).flatMap(([id, outcome]) => (outcome && !outcome.pass ? [[id, outcome.reason]] : [])));

describe('the checks on one product', () => {
  it('pass every check on answers that agree', () => {
    expect(outcomes(agreeing())).toEqual(Object.fromEntries(CHECKS.map((check) => [check.id, { pass: true }])));
  });

  it('fail the product API when its best price is not the marked offer, or two are marked', () => {
    const evidence = agreeing();
    evidence.product.bestPriceCents = 25_000;
    expect(failures(evidence)['best.detail']).toBe('product API best price 250.00, marked #2 totals 300.00');
    (evidence.product.offers[1] as OfferFacts).isBestPrice = true;
    expect(failures(evidence)['best.detail']).toBe('product API marks 2 offers (#2, #3)');
  });

  it('fail an answer that marks no offer for a price, and say when it carries no mark at all', () => {
    const evidence = agreeing();
    for (const o of evidence.product.offers) o.isBestPrice = null;
    expect(failures(evidence)['best.detail']).toBe('product API best price 300.00, no offer marked (offers carry no isBestPrice)');
    evidence.product.bestPriceCents = null;
    expect(failures(evidence)['best.detail']).toBeUndefined();
  });

  it('compare the search answer, the browse summary, the deal and the page with the product API', () => {
    const evidence = agreeing();
    evidence.search = { pastedOfferId: 3, answer: { productId: 7, bestPriceCents: 30_000, offers: evidence.product.offers.map((o) => ({ ...o, isBestPrice: o.id === 3 })) } };
    evidence.browse = { listed: true, bestPriceCents: 31_000 };
    evidence.deal = { priceCents: 29_000, productBestPriceCents: 30_000 };
    evidence.page = { facts: { hasProductJsonLd: true, lowPrice: 300, bestPriceText: '$310.00 at Retailer 3', bestPriceAmount: '$310.00', mainImage: { src: '/7.webp', width: null, height: '320' } } };
    expect(failures(evidence)).toEqual({
      'best.search': 'search best price 300.00, marked #3 totals 310.00',
      'best.browse': 'browse 310.00, product API 300.00',
      'best.deals': 'deal price 290.00, product API 300.00',
      'best.page-jsonld': 'lowPrice 300, best price 300.00',
      'best.page-header': 'header shows "$310.00 at Retailer 3", best price $300.00',
      'image.size': '<img> without width',
    });
    evidence.search = { pastedOfferId: 3, answer: { productId: 8, bestPriceCents: 30_000, offers: [] } };
    evidence.browse = { listed: false };
    evidence.page = { error: 'product page: HTTP 500' };
    expect(failures(evidence)).toMatchObject({ 'best.search': "search for #3's link matched product 8", 'best.browse': 'not in the browse listing', 'best.page-jsonld': 'product page: HTTP 500' });
  });

  it('leave out what was not read: no search, no listing, no deal, no page', () => {
    const evidence: Evidence = { product: agreeing().product };
    const applied = Object.entries(outcomes(evidence)).filter(([, outcome]) => outcome !== null).map(([id]) => id);
    expect(applied).toEqual(['best.detail', 'best.kind', 'stock.order', 'image.url', 'naming']);
  });

  it('fail a best price taken from an offer of unknown shipping, or dearer than an eligible one', () => {
    const evidence = agreeing();
    for (const o of evidence.product.offers) o.isBestPrice = o.id === 3;
    evidence.product.bestPriceCents = 31_000;
    expect(failures(evidence)['best.kind']).toBe('marked #3 is shipping unknown though 1 eligible');
    for (const o of evidence.product.offers) o.isBestPrice = null;
    expect(failures(evidence)['best.kind']).toBe('best price 310.00 (#3: shipping unknown), cheapest eligible 300.00 (#2)');
    evidence.product.bestPriceCents = 20_000;
    expect(failures(evidence)['best.kind']).toBe('best price 200.00 (#5: out of stock), cheapest eligible 300.00 (#2)');
  });

  it('judge an answer without sections by condition and bundle flag', () => {
    const offers = [offer(1, 100, { section: null, isBundle: true, isBestPrice: true }), offer(2, 200, { section: null })];
    expect(failures({ product: product(offers, 100) })['best.kind']).toBe('marked #1 is bundle though 1 eligible');
    expect(CHECKS.find((check) => check.id === 'best.kind')?.run({ product: product([offer(1, 100, { shippingCents: null })], 100) })).toBeNull();
  });

  it('fail out-of-stock offers listed above buyable ones or carrying a saving', () => {
    const evidence = agreeing();
    const [first, ...rest] = evidence.product.offers;
    evidence.product.offers = [...rest.slice(-1), first as OfferFacts, ...rest.slice(0, -1)];
    if (evidence.search && 'answer' in evidence.search) for (const o of evidence.search.answer.offers) o.savingsCents = 1_000;
    expect(failures(evidence)).toMatchObject({ 'stock.order': 'product API: out-of-stock #5 above in stock #2', 'stock.saving': 'out-of-stock #5 with savings 10.00' });
    evidence.product.offers = [first as OfferFacts, offer(6, 500, { availability: 'out_of_stock' }), offer(7, 600, { availability: 'preorder' })];
    expect(failures(evidence)['stock.order']).toBe('product API: out-of-stock #6 above preorder #7');
  });

  it("judge a name only among products of two retailers or more, failing one that is an offer's title in any letter case", () => {
    const evidence = agreeing();
    evidence.product.title = '  offer 4 ';
    expect(failures(evidence)['naming']).toBe('"  offer 4 " is the listing of offer #4');
    evidence.product.title = 'Sony Headphones';
    expect(failures(evidence)['naming']).toBeUndefined();
    expect(CHECKS.find((check) => check.id === 'naming')?.run({ product: product([offer(1, 100), offer(2, 100, { retailerId: 'r1' })], 100) })).toBeNull();
  });

  it('fail the audit only for a check failed by more products than it allows', () => {
    const naming = CHECKS.find((check) => check.id === 'naming') as Check;
    const bestPrice = CHECKS[0] as Check;
    expect(exceedsTolerance({ check: naming, checked: 100, failing: 10 })).toBe(false);
    expect(exceedsTolerance({ check: naming, checked: 100, failing: 11 })).toBe(true);
    expect(exceedsTolerance({ check: bestPrice, checked: 100, failing: 0 })).toBe(false);
    expect(exceedsTolerance({ check: bestPrice, checked: 100, failing: 1 })).toBe(true);
  });

  it('count outcomes per check and keep the failures of the five lowest product ids', () => {
    const tallies = newTallies();
    for (const id of [3, 1, 7, 5, 2, 6, 4]) {
      const evidence = agreeing();
      evidence.product.id = id;
      if (id % 2 === 0) evidence.product.imageUrl = null;
      checkProduct(tallies, evidence);
    }
    for (let id = 8; id <= 14; id++) checkProduct(tallies, { product: product([], null, { id, imageUrl: null }) });
    const images = tallies.find((tally) => tally.check.id === 'image.url');
    expect(images).toMatchObject({ checked: 14, passing: 4, failing: 10 });
    expect(images?.firstFailures.map((failure) => failure.productId)).toEqual([2, 4, 6, 8, 9]);
    expect(tallyRows(tallies).find((row) => row[0] === images?.check.label)).toEqual([images?.check.label, '14', '4', '10', '28.6%', '2 4 6 8 9']);
  });
});
