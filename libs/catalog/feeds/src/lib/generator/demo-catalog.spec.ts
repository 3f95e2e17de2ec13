import { extractProductId } from '@pricehunt/marketplace';
import { parseGmcTsv } from '../gmc-tsv';
import { type FeedOffer, feedOfferSchema, isValidGtin } from '../offer';
import { DEMO_FEED_RETAILER, demoFeedBase, gmcTsvOf } from './demo-feed';
import { CATEGORIES } from './catalog-data';
import { type DemoProduct, demoLineKey, demoProductImage, demoProducts, generateDemoCatalog } from './demo-catalog';
import { REAL_PRODUCT_IMAGES } from './real-product-images';
import { demoPriceHistory } from './demo-history';
import { REAL_PRODUCTS } from './real-products';
import { present } from '@pricehunt/contracts';
import { RETAILER_URL_SHAPES } from '../../testing';

const URL_SHAPES = RETAILER_URL_SHAPES;

describe('REAL_PRODUCTS', () => {
  it('holds a few hundred products of every category, in variants with plausible list prices', () => {
    expect(REAL_PRODUCTS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(REAL_PRODUCTS.map((product) => product.category))).toEqual(new Set(Object.keys(CATEGORIES)));
    const problems = REAL_PRODUCTS.flatMap((product) =>
      product.variants.filter((variant) => !(variant.price >= 5 && variant.price <= 10_000)).map(() => `${product.brand} ${product.family} ${product.model}`),
    );
    expect(problems).toEqual([]);
  });

  it('gives only GTINs whose check digit holds, each to one variant', () => {
    const gtins = REAL_PRODUCTS.flatMap((product) => product.variants.flatMap((variant) => (variant.gtin ? [variant.gtin] : [])));
    expect(gtins.length).toBeGreaterThan(5);
    expect(gtins.filter((gtin) => !isValidGtin(gtin))).toEqual([]);
    expect(new Set(gtins).size).toBe(gtins.length);
  });

  it('gives each part number to one variant of its brand', () => {
    const seen = new Map<string, number>();
    for (const product of REAL_PRODUCTS) for (const variant of product.variants) if (variant.mpn) seen.set(`${product.brand}|${variant.mpn}`, (seen.get(`${product.brand}|${variant.mpn}`) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1)).toEqual([]);
  });

  it('names the products the brief names, with their model numbers', () => {
    const titles = demoProducts(42).map((product) => `${product.title} ${product.mpn}`);
    for (const wanted of [/Sony WH-1000XM5 .*Black WH1000XM5\/B/, /Apple iPhone 15 128GB Black MTP03LL\/A/, /Dyson V15 Detect .*368340-01/, /Samsung Neo QLED 4K QN65QN90C/, /LG OLED evo C3 OLED65C3PUA/, /MacBook Air 13-inch M2 .*Space Gray MLXW3LL\/A/, /Canon EOS R6 Mark II/, /Nintendo Switch OLED Model .*HEG-S-KABAA/, /PlayStation 5 Slim CFI-2015/, /Bose QuietComfort Ultra/]) {
      expect({ wanted: String(wanted), found: titles.some((title) => wanted.test(title)) }).toEqual({ wanted: String(wanted), found: true });
    }
  });
});

describe('generateDemoCatalog', () => {
  const offers = generateDemoCatalog({ seed: 42 });
  const products = demoProducts(42);

  it('is deterministic, and another seed gives other ids and prices for the same products', () => {
    expect(generateDemoCatalog({ seed: 42 })).toEqual(offers);
    const other = generateDemoCatalog({ seed: 7 });
    expect(new Set(other.map((offer) => offer.productKey))).toEqual(new Set(products.map((product) => product.productKey)));
    expect(other.map((offer) => offer.url)).not.toEqual(offers.map((offer) => offer.url));
  });

  it('offers every variant, a few thousand offers in all, each valid and in its retailer’s URL shape', () => {
    expect(offers.length).toBeGreaterThan(3000);
    expect(new Set(offers.map((offer) => offer.productKey))).toEqual(new Set(products.map((product) => product.productKey)));
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const { productKey: _key, ...offer } of offers) {
      const parsed = feedOfferSchema.safeParse(offer);
      if (!parsed.success) problems.push(`${offer.url}: ${parsed.error.message}`);
      if (!(URL_SHAPES[offer.retailer as string] as RegExp).test(offer.url)) problems.push(offer.url);
      const key = `${offer.retailer}|${offer.externalId}`;
      if (ids.has(key)) problems.push(`repeated ${key}`);
      ids.add(key);
      // The marketplace reads every id back from its URL, but Apple's configurator pages, which have none.
      const ref = extractProductId(offer.url);
      if (offer.url.includes('/shop/buy-') ? ref !== null : ref?.id !== offer.externalId) problems.push(`${offer.url} -> ${JSON.stringify(ref)}`);
    }
    expect(problems).toEqual([]);
  });

  it('sells Apple’s products at Apple and PlayStation products at PlayStation Direct only, at 2 retailers or more as a rule', () => {
    const problems = offers.filter((offer) => (offer.retailer === 'apple' && offer.brand !== 'Apple') || (offer.retailer === 'playstation' && !/PlayStation|DualSense|PULSE/.test(offer.title)));
    expect(problems.map((offer) => offer.title)).toEqual([]);
    const retailers = new Map<string, Set<string>>();
    for (const offer of offers) retailers.set(offer.productKey, (retailers.get(offer.productKey) ?? new Set()).add(offer.retailer));
    const single = [...retailers.values()].filter((set) => set.size < 2).length;
    expect(single / retailers.size).toBeLessThan(0.05);
    expect(new Set(offers.map((offer) => offer.retailer)).size).toBe(9);
  });

  it('prices offers around the list price, and shows a product’s own GTIN and part number only', () => {
    const byKey = new Map(products.map((product) => [product.productKey, product]));
    const problems: string[] = [];
    for (const offer of offers) {
      const product = present(byKey.get(offer.productKey));
      const ratio = offer.priceCents / product.msrpCents;
      if (ratio < 0.5 || ratio > 1.1) problems.push(`${offer.title}: ${offer.priceCents} for ${product.msrpCents}`);
      if (offer.gtin !== undefined && offer.gtin !== product.gtin) problems.push(`${offer.title}: gtin ${offer.gtin}`);
      if (offer.mpn !== undefined && offer.mpn !== product.mpn) problems.push(`${offer.title}: mpn ${offer.mpn}`);
    }
    expect(problems).toEqual([]);
  });

  it('adds to titles only what is true of the product: its own claims, else its category’s', () => {
    const titlesOf = (pattern: RegExp) => offers.filter((offer) => pattern.test(offer.title)).map((offer) => offer.title);
    const claimed = (pattern: RegExp, claim: RegExp) => titlesOf(pattern).filter((title) => claim.test(title));
    // A tracker, a toothbrush, a charger or a pen is no computer accessory; Samsung's TVs have HDR10+, not Dolby Vision;
    // a printer that only prints does not copy or scan.
    expect(claimed(/SmartTag|Tile Mate|AirTag|Sonicare|Oral-B|Anker|Pencil/i, /\bMac\b.*\bPC\b/)).toEqual([]);
    expect(claimed(/^Samsung.*(QLED|OLED|Crystal|Frame)|SAMSUNG.*TV/i, /Dolby Vision/)).toEqual([]);
    expect(claimed(/LaserJet M209|HL-L2460|HL-L3280|SELPHY/, /Copy|Scan/)).toEqual([]);
    expect(titlesOf(/MX Keys S/).some((title) => /Compatible with Mac and PC/.test(title))).toBe(true);
    expect(titlesOf(/QN65QN90C/).some((title) => /HDR10\+|Tizen/.test(title))).toBe(true);
    const withClaims = new Map(products.filter((product) => product.real.claims).map((product) => [product.productKey, product.real.claims ?? []]));
    expect(withClaims.size).toBeGreaterThan(50);
    for (const product of products) {
      const claims = withClaims.get(product.productKey);
      if (claims) expect(product.marketing.filter((phrase) => !claims.includes(phrase))).toEqual([]);
    }
  });

  it('files each product under a category path true of it: no charger among keyboards, no hard drive among SSDs', () => {
    const pathsOf = (pattern: RegExp) => new Set(products.filter((product) => pattern.test(product.title)).map((product) => product.categoryPath));
    expect([...pathsOf(/Charger|Pencil|Toothbrush|Tracker|AirTag|Webcam/)].filter((path) => /Keyboards|Mice/.test(path))).toEqual([]);
    expect([...pathsOf(/Hard Drive|microSD|Flash Drive/)].filter((path) => /Solid State/.test(path))).toEqual([]);
  });

  it('sells a product only with what fits it: its own bundles, else its category’s, and one sold alone as no bundle', () => {
    const titlesOf = (pattern: RegExp) => offers.filter((offer) => pattern.test(offer.title)).map((offer) => offer.title);
    // A stylus, a charger or a tracker comes with no mouse pad or USB receiver; a hard drive or a card with no heatsink.
    expect(titlesOf(/Pencil|Anker|MagSafe|SmartTag|AirTag|Sonicare|Oral-B/).filter((title) => /Mouse Pad|USB Receiver|Combo/.test(title))).toEqual([]);
    expect(titlesOf(/Hard Drive|microSD|Flash Drive|Portable SSD/).filter((title) => /Heatsink|Migration Software/.test(title))).toEqual([]);
    const alone = new Set(products.filter((product) => product.real.bundles?.length === 0).map((product) => product.productKey));
    expect(alone.size).toBeGreaterThan(5);
    for (const product of products) {
      const own = product.real.bundles;
      if (own) expect(own.length === 0 ? product.bundle === '' : own.includes(product.bundle)).toBe(true);
    }
    const costco = offers.filter((offer) => offer.retailer === 'costco');
    expect(costco.filter((offer) => alone.has(offer.productKey) && /\bBundle\b/.test(offer.title))).toEqual([]);
  });
});

describe('demoPriceHistory', () => {
  const offers = generateDemoCatalog({ seed: 42 });
  const history = demoPriceHistory(offers, { days: 180, seed: 42 });
  const effective = (offer: { priceCents: number; salePriceCents?: number }) => Math.min(offer.priceCents, offer.salePriceCents ?? offer.priceCents);

  it('is deterministic, begins with every offer and ends with today’s offers', () => {
    expect(demoPriceHistory(offers, { days: 180, seed: 42 })).toEqual(history);
    expect(history).toHaveLength(180);
    expect(history[0]?.offers).toHaveLength(offers.length);
    // Replaying the days gives today's feed.
    const state = new Map<string, (typeof offers)[number]>();
    for (const day of history) for (const offer of day.offers) state.set(`${offer.retailer}|${offer.externalId}`, offer);
    const today = offers.map((offer) => state.get(`${offer.retailer}|${offer.externalId}`));
    expect(today.map((offer) => [offer?.priceCents, offer?.salePriceCents, offer?.availability])).toEqual(offers.map((offer) => [offer.priceCents, offer.salePriceCents, offer.availability]));
  });

  it('changes every product’s price on 30 days or more, with sales of 10–30% and stock-outs, and never at Apple', () => {
    const days = new Map<string, Set<number>>();
    const last = new Map<string, number>();
    let sales = 0;
    let stockOuts = 0;
    for (const { day, offers: listed } of history) {
      for (const offer of listed) {
        const key = `${offer.retailer}|${offer.externalId}`;
        if (last.get(key) !== effective(offer)) days.set(offer.productKey, (days.get(offer.productKey) ?? new Set()).add(day));
        if (day > 0 && offer.retailer === 'apple' && last.get(key) !== effective(offer)) throw new Error(`Apple changed ${offer.title}`);
        last.set(key, effective(offer));
        if (offer.salePriceCents !== undefined) {
          sales++;
          const depth = 1 - offer.salePriceCents / offer.priceCents;
          expect(depth).toBeGreaterThan(0);
          expect(depth).toBeLessThan(0.4);
        }
        if (offer.availability === 'out_of_stock') stockOuts++;
      }
    }
    const fewest = Math.min(...[...days.values()].map((set) => set.size));
    expect(fewest).toBeGreaterThanOrEqual(30);
    expect(sales).toBeGreaterThan(1000);
    expect(stockOuts).toBeGreaterThan(100);
  });

  it('rejects a history of no days', () => {
    expect(() => demoPriceHistory(offers, { days: 0, seed: 1 })).toThrow('days must be');
  });
});

describe('demo products’ pictures', () => {
  const headphones = (seed: number) => demoProducts(seed).filter((product) => product.real.brand === 'Sony' && product.real.model === 'WH-1000XM5');

  it('carry no image while the table holds none for them', () => {
    const offers = generateDemoCatalog({ seed: 42, images: {} });
    expect(offers.filter((offer) => offer.imageUrl !== undefined)).toEqual([]);
  });

  it('give every offer of a product the picture of its variant, else of its line, as its image', () => {
    const line42 = headphones(42);
    const [black, other] = line42;
    if (!black || !other) throw new Error('the demo lost the Sony WH-1000XM5 variants');
    const line = demoLineKey(black.real, black.variant);
    expect(line).toBe('real-sony-wh-1000xm5');
    expect(black.productKey).not.toBe(line);
    const images = {
      [black.productKey]: { image: 'https://images.example.com/wh-1000xm5-black.jpg', from: 'https://www.example.com/wh-1000xm5' },
      [line]: { image: 'https://images.example.com/wh-1000xm5.jpg', from: 'https://www.example.com/wh-1000xm5' },
    };
    const offers = generateDemoCatalog({ seed: 42, images });
    const imageOf = (key: string) => new Set(offers.filter((offer) => offer.productKey === key).map((offer) => offer.imageUrl));
    expect(imageOf(black.productKey)).toEqual(new Set(['https://images.example.com/wh-1000xm5-black.jpg']));
    expect(imageOf(other.productKey)).toEqual(new Set(['https://images.example.com/wh-1000xm5.jpg']));
    // Nothing else changes, and other products stay without.
    const plain = generateDemoCatalog({ seed: 42, images: {} });
    expect(offers.map(({ imageUrl: _image, ...offer }) => offer)).toEqual(plain);
    const pictured = new Set(offers.filter((offer) => offer.imageUrl !== undefined).map((offer) => offer.productKey));
    expect(pictured).toEqual(new Set(plain.map((offer) => offer.productKey).filter((key) => line42.some((product) => product.productKey === key))));
    for (const { retailer: _retailer, productKey: _key, ...offer } of offers) expect(feedOfferSchema.safeParse(offer).success).toBe(true);
  });

  it('reads REAL_PRODUCT_IMAGES by default', () => {
    const product = demoProducts(42)[0] as DemoProduct;
    expect(demoProductImage(product)).toBe(REAL_PRODUCT_IMAGES[product.productKey]?.image ?? REAL_PRODUCT_IMAGES[demoLineKey(product.real, product.variant)]?.image);
  });
});

describe('the demo feed’s pictures', () => {
  it('are its offers’ image_link, read back as the offers’ images', async () => {
    const sold = new Set(generateDemoCatalog({ seed: 42, images: {} }).filter((offer) => offer.retailer === DEMO_FEED_RETAILER.id).map((offer) => offer.productKey));
    const product = demoProducts(42).find((p) => sold.has(p.productKey));
    if (!product) throw new Error('Best Buy sells no demo product');
    const image = 'https://images.example.com/picture.jpg';
    const base = demoFeedBase({ seed: 42, days: 3, images: { [product.productKey]: { image, from: 'https://www.example.com/' } } });
    const pictured = base.filter((offer) => offer.imageUrl === image);
    expect(pictured.map((offer) => offer.productKey)).toEqual([product.productKey]);
    const others = base.filter((offer) => offer.imageUrl === undefined).slice(0, 3);
    const read = await parseGmcTsv(gmcTsvOf([{ ...pictured[0], additionalImageUrls: ['https://images.example.com/side.jpg'] } as FeedOffer, ...others]));
    expect(read.errors).toEqual([]);
    expect(read.offers[0]).toMatchObject({ imageUrl: image, additionalImageUrls: ['https://images.example.com/side.jpg'] });
    expect(read.offers.slice(1).map((offer) => offer.imageUrl)).toEqual([undefined, undefined, undefined]);
  });
});
