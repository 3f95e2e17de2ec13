import { feedOfferSchema, isValidGtin } from '../offer';
import { CATEGORIES, LINES } from './catalog-data';
import { SYNTHETIC_RETAILERS, type SyntheticOffer, generateCatalog } from './offers';
import { colourCode, generateProducts } from './products';
import { permute } from './rng';
import { RETAILER_URL_SHAPES } from '../../testing';

const take = (offers: number, seed: number) => [...generateCatalog({ offers, seed })];

// The synthetic catalog's Apple links are product pages only.
const URL_SHAPES: Record<string, RegExp> = {
  ...RETAILER_URL_SHAPES,
  apple: /^https:\/\/www\.apple\.com\/shop\/product\/M[0-9A-Z]{3}\dLL\/A\/[a-z0-9-]+$/,
};

describe('generateCatalog', () => {
  const offers = take(12_000, 11);
  const byProduct = new Map<string, SyntheticOffer[]>();
  for (const offer of offers) byProduct.set(offer.productKey, [...(byProduct.get(offer.productKey) ?? []), offer]);

  it('is deterministic: same seed same offers, another seed other offers, shorter runs are prefixes', () => {
    expect(take(3_000, 11)).toEqual(offers.slice(0, 3_000));
    const other = take(200, 12);
    expect(other).not.toEqual(offers.slice(0, 200));
    expect(take(0, 11)).toEqual([]);
  });

  it('produces exactly the requested number of valid offers', () => {
    expect(offers).toHaveLength(12_000);
    const problems: string[] = [];
    for (const { productKey, ...offer } of offers) {
      if (!/^syn-11-\d+$/.test(productKey)) problems.push(`productKey ${productKey}`);
      const parsed = feedOfferSchema.safeParse(offer);
      if (!parsed.success) problems.push(`${offer.url}: ${parsed.error.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('offers each product at 2 to 8 distinct retailers, own stores only for their brand', () => {
    const products = [...byProduct.values()].slice(0, -1);
    const problems: string[] = [];
    for (const group of products) {
      const retailers = group.map((o) => o.retailer);
      if (new Set(retailers).size !== retailers.length) problems.push(`repeated retailer ${retailers.join()}`);
      if (retailers.length < 2 || retailers.length > 8) problems.push(`${retailers.length} retailers`);
      for (const offer of group) {
        if (offer.retailer === 'apple' && offer.brand !== 'Apple') problems.push(offer.title);
        if (offer.retailer === 'playstation' && !/PlayStation|DualSense|PULSE/.test(offer.title)) problems.push(offer.title);
      }
    }
    expect(problems).toEqual([]);
    const seen = new Set(offers.map((o) => o.retailer));
    expect([...seen].sort()).toEqual([...SYNTHETIC_RETAILERS].sort());
  });

  it('uses each retailer’s URL shape and never repeats a retailer id', () => {
    const ids = new Set<string>();
    const problems: string[] = [];
    for (const offer of offers) {
      if (!(URL_SHAPES[offer.retailer] as RegExp).test(offer.url)) problems.push(offer.url);
      const key = `${offer.retailer}:${offer.externalId}`;
      if (ids.has(key)) problems.push(`repeated ${key}`);
      ids.add(key);
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBe(offers.length);
  });

  it('shares one valid GTIN and MPN per product, leaving them out at some retailers', () => {
    let withoutGtin = 0;
    const gtinOwner = new Map<string, string>();
    const mpnOwner = new Map<string, string>();
    for (const [key, group] of byProduct) {
      const gtins = new Set(group.map((o) => o.gtin).filter(Boolean));
      expect(gtins.size).toBeLessThanOrEqual(1);
      for (const gtin of gtins) {
        expect(isValidGtin(gtin as string)).toBe(true);
        expect(gtinOwner.get(gtin as string) ?? key).toBe(key);
        gtinOwner.set(gtin as string, key);
      }
      const mpns = new Set(group.map((o) => o.mpn).filter(Boolean));
      expect(mpns.size).toBeLessThanOrEqual(1);
      for (const mpn of mpns) {
        const owner = `${group[0]?.brand}:${mpn}`;
        expect(mpnOwner.get(owner) ?? key).toBe(key);
        mpnOwner.set(owner, key);
      }
      withoutGtin += group.filter((o) => !o.gtin).length;
    }
    expect(withoutGtin).toBeGreaterThan(0);
    expect(withoutGtin).toBeLessThan(offers.length / 2);
  });

  it('varies titles and prices between retailers of one product', () => {
    let differentTitles = 0;
    let differentPrices = 0;
    for (const group of byProduct.values()) {
      if (new Set(group.map((o) => o.title)).size > 1) differentTitles++;
      if (new Set(group.map((o) => o.priceCents)).size > 1) differentPrices++;
    }
    expect(differentTitles / byProduct.size).toBeGreaterThan(0.95);
    expect(differentPrices / byProduct.size).toBeGreaterThan(0.9);
    const conditions = new Set(offers.map((o) => o.condition));
    expect(conditions).toEqual(new Set(['new', 'refurbished', 'used']));
    const availability = new Set(offers.map((o) => o.availability));
    expect(availability).toEqual(new Set(['in_stock', 'out_of_stock', 'backorder', 'preorder']));
  });

  it('never writes the brand twice in a row, also when the family starts with it ("Apple Watch")', () => {
    const watches = offers.filter((o) => /Apple Watch/i.test(o.title));
    expect(watches.length).toBeGreaterThan(0);
    for (const offer of offers) {
      const brand = (offer.brand ?? '').toLowerCase();
      if (!brand) continue;
      expect(offer.title.toLowerCase()).not.toContain(`${brand} ${brand} `);
      expect(offer.url.toLowerCase()).not.toContain(`/${brand}-${brand}-`);
    }
  });

  it('never repeats a word back to back in a title ("Xbox Wireless Controller Controller")', () => {
    const repeated = (title: string) => {
      const words = title.toLowerCase().split(/[\s,–-]+/).filter((word) => word && !/^\d+$/.test(word));
      return words.some((word, i) => word === words[i - 1]);
    };
    expect(offers.some((o) => /Xbox Wireless Controller/.test(o.title))).toBe(true);
    expect(offers.filter((o) => repeated(o.title)).map((o) => o.title)).toEqual([]);
    expect([...generateProducts({ products: 5_000, seed: 11 })].filter((p) => repeated(p.title)).map((p) => p.title)).toEqual([]);
  });

  it('rejects bad options', () => {
    expect(() => take(-1, 1)).toThrow('offers must be a whole number');
    expect(() => take(1.5, 1)).toThrow(RangeError);
    expect(() => take(1, 0.5)).toThrow('seed must be a whole number');
  });
});

describe('generateProducts', () => {
  const products = [...generateProducts({ products: 5_000, seed: 11 })];

  it('matches the products behind generateCatalog', () => {
    const offers = take(2_000, 11);
    const byKey = new Map(products.map((p) => [p.productKey, p]));
    const mismatches = offers.filter((offer) => {
      const product = byKey.get(offer.productKey);
      return !product || offer.brand !== product.brand || (offer.gtin && offer.gtin !== product.gtin) || (offer.mpn && offer.mpn !== product.mpn);
    });
    expect(mismatches).toEqual([]);
  });

  it('gives realistic, distinct products with prices in their category range', () => {
    const titles = new Set(products.map((p) => `${p.title}|${p.mpn}`));
    expect(titles.size).toBe(products.length);
    const brands = new Set(products.map((p) => p.brand));
    for (const brand of ['Sony', 'Samsung', 'Apple', 'LG', 'Bose', 'Dell', 'HP', 'Lenovo', 'Canon', 'Nikon', 'Logitech', 'Anker', 'JBL', 'Philips', 'Dyson', 'KitchenAid', 'Nintendo', 'Microsoft', 'Asus', 'Acer']) {
      expect(brands).toContain(brand);
    }
    expect(new Set(products.map((p) => p.category)).size).toBe(Object.keys(CATEGORIES).length);
    expect(products.filter((p) => !(Number.isInteger(p.msrpCents) && p.msrpCents > 0) || !/^2\d{12}$/.test(p.gtin))).toEqual([]);
    const tv = products.find((p) => p.category === 'tvs' && p.brand === 'Samsung');
    expect(tv?.model).toMatch(/^(QN|UN)\d{2}/);
  });

  it('gives lens kits only to interchangeable-lens cameras, and bowl sizes to no air purifier', () => {
    const fixed = products.filter((p) => ['PowerShot', 'COOLPIX', 'HERO', 'Purifier'].includes(p.family));
    expect(new Set(fixed.map((p) => p.family)).size).toBe(4);
    expect(fixed.filter((p) => p.capacity !== undefined).map((p) => p.title)).toEqual([]);
    expect(products.some((p) => p.family === 'EOS' && /Lens|Body Only/.test(p.capacity ?? ''))).toBe(true);
    expect(products.filter((p) => p.family === 'Switch Pro Controller' && / Controller .*Controller/.test(p.title))).toEqual([]);
  });

  it('names only the Apple size and chip pairs that exist', () => {
    const macs = new Set(products.filter((p) => p.family === 'MacBook').map((p) => p.model));
    const ipads = new Set(products.filter((p) => p.family === 'iPad').map((p) => p.model));
    expect(macs.size).toBeGreaterThan(5);
    expect(ipads.size).toBeGreaterThan(5);
    // No "MacBook Air M4 Max", no "iPad mini M4" or "iPad Air A16".
    for (const model of macs) expect(model).not.toMatch(/^Air .* M\d (Pro|Max)$/);
    for (const model of ipads) expect(model).toMatch(/^(Air 1[13]-inch M[23]|Pro 1[13]-inch M4|mini A17 Pro|10\.9-inch A14|11-inch A16)$/);
    expect(products.filter((p) => p.family === 'iPad' && p.capacity?.startsWith('64GB')).map((p) => p.title)).toEqual([]);
    // A Surface Laptop is a laptop; the Surface Pro is the 2-in-1.
    const surfaces = products.filter((p) => p.family === 'Surface');
    expect(surfaces.some((p) => p.name.startsWith('Laptop'))).toBe(true);
    expect(surfaces.filter((p) => p.name.startsWith('Laptop') === p.title.includes('2-in-1')).map((p) => p.title)).toEqual([]);
  });

  it('gives each Apple Watch series only its own case sizes, and says the size once', () => {
    const watches = products.filter((p) => p.family === 'Apple Watch');
    expect(watches.length).toBeGreaterThan(5);
    const sizes: Record<string, string[]> = { 'Series 9': ['41mm', '45mm'], 'Series 10': ['42mm', '46mm'], SE: ['40mm', '44mm'], 'Ultra 2': ['49mm'] };
    for (const watch of watches) {
      const [, series, size] = /^(Series 9|Series 10|SE|Ultra 2) GPS(?: \+ Cellular)? (\d+mm)$/.exec(watch.model) ?? [];
      expect({ model: watch.model, fits: series !== undefined && sizes[series]?.includes(size ?? '') }).toEqual({ model: watch.model, fits: true });
      expect(watch.title.match(/\d+mm/g)).toHaveLength(1);
    }
  });

  it('names products in their own brand\'s colours, and leaves out the colour of what comes in one look', () => {
    const coloursOf = (family: string) => new Set(products.filter((p) => p.family === family).map((p) => p.colour));
    expect([...coloursOf('Forerunner')].every((colour) => ['Black', 'Whitestone', 'Aqua', 'Tidal Blue'].includes(colour))).toBe(true);
    expect(coloursOf('Forerunner').has('Starlight')).toBe(false);
    // iPhones in Apple's colours: titanium finishes only for the Pro models, no Samsung "Marble Gray".
    const iphones = products.filter((p) => p.family === 'iPhone');
    expect(iphones.length).toBeGreaterThan(5);
    expect(iphones.filter((p) => p.model.includes('Pro') !== p.colour.endsWith('Titanium') || p.colour === 'Marble Gray').map((p) => p.title)).toEqual([]);
    expect(iphones.filter((p) => !p.model.includes('Pro') && p.capacity === '1TB').map((p) => p.title)).toEqual([]);
    // Each generation in its own: no iPhone 15 in the 16's Ultramarine, no 15 Pro in Desert Titanium.
    const of = (model: string) => new Set(iphones.filter((p) => p.model === model).map((p) => p.colour));
    expect([...of('15')].filter((colour) => ['White', 'Teal', 'Ultramarine'].includes(colour))).toEqual([]);
    expect([...of('16')].filter((colour) => ['Blue', 'Green', 'Yellow'].includes(colour))).toEqual([]);
    expect(of('15 Pro').has('Desert Titanium')).toBe(false);
    // MacBook Pros in Space Black or Silver only, the Sky Blue of the M4 Airs on no other model.
    const macbooks = products.filter((p) => p.family === 'MacBook');
    expect(macbooks.length).toBeGreaterThan(5);
    expect(macbooks.filter((p) => p.model.startsWith('Pro') && !['Space Black', 'Silver'].includes(p.colour)).map((p) => p.title)).toEqual([]);
    expect(macbooks.filter((p) => p.colour === 'Sky Blue' && !/^Air .*M4$/.test(p.model)).map((p) => p.title)).toEqual([]);
    expect([...coloursOf('HERO')]).toEqual(['']);
    const gopro = products.find((p) => p.family === 'HERO');
    expect(gopro?.title).toMatch(/^GoPro HERO 1[123] Black .*Action Camera$/);
    // JBL part numbers spell the model and the colour the title gives.
    const code: Record<string, string> = { Black: 'BLK', Blue: 'BLU', Red: 'RED', 'Squad Camo': 'SQUAD', White: 'WHT', Teal: 'TEAL' };
    const jbl = products.filter((p) => p.brand === 'JBL' && p.category === 'speakers');
    expect(jbl.length).toBeGreaterThan(5);
    for (const speaker of jbl) expect(speaker.mpn).toBe(`JBL${speaker.model.replace(' ', '').toUpperCase()}${code[speaker.colour]}AM`);
    // Offers of one-look products leave no empty colour behind ("…, " at Walmart).
    const oneLook = new Set(products.filter((p) => p.colour === '').map((p) => p.productKey));
    const offers = take(4_000, 11).filter((o) => oneLook.has(o.productKey));
    expect(offers.length).toBeGreaterThan(5);
    expect(offers.filter((o) => /,\s*$|,\s*,| - $/.test(o.title)).map((o) => o.title)).toEqual([]);
  });

  it('retires lines whose combinations run out instead of repeating them', () => {
    const many = [...generateProducts({ products: 60_000, seed: 2 })];
    const apple = many.filter((p) => p.brand === 'Apple');
    const appleNames = new Set(apple.map((p) => `${p.family} ${p.model} ${p.size ?? ''} ${p.capacity ?? ''} ${p.colour}`));
    expect(appleNames.size).toBe(apple.length);
    expect(new Set(apple.map((p) => p.mpn)).size).toBe(apple.length);
  });
});

describe('generator building blocks', () => {
  it('colour codes are distinct within each category and each line whose part numbers carry its own colours', () => {
    const palettes: Array<[string, readonly string[]]> = [
      ...Object.entries(CATEGORIES).map(([id, category]): [string, readonly string[]] => [id, category.colours]),
      ...LINES.filter((line) => line.colours && !line.partNumbers && !line.mpn).map((line): [string, readonly string[]] => [`${line.brand} ${line.family}`, line.colours ?? []]),
    ];
    for (const [id, colours] of palettes) {
      const codes = colours.map(colourCode);
      expect({ id, size: new Set(codes).size }).toEqual({ id, size: codes.length });
    }
  });

  it('every line names a known category', () => {
    for (const line of LINES) expect(CATEGORIES[line.category]).toBeDefined();
  });

  it('permute is a bijection on its range', () => {
    for (const range of [1, 7, 1000, 4096]) {
      const values = new Set<number>();
      for (let n = 0; n < range; n++) values.add(permute(n, range, 12345));
      expect(values.size).toBe(range);
      expect(Math.max(...values)).toBe(range - 1);
    }
    expect(() => permute(10, 10, 1)).toThrow(RangeError);
  });
});
