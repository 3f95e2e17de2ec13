import { type FeedOffer, feedOfferSchema, isValidGtin, LIMITS } from '@pricehunt/catalog-feeds';
import { catalogCondition, type ItemCondition } from '@pricehunt/contracts';
import type { ItemIdentity } from '@pricehunt/catalog-matching';
import { extractProductId, retailerForHost } from '@pricehunt/marketplace';
import { changeOf, FeedImport, nameFromHost, RowRejected, slugId } from './feed-import';
import { op, type IngestionStep, type IngestionStore, type OfferRecord } from './ingestion-store';
import type { ProductMatcher } from './matching';
import { placeOffer } from './place-offer';
import { type OfferRow, productOf, type RetailerRow } from './ports';

/**
 * A product page as the page reader read it, with the shop's own name when the page states one (`og:site_name`), the
 * item's condition (schema.org's name), the delivery cost it states (cents, 0 when free) and its images.
 */
export type ReadPage = ItemIdentity & {
  shopName?: string | null;
  condition?: ItemCondition | null;
  shipping?: { priceCents: number; currency: string | null } | null;
  images?: string[];
};

/** The delivery cost a page states, in the currency of its price (a cost in another currency is not the offer's). */
function shippingOf(page: ReadPage): number | undefined {
  const s = page.shipping;
  if (!s || !Number.isInteger(s.priceCents) || s.priceCents < 0) return undefined;
  return s.currency == null || s.currency === page.currency ? s.priceCents : undefined;
}

/** Where a page's offer is in the catalog after placing it. */
export interface PlacedPage {
  offerId: number;
  productId: number;
  /** `inserted`: the page became an offer; `updated`: its offer took the page's new price, stock or text; `unchanged`. */
  change: 'inserted' | 'updated' | 'unchanged';
  /** The link is a feed's offer: the page is not written over it (feeds speak for their offers). */
  fromFeed: boolean;
}

/** The shop's name to show for a host the retailer registry does not know: the page's own, else the host's. */
function shopNameOf(host: string, stated: string | null | undefined): string {
  const name = stated?.replace(/\s+/g, ' ').trim().slice(0, LIMITS.short) ?? '';
  if (name.length >= 2) return name;
  return /^[\d.]+$/.test(host) || host.includes(':') ? host : nameFromHost(host);
}

/**
 * The feed offer a read page stands for, or null when it cannot be one (no price or currency). Its id at the shop is
 * the one its link carries for a known marketplace, else its link: two pages never share one.
 */
export function pageFeedOffer(url: string, page: ReadPage, canonicalUrl: string): FeedOffer | null {
  if (page.priceCents == null || page.priceCents <= 0 || !page.currency || !/^[A-Z]{3}$/.test(page.currency)) return null;
  const text = (value: string | null | undefined, max: number) => {
    const cleaned = value?.replace(/\s+/g, ' ').trim();
    return cleaned ? cleaned.slice(0, max) : undefined;
  };
  const title = text(page.title, LIMITS.title);
  if (!title) return null;
  const gtin = page.gtin?.replace(/\D/g, '');
  const imageUrl = page.imageUrl && /^https?:\/\//i.test(page.imageUrl) && page.imageUrl.length <= 2048 ? page.imageUrl : undefined;
  const offer = {
    externalId: (extractProductId(url)?.id ?? canonicalUrl).slice(0, LIMITS.externalId),
    url,
    title,
    brand: text(page.brand, LIMITS.short),
    mpn: text(page.model, LIMITS.short),
    gtin: gtin && isValidGtin(gtin) ? gtin : undefined,
    priceCents: page.priceCents,
    currency: page.currency,
    availability: page.availability ?? 'unknown',
    // A refurbished, used or damaged item is marked so: best prices compare new offers with new ones.
    condition: catalogCondition(page.condition),
    shippingCents: shippingOf(page),
    imageUrl,
    sku: text(page.sku, LIMITS.short),
  };
  const parsed = feedOfferSchema.safeParse(Object.fromEntries(Object.entries(offer).filter(([, value]) => value !== undefined)));
  return parsed.success ? parsed.data : null;
}

/** A shop on Shopify links each variant of a product page as `?variant=<id>`; its feed lists the variants so. */
const VARIANT_QUERY = '?variant=';
const MAX_VARIANTS = 100;

/**
 * The feed's offer a product page linked without a variant shows: the page's only variant in the feed, else of its
 * variants at the price the page shows, the first in stock (the variant such a page opens on), else the first. Null
 * where the address has a query of its own, or no variant of the feed has the page's price.
 */
export function* feedVariantShown(record: Pick<OfferRecord, 'canonicalUrl' | 'priceCents' | 'currency'>): IngestionStep<OfferRow | null> {
  if (record.canonicalUrl.includes('?')) return null;
  const prefix = `${record.canonicalUrl}${VARIANT_QUERY}`;
  const variants = (yield* op('feedOffersUnderUrl', prefix, MAX_VARIANTS)).filter((o) => /^\d+$/.test(o.canonicalUrl.slice(prefix.length)));
  if (variants.length <= 1) return variants[0] ?? null;
  const priced = variants.filter((o) => o.priceCents === record.priceCents && o.currency === record.currency);
  return priced.find((o) => o.availability === 'in_stock') ?? priced[0] ?? null;
}

/**
 * Places product pages that shoppers paste or watch in the catalog: a page no offer holds becomes an offer of the
 * shop its host names (the registry's retailer, else one named after the page's `og:site_name`), joined to the
 * product the matcher places it in (`placeOffer`, as a feed row would be) or a product of its own; a page read again
 * updates its offer, recording a price point when the price changed. An offer a feed brought is left to its feed, and
 * so is a page linked without the variant its feed names (`feedVariantShown`).
 * One unit of work per page: the offer, its price point and its product's figures are written together.
 */
export function createPagePlacement(deps: { store: IngestionStore; matcher: ProductMatcher; changed?: () => void; now?: () => string }) {
  const { store, matcher } = deps;
  const now = deps.now ?? (() => new Date().toISOString());

  function* placeStep(run: FeedImport, offer: FeedOffer, stamp: string): IngestionStep<PlacedPage | null> {
    const fresh = new Map<string, RetailerRow>();
    const { retailer, modelKeys, record } = run.describe(offer, fresh);
    const byUrl = yield* op('findOfferByCanonicalUrl', record.canonicalUrl);
    const existing = byUrl ?? (yield* op('findOfferByExternalId', retailer.id, offer.externalId)) ?? (yield* feedVariantShown(record));
    if (existing) {
      if (existing.productId === null) return null;
      if ((yield* op('offerOrigin', existing.id)) !== 'page') return { offerId: existing.id, productId: existing.productId, change: 'unchanged', fromFeed: true };
      const change = changeOf(existing, record);
      if (change === 'unchanged') return { offerId: existing.id, productId: existing.productId, change: 'unchanged', fromFeed: false };
      yield* op('updateOffer', existing.id, record, change.text, stamp);
      if (change.price) yield* op('insertPricePoint', existing.id, record.priceCents, record.shippingCents, record.currency, stamp);
      yield* op('refreshProducts', [existing.productId], stamp);
      return { offerId: existing.id, productId: existing.productId, change: 'updated', fromFeed: false };
    }
    if (fresh.size > 0) yield* op('ensureRetailer', retailer);
    let productId = yield* placeOffer(matcher, record, { match: { useIndex: true, indexLimit: 20, modelKeys }, withOfferAtRetailer: retailer.id });
    productId ??= yield* op('createProduct', productOf(record), stamp);
    const offerId = yield* op('insertOffer', { ...record, retailerId: retailer.id, externalId: offer.externalId, productId }, stamp);
    yield* op('markPageOffer', offerId);
    yield* op('insertPricePoint', offerId, record.priceCents, record.shippingCents, record.currency, stamp);
    yield* op('refreshProducts', [productId], stamp);
    return { offerId, productId, change: 'inserted', fromFeed: false };
  }

  return {
    /**
     * Places the page read at `url` (see above). Null when the page cannot be an offer: no price or currency, or a
     * link the catalog cannot use.
     */
    async place(url: string, canonicalUrl: string, page: ReadPage): Promise<PlacedPage | null> {
      const offer = pageFeedOffer(url, page, canonicalUrl);
      if (!offer) return null;
      const stamp = now();
      const run = new FeedImport('page', { format: 'gmc', source: url }, () => stamp, () => undefined);
      const host = new URL(canonicalUrl).hostname.replace(/^www\./, '').toLowerCase();
      const registered = retailerForHost(host);
      // A shop the registry does not know is the shop of its host, whatever name its page gives itself.
      if (!registered) run.knowRetailer({ id: slugId(host), name: shopNameOf(host, page.shopName), domains: [host], affiliateParam: null });
      let placed: PlacedPage | null;
      try {
        placed = await store.unitOfWork(() => placeStep(run, offer, stamp));
      } catch (error) {
        if (error instanceof RowRejected) return null;
        throw error;
      }
      if (placed && placed.change !== 'unchanged') deps.changed?.();
      return placed;
    },
  };
}

export type PagePlacement = ReturnType<typeof createPagePlacement>;
