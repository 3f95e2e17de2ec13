import { randomUUID } from 'node:crypto';
import { generateDemoCatalog } from '@pricehunt/catalog-feeds';
import { slugQueryFromUrl } from '@pricehunt/catalog-identity';
import { importDemoCatalog } from '@pricehunt/catalog-core';
import { createSearchService } from '@pricehunt/catalog-search';
import { buildTestApp, type TestApp } from '../../testing/test-app';

/**
 * Links a shopper copies from the retailers' sites for products of the demo catalog, in the sites' own shapes, with
 * the slugs and ids of those pages as best known (the demo's offers have ids of their own, so none of these is a
 * known offer, but for Apple's part-number pages). The page is never read: the words of the URL are all there is.
 * `product` is the demo product's key (`demoProductKey`), or the beginning of the keys of the variants one of which
 * the words cannot tell apart from the others (a slug without the colour).
 */
const LINKS: ReadonlyArray<{ url: string; product: string; any?: true }> = [
  // Best Buy: /site/<slug>/<sku>.p?skuId=<sku>
  { url: 'https://www.bestbuy.com/site/sony-wh-1000xm5-wireless-noise-canceling-over-the-ear-headphones-black/6505727.p?skuId=6505727', product: 'real-sony-wh-1000xm5-black' },
  { url: 'https://www.bestbuy.com/site/samsung-65-class-qn90c-neo-qled-4k-uhd-smart-tizen-tv/6536946.p?skuId=6536946', product: 'real-samsung-neo-qled-4k-qn65qn90c-65-inch' },
  { url: 'https://www.bestbuy.com/site/canon-eos-r6-mark-ii-mirrorless-camera-body-only-black/6532508.p?skuId=6532508', product: 'real-canon-eos-r6-mark-ii-body-only' },
  { url: 'https://www.bestbuy.com/site/bose-quietcomfort-ultra-wireless-noise-cancelling-over-the-ear-headphones-black/6554464.p?skuId=6554464', product: 'real-bose-quietcomfort-ultra-black' },
  { url: 'https://www.bestbuy.com/site/sony-playstation-5-slim-console-digital-edition-white/6566040.p?skuId=6566040', product: 'real-sony-playstation-5-slim-cfi-2015-digital-edition' },
  { url: 'https://www.bestbuy.com/site/apple-11-inch-ipad-air-m2-chip-wi-fi-128gb-space-gray/6565837.p?skuId=6565837', product: 'real-apple-ipad-air-11-inch-m2-128gb-space-gray' },
  { url: 'https://www.bestbuy.com/site/kitchenaid-artisan-series-5-quart-tilt-head-stand-mixer-ksm150ps-empire-red/5890102.p?skuId=5890102', product: 'real-kitchenaid-artisan-series-ksm150ps-empire-red' },
  { url: 'https://www.bestbuy.com/site/garmin-forerunner-265-gps-smartwatch-46-mm-fiber-reinforced-polymer-black/6536766.p?skuId=6536766', product: 'real-garmin-forerunner-265-black' },
  // Amazon: /<Slug>/dp/<ASIN>
  { url: 'https://www.amazon.com/Sony-WH-1000XM5-Canceling-Headphones-Hands-Free/dp/B09XS7JWHH', product: 'real-sony-wh-1000xm5-', any: true },
  { url: 'https://www.amazon.com/LG-65-Inch-Class-OLED-evo-C3-Series-Alexa-Built-in-4K-Smart-TV-120Hz-Refresh-Rate-AI-Powered-4K-Dolby-Vision-HDR-WebOS-OLED65C3PUA-2023/dp/B0BVXF72HV', product: 'real-lg-oled-evo-c3-oled65c3pua-65-inch' },
  { url: 'https://www.amazon.com/PlayStation%C2%AE5-console-slim-PlayStation-5/dp/B0CL61F39H', product: 'real-sony-playstation-5-slim-cfi-2015-', any: true },
  { url: 'https://www.amazon.com/Ninja-AF101-Fryer-Black-Quart/dp/B07FDJMC9Q', product: 'real-ninja-air-fryer-af101-black' },
  { url: 'https://www.amazon.com/Instant-Pot-Electric-Pressure-Sterilizer/dp/B00FLYWNYQ', product: 'real-instant-pot-duo-7-in-1' },
  { url: 'https://www.amazon.com/Amazon-Kindle-Paperwhite-16GB-Black/dp/B0CFPJYX7P', product: 'real-amazon-kindle-paperwhite-12th-generation-16gb-black' },
  { url: 'https://www.amazon.com/Xbox-Series-X/dp/B08H75RTR8', product: 'real-microsoft-xbox-series-x' },
  // Walmart: /ip/<slug>/<id>
  { url: 'https://www.walmart.com/ip/Apple-MacBook-Air-13-6-inch-Laptop-Apple-M2-chip-8GB-RAM-256GB-SSD-Midnight/1436233347', product: 'real-apple-macbook-air-13-inch-m2-8gb-ram-256gb-ssd-midnight' },
  { url: 'https://www.walmart.com/ip/Nintendo-Switch-OLED-Model-w-Neon-Red-Neon-Blue-Joy-Con/910582148', product: 'real-nintendo-switch-oled-model-neon-red-neon-blue' },
  { url: 'https://www.walmart.com/ip/SAMSUNG-Galaxy-S24-Ultra-256GB-Titanium-Gray-Unlocked/5251297466', product: 'real-samsung-galaxy-s24-ultra-sm-s928u-256gb-titanium-gray' },
  { url: 'https://www.walmart.com/ip/Xbox-Series-S-512GB-All-Digital-Console-White/606518560', product: 'real-microsoft-xbox-series-s-512gb-robot-white' },
  // Target: /p/<slug>/-/A-<tcin>
  { url: 'https://www.target.com/p/nintendo-switch-oled-model-with-white-joy-con/-/A-83887639', product: 'real-nintendo-switch-oled-model-white' },
  { url: 'https://www.target.com/p/dyson-v15-detect-cordless-vacuum/-/A-83440866', product: 'real-dyson-v15-detect-yellow-nickel' },
  { url: 'https://www.target.com/p/apple-airpods-pro-2nd-generation-with-magsafe-case-usb-c/-/A-85978612', product: 'real-apple-airpods-pro-2' },
  { url: 'https://www.target.com/p/jbl-flip-6-portable-bluetooth-waterproof-speaker/-/A-84736493', product: 'real-jbl-flip-6-', any: true },
  // Apple: configurator pages and part-number pages
  { url: 'https://www.apple.com/shop/buy-iphone/iphone-15', product: 'real-apple-iphone-15-', any: true },
  { url: 'https://www.apple.com/shop/buy-iphone/iphone-15/6.1-inch-display-128gb-black-unlocked', product: 'real-apple-iphone-15-128gb-black' },
  { url: 'https://www.apple.com/shop/product/MTJV3AM/A/airpods-pro', product: 'real-apple-airpods-pro-2' },
  // PlayStation Direct
  { url: 'https://direct.playstation.com/en-us/buy-accessories/dualsense-wireless-controller-cosmic-red', product: 'real-sony-dualsense-cfi-zct1w-cosmic-red' },
  // Newegg: /<slug>/p/<item>
  { url: 'https://www.newegg.com/samsung-1tb-990-pro/p/N82E16820147869', product: 'real-samsung-990-pro-1tb' },
  { url: 'https://www.newegg.com/lg-27gr95qe-b-27/p/N82E16824026102', product: 'real-lg-ultragear-27gr95qe-b-27-inch' },
  // eBay: /itm/<slug>/<id>
  { url: 'https://www.ebay.com/itm/Apple-AirPods-Max-Wireless-Over-Ear-Headphones-Midnight/256543412345', product: 'real-apple-airpods-max-midnight' },
  // Costco: /<slug>.product.<id>.html
  { url: 'https://www.costco.com/apple-macbook-air-laptop-15-inch---apple-m3-chip%2c-8-core-cpu%2c-10-core-gpu%2c-8gb-memory%2c-256gb-ssd.product.4000221484.html', product: 'real-apple-macbook-air-15-inch-m3-8gb-ram-256gb-ssd-', any: true },
  { url: 'https://www.costco.com/sony-wh-1000xm4-wireless-noise-canceling-headphones-black.product.100719358.html', product: 'real-sony-wh-1000xm4-black' },
];

describe('real links pasted into the demo catalog', () => {
  let t: TestApp;
  let search: (url: string) => Promise<{ identifiedBy: string; productId: number | null; title: string | null }>;
  /** The demo product key of each offer (retailer and id). */
  const truth = new Map(generateDemoCatalog({ seed: 42 }).map((offer) => [`${offer.retailer}|${offer.externalId}`, offer.productKey]));

  beforeAll(async () => {
    t = await buildTestApp();
    // Today's feed of the demo catalog (its history adds nothing the search reads).
    await importDemoCatalog(t.app.catalog.ingestion, { days: 1 });
    const service = createSearchService({
      catalog: t.app.storage.catalog,
      matcher: t.app.catalog.matcher,
      requests: t.app.storage.searchRequests,
      pages: { read: async () => null, slugWords: slugQueryFromUrl },
    });
    search = async (url) => {
      const result = await service.search({ requestId: randomUUID(), url });
      return { identifiedBy: result.identifiedBy, productId: result.product?.id ?? null, title: result.source.title };
    };
  }, 120_000);
  afterAll(() => t?.close());

  /** The demo product keys of a catalog product's offers, and its retailers. */
  async function keysOf(productId: number) {
    const offers = await t.app.storage.catalog.offersOfProduct(productId);
    return { keys: new Set(offers.map((offer) => truth.get(`${offer.retailerId}|${offer.externalId}`))), retailers: new Set(offers.map((offer) => offer.retailerId)) };
  }

  it.each(LINKS)('$url', async ({ url, product, any }) => {
    const found = await search(url);
    expect({ words: found.title, identifiedBy: found.identifiedBy === 'known-offer' ? 'url-slug' : found.identifiedBy, found: found.productId !== null }).toEqual({ words: found.title, identifiedBy: 'url-slug', found: true });
    const { keys, retailers } = await keysOf(found.productId as number);
    const [key] = keys;
    expect({ words: found.title, keys: keys.size, right: any ? key?.startsWith(product) : key === product, key }).toEqual({ words: found.title, keys: 1, right: true, key });
    // The answer compares the product's offers at its retailers.
    expect(retailers.size).toBeGreaterThanOrEqual(2);
  });
});
