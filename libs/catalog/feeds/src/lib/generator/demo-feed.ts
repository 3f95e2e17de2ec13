import type { FeedOffer } from '../offer';
import { type DemoImages, generateDemoCatalog } from './demo-catalog';
import { demoPriceHistory } from './demo-history';
import type { SyntheticOffer } from './offers';
import { mix32 } from './rng';

/** The demo retailer whose feed the demo feed server serves and the worker refreshes. */
export const DEMO_FEED_RETAILER = { id: 'bestbuy', name: 'Best Buy' } as const;

/** How long one state of the demo feed lasts: its prices move every five minutes. */
export const DEMO_FEED_PERIOD_MS = 5 * 60_000;

/** Share of the feed's offers (in percent) on a flash price in any one period, and how deep (percent off). */
const FLASH_PERCENT = 4;
const FLASH_DEPTH: readonly [number, number] = [5, 20];

/**
 * The demo retailer's offers as the demo catalog holds them today: the last state of each of its offers over the
 * demo's price history (the same seed and days as the seed gave the catalog).
 */
export function demoFeedBase(options: { seed: number; days: number; images?: DemoImages }): SyntheticOffer[] {
  const offers = generateDemoCatalog({ seed: options.seed, images: options.images });
  const current = new Map<string, SyntheticOffer>();
  for (const day of demoPriceHistory(offers, options)) {
    for (const offer of day.offers) if (offer.retailer === DEMO_FEED_RETAILER.id) current.set(offer.externalId, offer);
  }
  return [...current.values()];
}

/**
 * The demo retailer's feed in period `tick` (`Date.now() / DEMO_FEED_PERIOD_MS`): today's offers, FLASH_PERCENT of
 * which (chosen anew each period, deterministically) sell for 5–20% less for that period. An offer out of stock stays
 * as it is. Answers the offers and how many are on a flash price.
 */
export function demoFeedOffers(base: readonly SyntheticOffer[], tick: number): { offers: FeedOffer[]; flashed: number } {
  let flashed = 0;
  const offers = base.map(({ productKey: _productKey, ...offer }) => {
    const draw = [...offer.externalId].reduce((hash, char) => mix32(hash, char.charCodeAt(0)), mix32(tick, 7919)) >>> 0;
    if (offer.availability === 'out_of_stock' || draw % 100 >= FLASH_PERCENT) return offer;
    flashed++;
    const off = FLASH_DEPTH[0] + ((draw >>> 8) % (FLASH_DEPTH[1] - FLASH_DEPTH[0] + 1));
    const selling = Math.min(offer.priceCents, offer.salePriceCents ?? offer.priceCents);
    return { ...offer, salePriceCents: Math.max(1, Math.round((selling * (100 - off)) / 100)) };
  });
  return { offers, flashed };
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
const AVAILABILITY: Record<FeedOffer['availability'], string> = {
  in_stock: 'in stock',
  out_of_stock: 'out of stock',
  preorder: 'preorder',
  backorder: 'backorder',
  unknown: 'in stock',
};
const cell = (value: string | undefined) => (value ?? '').replace(/[\t\r\n]+/g, ' ');

/** Offers as a Google Merchant Center TSV feed (the columns the catalog reads back into the same offers). */
export function gmcTsvOf(offers: readonly FeedOffer[]): string {
  const header = ['id', 'title', 'link', 'price', 'sale_price', 'brand', 'gtin', 'mpn', 'availability', 'condition', 'product_type', 'image_link', 'additional_image_link', 'shipping', 'description'];
  const lines = offers.map((offer) =>
    [
      offer.externalId,
      offer.title,
      offer.url,
      money(offer.priceCents, offer.currency),
      offer.salePriceCents !== undefined ? money(offer.salePriceCents, offer.currency) : '',
      offer.brand,
      offer.gtin,
      offer.mpn,
      AVAILABILITY[offer.availability],
      offer.condition,
      offer.category,
      offer.imageUrl,
      offer.additionalImageUrls?.join(','),
      offer.shippingCents !== undefined ? `US:::${money(offer.shippingCents, offer.currency)}` : '',
      offer.description,
    ]
      .map(cell)
      .join('\t'),
  );
  return [header.join('\t'), ...lines].join('\n') + '\n';
}
