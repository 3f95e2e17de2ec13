import { suggestResponseSchema } from '@pricehunt/contracts';
import { feedOffer } from '@pricehunt/storage/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { suggestionScore } from '@pricehunt/catalog-core';

describe('suggestionScore', () => {
  it('ranks a title that begins with the words over one that holds them in order, over one that holds them at all', () => {
    expect(suggestionScore('Apple Watch SE GPS 44mm', ['apple', 'wa'])).toBe(3);
    expect(suggestionScore('45mm Apple Watch Series 10', ['apple', 'wa'])).toBe(2);
    expect(suggestionScore('Watch band for Apple', ['apple', 'wa'])).toBe(1);
    expect(suggestionScore('Apple AirPods Pro 2', ['apple', 'wa'])).toBe(0);
  });

  it('takes only the last word as unfinished', () => {
    expect(suggestionScore('Sony WH-1000XM5 Headphones', ['sony', 'wh'])).toBe(3);
    // "so" is a finished word here: "Sony" does not hold it.
    expect(suggestionScore('Sony Whisper Speaker', ['so', 'wh'])).toBe(0);
  });
});

describe('GET /api/suggest', () => {
  let t: TestApp;
  const offer = (externalId: string, title: string, brand: string, priceCents: number, host = 'www.amazon.com', category?: string) =>
    feedOffer({ externalId, url: host === 'www.amazon.com' ? `https://${host}/dp/${externalId}` : `https://${host}/ip/item/${externalId}`, title, brand, priceCents, ...(category ? { category } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.catalog.ingestion.importOffers(
      [
        offer('B0SUGG0001', 'Apple Watch SE GPS 44mm Starlight', 'Apple', 24_900),
        offer('5550001', 'Apple Watch SE GPS 44mm Starlight Aluminum', 'Apple', 23_900, 'www.walmart.com'),
        offer('B0SUGG0002', '45mm Apple Watch Series 10 GPS Jet Black', 'Apple', 42_900),
        offer('B0SUGG0003', 'Apple AirPods Pro 2 with USB-C', 'Apple', 18_900),
        offer('B0SUGG0004', 'Sony WH-1000XM5 Wireless Headphones, Black', 'Sony', 32_900),
        offer('B0SUGG0005', 'Sony DualSense Wireless Controller, White', 'Sony', 6_900),
        offer('B0SUGG0007', 'Uniden DECT 6.0 Cordless Phone D1680-2, Black', 'Uniden', 4_999),
        offer('B0SUGG0065', 'Samsung Neo QLED 4K QN65QN90D Smart TV', 'Samsung', 229_999),
        offer('B0SUGG0062', 'Canon EOS R6 Mark II Mirrorless Camera Body', 'Canon', 219_999),
        offer('B0SUGG0055', 'Samsung Neo QLED 4K QN55QN90D Smart TV', 'Samsung', 169_999),
        offer('B0SUGGPH01', 'Apple iPhone 16 (128GB, Black)', 'Apple', 79_900, 'www.amazon.com', 'Electronics > Smartphones'),
        offer('B0SUGGPH02', 'Nothing Phone (2a) Unlocked Smartphone (128GB, White)', 'Nothing', 34_900, 'www.amazon.com', 'Electronics > Smartphones'),
        offer('B0SUGGEP01', 'Apple EarPods Headphones with Lightning Connector, with Mic for Phone Calls', 'Apple', 1_900, 'www.amazon.com', 'Electronics > Headphones'),
        feedOffer({ externalId: 'B0SUGG0006', url: 'https://www.amazon.com/dp/B0SUGG0006', title: 'Samsung Galaxy S24 Ultra 256GB Titanium Black', brand: 'Samsung', mpn: 'SM-S928UZKAXAA', priceCents: 129_999 }),
      ],
      { format: 'gmc', source: 'suggest fixtures' },
    );
    await t.app.catalog.spelling.ready();
  });
  afterAll(() => t.close());

  const suggest = (query: string) => t.app.inject({ method: 'GET', url: `/api/suggest?${query}` });
  const titles = async (q: string, extra = '') => {
    const res = await suggest(`q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode).toBe(200);
    return suggestResponseSchema.parse(res.json()).suggestions.map((product) => product.title);
  };

  it('suggests the products whose words begin like the typed ones, titles beginning with them first', async () => {
    const found = await titles('apple wa');
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^Apple Watch SE GPS 44mm \(Starlight\)/);
    expect(found[1]).toMatch(/Apple Watch Series 10/);
  });

  it('answers each product once, with its price summary', async () => {
    const res = await suggest('q=apple%20watch%20se');
    // "se" may begin "Series" too: the SE comes first, its title beginning with the words.
    const suggestions = suggestResponseSchema.parse(res.json()).suggestions;
    expect(suggestions.map((product) => product.title)).toEqual([expect.stringMatching(/^Apple Watch SE/), expect.stringMatching(/Series 10/)]);
    expect(suggestions[0]).toMatchObject({ brand: 'Apple', offerCount: 2, bestPriceCents: 23_900 });
  });

  it('reads "wh" after "sony" as the start of a word: the WH-1000XM5 before the white controller', async () => {
    expect(await titles('sony wh')).toEqual([expect.stringMatching(/^Sony WH-1000XM5/), expect.stringMatching(/DualSense/)]);
  });

  it('suggests for misspelt words as the catalog words they most likely meant when nothing begins like them', async () => {
    expect(await titles('appel wa')).toEqual([expect.stringMatching(/^Apple Watch SE/), expect.stringMatching(/Apple Watch Series 10/)]);
    expect(await titles('sony headphnes')).toEqual([expect.stringMatching(/^Sony WH-1000XM5/)]);
  });

  it('suggests the products stating the model number being typed, with or without its dashes', async () => {
    for (const typed of ['sms928', 'SM-S928', 'samsung sm-s92', 'galaxy SMS928U']) expect(await titles(typed)).toEqual([expect.stringMatching(/^Samsung Galaxy S24 Ultra/)]);
    // A number read from the title, where the offer states none.
    expect(await titles('d1680')).toEqual([expect.stringMatching(/^Uniden DECT 6.0 Cordless Phone D1680-2/)]);
    // Other words must be the product's own; short or letter-only prefixes say too little.
    expect(await titles('sony sms928')).toEqual([]);
    expect(await titles('sms')).toEqual([]);
  });

  it("suggests a line's sizes for its series code, which only their model numbers hold (QN65QN90D)", async () => {
    expect(await titles('qn90d')).toEqual([expect.stringMatching(/QN55QN90D/), expect.stringMatching(/QN65QN90D/)]);
    expect(await titles('samsung qn90')).toEqual([expect.stringMatching(/QN55QN90D/), expect.stringMatching(/QN65QN90D/)]);
    expect(await titles('qn90d', '&limit=1')).toEqual([expect.stringMatching(/QN55QN90D/)]);
    expect(await titles('sony qn90d')).toEqual([]);
  });

  it('suggests for a generation typed as a number where listings write it in Roman numerals', async () => {
    expect(await titles('canon r6 mark 2')).toEqual([expect.stringMatching(/^Canon EOS R6 Mark II/)]);
    expect(await titles('r6 mk2')).toEqual([expect.stringMatching(/^Canon EOS R6 Mark II/)]);
  });

  it('suggests for a compound typed in parts or by its last part ("air pods": AirPods, "sony phones": Headphones)', async () => {
    expect(await titles('air pods')).toEqual([expect.stringMatching(/^Apple AirPods Pro 2/)]);
    expect(await titles('sony phones')).toEqual([expect.stringMatching(/^Sony WH-1000XM5/)]);
    // Words that begin a listing's words are suggested as typed.
    expect(await titles('uniden phone')).toEqual([expect.stringMatching(/^Uniden DECT 6.0 Cordless Phone/)]);
  });

  it('suggests for a kind its category says the products of that category, not those that only come with the kind ("apple phone": the iPhone)', async () => {
    // The EarPods' listing holds "phone" only in what it comes with; the iPhone's title says no "phone", its category does.
    expect(await titles('apple phone')).toEqual([expect.stringMatching(/^Apple iPhone 16/)]);
    expect(await titles('apple phones')).toEqual([expect.stringMatching(/^Apple iPhone 16/)]);
    expect(await titles('apple earpods')).toEqual([expect.stringMatching(/^Apple EarPods/)]);
  });

  it('suggests what a search of words with a price, a condition or a wish to pay little looks for', async () => {
    expect((await titles('used sony wh'))[0]).toMatch(/^Sony WH-1000XM5/);
    expect(await titles('cheap airpods')).toEqual([expect.stringMatching(/^Apple AirPods Pro 2/)]);
    expect(await titles('sony headphones under 4')).toEqual([expect.stringMatching(/^Sony WH-1000XM5/)]);
  });

  it('answers an empty list for words no offer begins like, and keeps to the limit', async () => {
    expect(await titles('zzq')).toEqual([]);
    expect(await titles('apple', '&limit=1')).toHaveLength(1);
  });

  it.each([
    ['', 'q'],
    ['q=', 'q'],
    ['q=a', 'q'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['q=apple&limit=0', 'limit'],
    ['q=apple&limit=11', 'limit'],
    ['q=apple&limit=two', 'limit'],
  ])('refuses %s naming the field %s', async (query, field) => {
    const res = await suggest(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
  });
});
