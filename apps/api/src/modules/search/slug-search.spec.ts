import { randomUUID } from 'node:crypto';
import type { FeedOffer } from '@pricehunt/catalog-feeds';
import { slugQueryFromUrl } from '@pricehunt/catalog-identity';
import { buildTestApp } from '../../testing/test-app';

import { createSearchService } from '@pricehunt/catalog-search';
import { feedOffer } from '@pricehunt/storage/testing';
import { present } from '@pricehunt/contracts';

const offer = (overrides: Parameters<typeof feedOffer>[0]): FeedOffer => feedOffer({ priceCents: 20_000, ...overrides });

// Variants of one line that differ only in part number, colour or capacity: the URL's words must pick the right one.
const CATALOG: FeedOffer[] = [
  offer({ externalId: '1000001', url: 'https://www.bestbuy.com/site/x/1000001.p', title: 'Bose - QuietComfort Earbuds II 870639-0100 Wireless Noise Cancelling Headphones - Midnight Blue', brand: 'Bose', mpn: '870639-0100-MB' }),
  offer({ externalId: '200000001', url: 'https://www.walmart.com/ip/x/200000001', title: 'Bose QuietComfort Earbuds II Wireless Noise Cancelling Headphones, Midnight Blue', brand: 'Bose', mpn: '870639-0100-MB' }),
  offer({ externalId: '1000002', url: 'https://www.bestbuy.com/site/x/1000002.p', title: 'Bose - QuietComfort Earbuds II 726048-0100 Wireless Noise Cancelling Headphones - Midnight Blue', brand: 'Bose', mpn: '726048-0100-MB' }),
  offer({ externalId: '200000002', url: 'https://www.walmart.com/ip/x/200000002', title: 'Bose QuietComfort Earbuds II Wireless Noise Cancelling Headphones, Midnight Blue', brand: 'Bose', mpn: '726048-0100-MB' }),
  offer({ externalId: '1000003', url: 'https://www.bestbuy.com/site/x/1000003.p', title: 'Bose - QuietComfort Earbuds II 870639-0100 Wireless Noise Cancelling Headphones - Black', brand: 'Bose', mpn: '870639-0100-BK' }),
  offer({ externalId: '1000004', url: 'https://www.bestbuy.com/site/x/1000004.p', title: 'Samsung - Galaxy Tab SM-X710N 64GB Wi-Fi Android Tablet - Graphite', brand: 'Samsung', mpn: 'SM-X710N-GR1', priceCents: 49_999 }),
  offer({ externalId: '200000004', url: 'https://www.walmart.com/ip/x/200000004', title: 'Samsung Galaxy Tab SM-X710N Android Tablet, 64GB Wi-Fi, Graphite', brand: 'Samsung', mpn: 'SM-X710N-GR1', priceCents: 48_999 }),
  offer({ externalId: '1000005', url: 'https://www.bestbuy.com/site/x/1000005.p', title: 'Samsung - Galaxy Tab SM-X710N 128GB Wi-Fi Android Tablet - Graphite', brand: 'Samsung', mpn: 'SM-X710N-GR2', priceCents: 59_999 }),
  offer({ externalId: '200000005', url: 'https://www.walmart.com/ip/x/200000005', title: 'Samsung Galaxy Tab SM-X710N Android Tablet, 128GB Wi-Fi, Graphite', brand: 'Samsung', mpn: 'SM-X710N-GR2', priceCents: 58_999 }),
  // Members that name neither capacity nor colour: a product must not win on them alone.
  offer({ externalId: '300000004', url: 'https://www.costco.com/x.product.300000004.html', title: 'Samsung Galaxy Tab SM-X710N Android Tablet with Keyboard Cover', brand: 'Samsung', mpn: 'SM-X710N-GR1', priceCents: 52_999 }),
  offer({ externalId: '300000005', url: 'https://www.costco.com/x.product.300000005.html', title: 'Samsung Galaxy Tab SM-X710N Android Tablet with Stylus', brand: 'Samsung', mpn: 'SM-X710N-GR2', priceCents: 62_999 }),
  offer({ externalId: '1000006', url: 'https://www.bestbuy.com/site/x/1000006.p', title: 'Apple - iPad 10.9-inch A16 128GB Wi-Fi - Silver', brand: 'Apple', mpn: 'MPQ03LL/A', priceCents: 34_900 }),
  offer({ externalId: '1000007', url: 'https://www.bestbuy.com/site/x/1000007.p', title: 'Apple - iPad 10.9-inch A16 256GB Wi-Fi - Silver', brand: 'Apple', mpn: 'MPQ83LL/A', priceCents: 44_900 }),
  // A model whose number goes on where another's ends ("XM552" is not "XM5").
  offer({ externalId: '1000008', url: 'https://www.bestbuy.com/site/x/1000008.p', title: 'Sony - WH-1000XM552 Wireless Noise Canceling Over-Ear Headphones - Black', brand: 'Sony', mpn: 'WH-1000XM552-BA', priceCents: 29_900 }),
  offer({ externalId: '200000008', url: 'https://www.walmart.com/ip/x/200000008', title: 'Sony WH-1000XM552 Wireless Noise Canceling Over-Ear Headphones, Black', brand: 'Sony', mpn: 'WH-1000XM552-BA', priceCents: 28_900 }),
  // Two models of one line told apart by a four-digit number alone, each offered once with it and once without.
  offer({ externalId: '1000011', url: 'https://www.bestbuy.com/site/x/1000011.p', title: 'Dell - XPS 13 9406 16GB RAM 512GB SSD Laptop - Sky Blue', brand: 'Dell', mpn: '9406-SB2', priceCents: 119_900 }),
  offer({ externalId: '200000011', url: 'https://www.walmart.com/ip/x/200000011', title: 'Dell XPS 13 Laptop, Backlit Keyboard, 16GB RAM 512GB SSD, Sky Blue', brand: 'Dell', mpn: '9406-SB2', priceCents: 118_900 }),
  offer({ externalId: '1000012', url: 'https://www.bestbuy.com/site/x/1000012.p', title: 'Dell - XPS 13 9335 16GB RAM 512GB SSD Laptop - Sky Blue', brand: 'Dell', mpn: '9335-SB2', priceCents: 119_900 }),
  offer({ externalId: '200000012', url: 'https://www.walmart.com/ip/x/200000012', title: 'Dell XPS 13 Laptop, 16GB RAM 512GB SSD, Sky Blue', brand: 'Dell', mpn: '9335-SB2', priceCents: 118_900 }),
  // One model in three colours, told apart by the letter after its number ("WH1000XM5/B" is the black one).
  offer({ externalId: '1000013', url: 'https://www.bestbuy.com/site/x/1000013.p', title: 'Sony - WH-1000XM5 Wireless Noise Canceling Over-Ear Headphones - Midnight Blue', brand: 'Sony', mpn: 'WH1000XM5/L', priceCents: 29_499 }),
  offer({ externalId: '1000014', url: 'https://www.bestbuy.com/site/x/1000014.p', title: 'Sony - WH-1000XM5 Wireless Noise Canceling Over-Ear Headphones - Black', brand: 'Sony', mpn: 'WH1000XM5/B', priceCents: 32_999 }),
  offer({ externalId: '1000015', url: 'https://www.bestbuy.com/site/x/1000015.p', title: 'Sony - WH-1000XM5 Wireless Noise Canceling Over-Ear Headphones - Silver', brand: 'Sony', mpn: 'WH1000XM5/S', priceCents: 32_999 }),
  // A colour of two words, which a slug cut short ends inside.
  offer({ externalId: '1000009', url: 'https://www.bestbuy.com/site/x/1000009.p', title: 'Sony - WF-C967 Truly Wireless Noise Cancelling Earbuds - Midnight Blue', mpn: 'WF-C967-MB', priceCents: 12_900 }),
  offer({ externalId: '200000009', url: 'https://www.walmart.com/ip/x/200000009', title: 'Sony WF-C967 Truly Wireless Noise Canceling Earbuds, Midnight Blue', mpn: 'WF-C967-MB', priceCents: 12_800 }),
  offer({ externalId: '1000010', url: 'https://www.bestbuy.com/site/x/1000010.p', title: 'Sony - WF-C967 Truly Wireless Noise Cancelling Earbuds - Silver', mpn: 'WF-C967-SL', priceCents: 12_900 }),
];

/** A test app with `offers` imported, and a search that may only read the words of a URL (its page stays unread). */
async function wordsOnlySearch(offers: FeedOffer[], source: string) {
  const t = await buildTestApp();
  await t.app.catalog.ingestion.importOffers(offers, { format: 'gmc', source });
  const service = createSearchService({
    catalog: t.app.storage.catalog,
    matcher: t.app.catalog.matcher,
    requests: t.app.storage.searchRequests,
    pages: { read: async () => null, slugWords: slugQueryFromUrl },
  });
  return {
    t,
    productOf: async (retailer: string, id: string) => present(await t.app.storage.catalog.findOfferByExternalId(retailer, id)).productId,
    search: async (url: string) => {
      const result = await service.search({ requestId: randomUUID(), url });
      expect(result.identifiedBy).toBe('url-slug');
      return { productId: result.product?.id ?? null, title: result.source.title, result };
    },
  };
}

describe('search by the words of a URL', () => {
  let app: Awaited<ReturnType<typeof wordsOnlySearch>>;
  const search = (url: string) => app.search(url);
  const productOf = (retailer: string, id: string) => app.productOf(retailer, id);

  beforeAll(async () => {
    app = await wordsOnlySearch(CATALOG, 'variants');
  });
  afterAll(async () => app.t.close());

  it('keeps the variants apart in the catalog', async () => {
    const products = new Set(
      await Promise.all(['1000001', '1000002', '1000003', '1000004', '1000005', '1000006', '1000007', '1000008', '1000009', '1000010', '1000011', '1000012'].map((id) => productOf('bestbuy', id))),
    );
    expect(products.size).toBe(12);
  });

  it('finds the product of a part number the slug split at its dash, not its sibling or its other colour', async () => {
    const found = await search('https://www.amazon.com/bose-quietcomfort-earbuds-ii-870639-0100-wireless-noise-cancelling-headphones-midnight-blue/dp/B0ABCDEFG1');
    expect(found.title).toContain('870639 0100');
    expect(found.productId).toBe(await productOf('bestbuy', '1000001'));
    const sibling = await search('https://www.amazon.com/bose-quietcomfort-earbuds-ii-726048-0100-wireless-noise-cancelling-headphones-midnight-blue/dp/B0ABCDEFG2');
    expect(sibling.productId).toBe(await productOf('bestbuy', '1000002'));
    const black = await search('https://www.amazon.com/bose-quietcomfort-earbuds-ii-870639-0100-wireless-noise-cancelling-headphones-black/dp/B0ABCDEFG3');
    expect(black.productId).toBe(await productOf('bestbuy', '1000003'));
  });

  it('finds the capacity the slug names, with the model number split', async () => {
    const large = await search('https://www.amazon.com/samsung-galaxy-tab-sm-x710n-android-tablet-128gb-wi-fi-graphite/dp/B0ABCDEFG4');
    expect(large.productId).toBe(await productOf('bestbuy', '1000005'));
    expect(await productOf('costco', '300000005')).toBe(await productOf('bestbuy', '1000005'));
    const small = await search('https://www.amazon.com/samsung-galaxy-tab-sm-x710n-android-tablet-64gb-wi-fi-graphite/dp/B0ABCDEFG5');
    expect(small.productId).toBe(await productOf('bestbuy', '1000004'));
  });

  it('reads a size whose decimal point the slug lost', async () => {
    const found = await search('https://www.amazon.com/apple-ipad-10-9-inch-a16-256gb-wi-fi-silver/dp/B0ABCDEFG6');
    expect(found.productId).toBe(await productOf('bestbuy', '1000007'));
  });

  it('reads a slug cut short inside a colour of two words as that colour', async () => {
    const cut = await search('https://www.amazon.com/sony-wf-c967-truly-wireless-noise-canceling-earbuds-hi-res-audio-alexa-built-in-midnight/dp/B0ABCDEF10');
    expect(cut.productId).toBe(await productOf('bestbuy', '1000009'));
    const silver = await search('https://www.amazon.com/sony-wf-c967-truly-wireless-noise-canceling-earbuds-silver/dp/B0ABCDEF11');
    expect(silver.productId).toBe(await productOf('bestbuy', '1000010'));
  });

  it('tells two models of a line apart by a four-digit number the slug names', async () => {
    const found = await search('https://www.amazon.com/dell-xps-13-9335-laptop-backlit-keyboard-16gb-ram-512gb-ssd-sky-blue/dp/B0ABCDEF12');
    expect(found.productId).toBe(await productOf('bestbuy', '1000012'));
    const other = await search('https://www.amazon.com/dell-xps-13-9406-laptop-backlit-keyboard-16gb-ram-512gb-ssd-sky-blue/dp/B0ABCDEF13');
    expect(other.productId).toBe(await productOf('bestbuy', '1000011'));
  });

  it('finds the colour the letter after a model number names in the slug', async () => {
    const black = await search('https://www.bhphotovideo.com/c/product/1746723-REG/sony_wh1000xm5_b_wh_1000xm5_wireless_noise_canceling_headphones.html');
    expect(black.title).toContain('WH1000XM5/B');
    expect(black.productId).toBe(await productOf('bestbuy', '1000014'));
    const silver = await search('https://www.bhphotovideo.com/c/product/1746724-REG/sony_wh1000xm5_s_wh_1000xm5_wireless_noise_canceling_headphones.html');
    expect(silver.productId).toBe(await productOf('bestbuy', '1000015'));
  });

  it('does not take a model whose number merely continues the one the slug names', async () => {
    const other = await search('https://www.bestbuy.com/site/sony-wh-1000xm5-wireless-noise-canceling-over-ear-headphones-black/6505727.p?skuId=6505727');
    expect(other.productId).not.toBe(await productOf('bestbuy', '1000008'));
    const same = await search('https://www.amazon.com/sony-wh-1000xm552-wireless-noise-canceling-headphones-black/dp/B0ABCDEFG9');
    expect(same.productId).toBe(await productOf('bestbuy', '1000008'));
  });
});

// Lines told apart by a number, products of one name at different retailers, and a part number that begins like the
// words of another product's name.
const LINES: FeedOffer[] = [
  offer({ externalId: '2000001', url: 'https://www.bestbuy.com/site/x/2000001.p', title: 'Lenovo IdeaPad Slim 5 Laptop, Long Battery Life, 16GB RAM 1TB SSD, Platinum Silver', brand: 'Lenovo', mpn: '83DA0001US' }),
  offer({ externalId: '300000001', url: 'https://www.walmart.com/ip/x/300000001', title: 'Lenovo IdeaPad Slim 5 16GB RAM 1TB SSD Laptop - Platinum Silver', brand: 'Lenovo', mpn: '83DA0001US' }),
  offer({ externalId: '2000002', url: 'https://www.bestbuy.com/site/x/2000002.p', title: 'Lenovo IdeaPad Slim 7 Laptop, 16GB RAM 1TB SSD', brand: 'Lenovo', mpn: '83HM0002US' }),
  offer({ externalId: '300000002', url: 'https://www.walmart.com/ip/x/300000002', title: 'Lenovo IdeaPad Slim 7 16GB 1TB Laptop Platinum Silver', brand: 'Lenovo', mpn: '83HM0002US' }),
  // One name, two products (their part numbers differ); the first is sold at Amazon already, the second is not.
  offer({ externalId: 'B0BRIO0001', url: 'https://www.amazon.com/dp/B0BRIO0001', title: 'Logitech Brio 100 Webcam, Rose', brand: 'Logitech', mpn: '960-001585' }),
  offer({ externalId: '2000003', url: 'https://www.bestbuy.com/site/x/2000003.p', title: 'Logitech - Brio 100 960-001585 Webcam - Rose', brand: 'Logitech', mpn: '960-001585' }),
  offer({ externalId: '300000004', url: 'https://www.walmart.com/ip/x/300000004', title: 'Logitech Brio 100 Webcam, Rose', brand: 'Logitech', mpn: '960-001617' }),
  offer({ externalId: '2000004', url: 'https://www.bestbuy.com/site/x/2000004.p', title: 'Logitech - Brio 100 960-001617 Webcam - Rose', brand: 'Logitech', mpn: '960-001617' }),
  offer({ externalId: '2000005', url: 'https://www.bestbuy.com/site/x/2000005.p', title: 'JBL Flip 9 JBLFLIP8TEALAM38 Portable Bluetooth Speaker, Blue', brand: 'JBL', mpn: 'JBLFLIP8TEALAM38' }),
  offer({ externalId: '300000005', url: 'https://www.walmart.com/ip/x/300000005', title: 'JBL Flip 9 Portable Bluetooth Speaker - Blue', brand: 'JBL', mpn: 'JBLFLIP8TEALAM38' }),
  offer({ externalId: '2000006', url: 'https://www.bestbuy.com/site/x/2000006.p', title: 'JBL Go 5 JBLFLIP9BLUAM54 Portable Bluetooth Speaker, Red', brand: 'JBL', mpn: 'JBLFLIP9BLUAM54' }),
];

describe('search by the words of a URL: lines, listings and names', () => {
  let app: Awaited<ReturnType<typeof wordsOnlySearch>>;
  const search = async (url: string) => (await app.search(url)).productId;
  const productOf = (retailer: string, id: string) => app.productOf(retailer, id);

  beforeAll(async () => {
    app = await wordsOnlySearch(LINES, 'lines');
  });
  afterAll(async () => app.t.close());

  it('keeps the products apart in the catalog', async () => {
    const products = new Set(
      await Promise.all([['bestbuy', '2000001'], ['bestbuy', '2000002'], ['amazon', 'B0BRIO0001'], ['walmart', '300000004'], ['bestbuy', '2000005'], ['bestbuy', '2000006']].map(([retailer, id]) => productOf(present(retailer), present(id)))),
    );
    expect(products.size).toBe(6);
  });

  it('takes the line number the words state, though another line shares more of the words', async () => {
    const found = await search('https://www.amazon.com/lenovo-ideapad-slim-7-laptop-long-battery-life-16gb-ram-1tb-ssd-platinum-silver/dp/B0SLIM0007');
    expect(found).toBe(await productOf('bestbuy', '2000002'));
  });

  it('prefers, among products of one name, the one the URL’s retailer does not sell under another id yet', async () => {
    expect(await search('https://www.amazon.com/logitech-brio-100-webcam-rose/dp/B0BRIO0002')).toBe(await productOf('walmart', '300000004'));
    expect(await search('https://www.walmart.com/ip/logitech-brio-100-webcam-rose/300000009')).toBe(await productOf('amazon', 'B0BRIO0001'));
    // Words that name the listed product's own part number still find it.
    expect(await search('https://www.amazon.com/logitech-brio-100-960-001585-webcam-rose/dp/B0BRIO0003')).toBe(await productOf('amazon', 'B0BRIO0001'));
  });

  it('reads words as plain words again when, joined, they begin another product’s part number', async () => {
    expect(await search('https://www.amazon.com/jbl-flip-9-portable-bluetooth-speaker-blue/dp/B0FLIP0009')).toBe(await productOf('bestbuy', '2000005'));
  });
});

// One family name ("Tab M23"), two models: the words name one model's number and share more words with the other's.
const TABLETS: FeedOffer[] = [
  offer({ externalId: '4000001', url: 'https://www.bestbuy.com/site/x/4000001.p', title: 'Lenovo - Tab M23 TB328XU 256GB Wi-Fi Android Tablet - Graphite', brand: 'Lenovo' }),
  offer({ externalId: '4000001', url: 'https://www.newegg.com/p/N82E164000001', title: 'LENOVO Tab M23 TB328XU Android Tablet 256GB Wi-Fi Graphite Anti-Reflective Display', brand: 'Lenovo' }),
  offer({ externalId: '4000001', url: 'https://www.target.com/p/x/-/A-4000001', title: 'Lenovo Tab M23 TB328XU 256GB Wi-Fi Android Tablet - Graphite', brand: 'Lenovo' }),
  offer({ externalId: '400000001', url: 'https://www.walmart.com/ip/x/400000001', title: 'Lenovo Tab M23 Android Tablet, 256GB Wi-Fi, Graphite', brand: 'Lenovo' }),
  offer({ externalId: '400000001', url: 'https://www.costco.com/x.product.400000001.html', title: 'Lenovo Tab M23 256GB Wi-Fi Android Tablet with Stylus', brand: 'Lenovo' }),
  offer({ externalId: '40000000001', url: 'https://www.ebay.com/itm/40000000001', title: 'NEW Lenovo Tab M23 TB328XU 256GB Wi-Fi Android Tablet Graphite Free Shipping', brand: 'Lenovo' }),
  offer({ externalId: '4000002', url: 'https://www.bestbuy.com/site/x/4000002.p', title: 'Lenovo - Tab M23 TB119FU 256GB Wi-Fi + Cellular Android Tablet - Silver', brand: 'Lenovo' }),
  offer({ externalId: '400000002', url: 'https://www.walmart.com/ip/x/400000002', title: 'Tab M23 TB119FU 256GB Wi-Fi + Cellular Android Tablet Silver', brand: 'Lenovo' }),
  // Other products, so that words common to tablets weigh little.
  offer({ externalId: '4000003', url: 'https://www.bestbuy.com/site/x/4000003.p', title: 'Samsung - Galaxy Tab S9 SM-X710 128GB Wi-Fi Android Tablet - Graphite', brand: 'Samsung' }),
  offer({ externalId: '4000004', url: 'https://www.bestbuy.com/site/x/4000004.p', title: 'Apple - iPad Pro 13-inch M4 256GB Wi-Fi + Cellular - Silver', brand: 'Apple' }),
  offer({ externalId: '4000005', url: 'https://www.bestbuy.com/site/x/4000005.p', title: 'Amazon - Fire HD 10 32GB Tablet - Black', brand: 'Amazon' }),
];

// Two products of one brand and colour, told apart by a name word; the other one's listings share the URL's wording.
const HEADPHONES: FeedOffer[] = [
  offer({ externalId: '5000001', url: 'https://www.bestbuy.com/site/x/5000001.p', title: 'Beats - Fit Pro MZH59LL/A Wireless Headphones - White', brand: 'Beats' }),
  offer({ externalId: '500000001', url: 'https://www.walmart.com/ip/x/500000001', title: 'Beats Fit Pro Wireless Headphones, with Mic for Phone Calls, Hi-Res Audio, White', brand: 'Beats' }),
  offer({ externalId: 'B0FITPRO01', url: 'https://www.amazon.com/dp/B0FITPRO01', title: 'Beats Fit Pro Wireless Headphones, with Mic for Phone Calls, Hi-Res Audio, White', brand: 'Beats' }),
  offer({ externalId: '5000002', url: 'https://www.bestbuy.com/site/x/5000002.p', title: 'Beats - Studio Pro MWK65LL/A Wireless Headphones - White', brand: 'Beats' }),
  offer({ externalId: '500000002', url: 'https://www.walmart.com/ip/x/500000002', title: 'Beats Studio Pro Wireless Headphones, White', brand: 'Beats' }),
  offer({ externalId: '5000003', url: 'https://www.bestbuy.com/site/x/5000003.p', title: 'Sony - WH-1000XM5 Wireless Headphones - Black', brand: 'Sony' }),
  offer({ externalId: '5000004', url: 'https://www.bestbuy.com/site/x/5000004.p', title: 'Bose - QuietComfort Ultra Wireless Headphones - White Smoke', brand: 'Bose' }),
];

// Two products of one name (their part numbers differ); only the other one is listed at Amazon, in Amazon's wording.
const KEYBOARDS: FeedOffer[] = [
  offer({ externalId: '6000001', url: 'https://www.bestbuy.com/site/x/6000001.p', title: 'Logitech - MX Keys S 920-011558 Wireless Keyboard - Graphite', brand: 'Logitech', mpn: '920-011558' }),
  offer({ externalId: 'B0MXKEYS01', url: 'https://www.amazon.com/dp/B0MXKEYS01', title: 'Logitech MX Keys S Wireless Keyboard, Backlit, Quiet Typing, Graphite', brand: 'Logitech', mpn: '920-011558' }),
  offer({ externalId: '6000002', url: 'https://www.bestbuy.com/site/x/6000002.p', title: 'Logitech - MX Keys S 920-011559 Wireless Keyboard - Graphite', brand: 'Logitech', mpn: '920-011559' }),
  offer({ externalId: '600000002', url: 'https://www.walmart.com/ip/x/600000002', title: 'Logitech MX Keys S Wireless Keyboard, Graphite', brand: 'Logitech', mpn: '920-011559' }),
  offer({ externalId: '6000003', url: 'https://www.bestbuy.com/site/x/6000003.p', title: 'Apple - Magic Keyboard MK2A3LL/A - White', brand: 'Apple' }),
  offer({ externalId: 'B0SOUNDL01', url: 'https://www.amazon.com/dp/B0SOUNDL01', title: 'Bose SoundLink Flex Portable Bluetooth Speaker, Waterproof, Quiet Clicks, Blue', brand: 'Bose' }),
];

// Words that share more with another product's listings than with their own product's: its model number or name decides.
const CLOSE_CALLS = [
  {
    name: 'takes the model whose number the words state over one of its family that shares more of the other words',
    offers: TABLETS,
    url: 'https://www.amazon.com/lenovo-tab-m23-tb119fu-android-tablet-anti-reflective-display-256gb-wi-fi/dp/B0TABM2301',
    other: '4000001',
    expected: '4000002',
  },
  {
    name: 'takes the product whose name the words begin with over one whose listings share more of the other words',
    offers: HEADPHONES,
    url: 'https://www.amazon.com/beats-studio-pro-wireless-headphones-with-mic-for-phone-calls-hi-res-audio-white/dp/B0STUDIO01',
    other: '5000001',
    expected: '5000002',
  },
  {
    name: 'compares the words with listings at other retailers than the URL’s, whose own listings share its wording',
    offers: KEYBOARDS,
    url: 'https://www.amazon.com/logitech-mx-keys-s-wireless-keyboard-backlit-quiet-typing-graphite/dp/B0MXKEYS02',
    other: '6000001',
    expected: '6000002',
  },
];

describe('search by the words of a URL: close calls', () => {
  it.each(CLOSE_CALLS)('$name', async ({ offers, url, other, expected }) => {
    const app = await wordsOnlySearch(offers, 'close-calls');
    try {
      expect(await app.productOf('bestbuy', other)).not.toBe(await app.productOf('bestbuy', expected));
      expect((await app.search(url)).productId).toBe(await app.productOf('bestbuy', expected));
    } finally {
      await app.t.close();
    }
  });
});

// Twins of one name and colour (their GTINs differ), listed in the same words, one with its part number in every title.
const TWINS: FeedOffer[] = [
  offer({ externalId: '7000001', url: 'https://www.bestbuy.com/site/x/7000001.p', title: 'Logitech - MX Master 2S 910-001821 Wireless Mouse - Rose', brand: 'Logitech', gtin: '097855141118' }),
  offer({ externalId: '700000001', url: 'https://www.walmart.com/ip/x/700000001', title: 'Logitech MX Master 2S 910-001821 Wireless Mouse, Rose', brand: 'Logitech', gtin: '097855141118' }),
  offer({ externalId: '7000002', url: 'https://www.bestbuy.com/site/x/7000002.p', title: 'Logitech - MX Master 2S Wireless Mouse - Rose', brand: 'Logitech', gtin: '097855142221', mpn: '910-005555' }),
  offer({ externalId: '700000002', url: 'https://www.walmart.com/ip/x/700000002', title: 'Logitech MX Master 2S Wireless Mouse, Rose', brand: 'Logitech', gtin: '097855142221', mpn: '910-005555' }),
  ...['Pebble M350', 'Signature M650', 'Lift Vertical', 'Ergo M575'].map((name, i) =>
    offer({ externalId: `710000${i}`, url: `https://www.bestbuy.com/site/x/710000${i}.p`, title: `Logitech - ${name} Wireless Mouse - ${i % 2 ? 'Graphite' : 'Rose'}`, brand: 'Logitech' }),
  ),
];

describe('search by the words of a URL: part numbers the words leave out', () => {
  it('scores twins alike whether or not their listings show their part number', async () => {
    const app = await wordsOnlySearch(TWINS, 'twins');
    try {
      const withCode = await app.productOf('bestbuy', '7000001');
      const without = await app.productOf('bestbuy', '7000002');
      expect(withCode).not.toBe(without);
      const { result } = await app.search('https://www.amazon.com/logitech-mx-master-2s-wireless-mouse-rose/dp/B0MASTER01');
      const confidence = new Map<number | null, number>([result.product, ...result.similarProducts].flatMap((p) => (p ? [[p.id, p.confidence] as const] : [])));
      expect(confidence.get(withCode)).toBeGreaterThan(0.5);
      expect(confidence.get(withCode)).toBe(confidence.get(without));
      // Words that state the part number still tell the twins apart.
      expect((await app.search('https://www.amazon.com/logitech-mx-master-2s-910-001821-wireless-mouse-rose/dp/B0MASTER02')).productId).toBe(withCode);
    } finally {
      await app.t.close();
    }
  });
});

// Two blenders of two makers, and other kinds of things.
const BLENDERS: FeedOffer[] = [
  offer({ externalId: '8000001', url: 'https://www.bestbuy.com/site/x/8000001.p', title: 'Vitamix E310 Explorian Blender, Professional-Grade, 48 oz. Container, Black', brand: 'Vitamix', priceCents: 29_900 }),
  offer({ externalId: '800000001', url: 'https://www.walmart.com/ip/x/800000001', title: 'Vitamix E310 Explorian Blender 48oz Black', brand: 'Vitamix', priceCents: 28_900 }),
  offer({ externalId: '8000002', url: 'https://www.bestbuy.com/site/x/8000002.p', title: 'Ninja Professional Plus Blender with Auto-iQ BN701', brand: 'Ninja', priceCents: 12_900 }),
  offer({ externalId: '800000002', url: 'https://www.walmart.com/ip/x/800000002', title: 'Ninja BN701 Professional Plus Blender, 1400 Watts', brand: 'Ninja', priceCents: 11_900 }),
  offer({ externalId: '8000003', url: 'https://www.bestbuy.com/site/x/8000003.p', title: 'KitchenAid Artisan 5 Qt Stand Mixer KSM150PSER', brand: 'KitchenAid', priceCents: 37_900 }),
  offer({ externalId: '8000004', url: 'https://www.bestbuy.com/site/x/8000004.p', title: 'Sony WH-1000XM5 Wireless Headphones - Black', brand: 'Sony', priceCents: 32_900 }),
];

describe('search by the words of a URL that name a kind of thing, not a maker', () => {
  it('answers them as the same words typed: no product picked, the blenders listed alike', async () => {
    const app = await wordsOnlySearch(BLENDERS, 'blenders');
    try {
      const [vitamix, ninja] = [await app.productOf('bestbuy', '8000001'), await app.productOf('bestbuy', '8000002')];
      const { result } = await app.search('https://www.target.com/p/some-unknown-blender/-/A-12345678');
      expect(result.product).toBeNull();
      const listed = (answer: typeof result) => [...answer.matches, ...answer.similarProducts].map((product) => product.id).sort();
      expect(listed(result)).toEqual([vitamix, ninja].sort());
      const typed = await app.t.app.searchService.search({ requestId: randomUUID(), query: 'some unknown blender' });
      expect([typed.product, listed(typed)]).toEqual([null, listed(result)]);
      // Its maker named, the link is that product.
      expect((await app.search('https://www.target.com/p/vitamix-blender/-/A-12345679')).productId).toBe(vitamix);
    } finally {
      await app.t.close();
    }
  });
});
