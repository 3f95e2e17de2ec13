import type { FeedOffer, RowError } from '@pricehunt/catalog-feeds';
import { canonicalizeUrl, getRetailer, retailerForHost, RETAILER_LIST } from '@pricehunt/marketplace';
import { categoryName } from './category';
import type { ImportOptions, ImportProgress } from './import-options';
import type { OfferRecord, StatedOffer } from './ingestion-store';
import { gtinOf, modelKeysOf } from './matching';
import type { OfferRow, RetailerRow } from './ports';
import { present } from '@pricehunt/contracts';

/** Row errors an import reports (the first ones); `errorCount` counts them all. */
const REPORT_LIMIT = 1000;

/** A feed row read into what the catalog stores: its retailer, its model keys and its offer's record. */
export interface Described {
  retailer: RetailerRow;
  modelKeys: string[];
  record: OfferRecord;
}

/** A row the catalog cannot take: the field at fault and why. */
export class RowRejected extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export const slugId = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

/** The host of a canonical URL (`https://host[:port]/…`), read without parsing the URL again. */
function hostOf(canonicalUrl: string): string {
  const start = canonicalUrl.indexOf('//') + 2;
  let end = canonicalUrl[start] === '[' ? canonicalUrl.indexOf(']', start) + 1 : start;
  while (end < canonicalUrl.length && !'/:?#'.includes(present(canonicalUrl[end]))) end++;
  return canonicalUrl.slice(start, end);
}

export /** What a row changes of the offer the catalog has: nothing, or its text (indexed columns), price and other columns. */
function changeOf(existing: StatedOffer, record: OfferRecord): 'unchanged' | { text: boolean; price: boolean } {
  const text = existing.title !== record.title || existing.brand !== record.brand || existing.model !== record.model || existing.category !== record.category;
  const price = existing.priceCents !== record.priceCents || existing.shippingCents !== record.shippingCents || existing.currency !== record.currency;
  const other = (['canonicalUrl', 'url', 'gtin', 'availability', 'condition', 'imageUrl', 'businessId', 'modelKey'] as const).some(
    (key) => existing[key] !== record[key],
  );
  return text || price || other ? { text, price } : 'unchanged';
}

/** Names a retailer the registry does not know after its host: `abt.com` → `Abt`. */
export function nameFromHost(host: string): string {
  const label = host.split('.').slice(-2, -1)[0] ?? host;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The retailer a row names (the import's, the row's own, or its URL's host), as the registry knows it when it does. */
export function resolveRetailer(options: ImportOptions, offer: FeedOffer, host: string): RetailerRow {
  const named = options.retailer?.name ?? offer.retailer;
  if (named) {
    const known =
      getRetailer(options.retailer?.id ?? named.toLowerCase()) ??
      RETAILER_LIST.find((retailer) => retailer.name.toLowerCase() === named.toLowerCase()) ??
      null;
    if (known) return { id: known.id, name: known.name, domains: [...known.domains], affiliateParam: null };
    // A bare retailer id from a feed (`abt`, `google-shopping`) is shown in title case.
    const name = /^[a-z0-9-]+$/.test(named) ? named.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') : named;
    return { id: options.retailer?.id ?? slugId(named), name, domains: options.retailer?.domains ?? [host], affiliateParam: null };
  }
  const registered = retailerForHost(host);
  if (registered) return { id: registered.id, name: registered.name, domains: [...registered.domains], affiliateParam: null };
  return { id: slugId(host), name: nameFromHost(host), domains: [host], affiliateParam: null };
}

/**
 * One import's state, shared by its row and bulk paths: the retailers and labelled matches it met, the model keys
 * and products it created (for the joins at its end), its progress and its row errors.
 */
export class FeedImport {
  readonly retailerCache = new Map<string, RetailerRow>();
  readonly knownMatches = new Map<string, number>();
  /** The products of the feed's item groups (`ImportOptions.productGroupKey`) by key. */
  readonly productGroups = new Map<string, number>();
  readonly progress: ImportProgress = { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
  readonly errors: RowError[] = [];
  errorCount = 0;
  /** Values rows were imported without (a GTIN that is none, an image path): the first ones; `warningCount` counts them all. */
  readonly warnings: RowError[] = [];
  warningCount = 0;
  productsCreated = 0;
  /** The model keys the rows state: products sharing one of them are joined at the end. */
  readonly importedKeys = new Set<string>();
  /**
   * Products this import created (the bulk path writes them with their batch; only these are joined into others at
   * the end: what existed before, an admin's corrections among them, is left as it was).
   */
  readonly createdProducts = new Set<number>();

  constructor(
    readonly runId: string,
    readonly options: ImportOptions,
    readonly now: () => string,
    /** Told when a batch changed the words of the catalog. */
    private readonly wordsChanged: () => void,
  ) {}

  /** Counts a row the parser or the catalog refused, and keeps its errors for the report. */
  reject(rowErrors: RowError[]): void {
    this.progress.skipped++;
    this.errorCount += rowErrors.length;
    for (const error of rowErrors) if (this.errors.length < REPORT_LIMIT) this.errors.push(error);
  }

  /** Keeps what a good row was imported without, for the report. */
  warn(rowWarnings: readonly RowError[]): void {
    this.warningCount += rowWarnings.length;
    for (const warning of rowWarnings) if (this.warnings.length < REPORT_LIMIT) this.warnings.push(warning);
  }

  /** The retailer every row belongs to, decided by the caller (a read page's shop: its host's, under the page's name). */
  private fixedRetailer: RetailerRow | null = null;

  /** Makes `retailer` every row's retailer (written with the first batch unless its id is known). */
  knowRetailer(retailer: RetailerRow): void {
    this.fixedRetailer = retailer;
  }

  /** The retailer of a row: known to the import, or resolved now and kept in `fresh` (written with the row's batch). */
  retailerFor(offer: FeedOffer, host: string, fresh: Map<string, RetailerRow>): RetailerRow {
    const { options } = this;
    if (this.fixedRetailer) {
      if (!this.retailerCache.has(this.fixedRetailer.id)) fresh.set(this.fixedRetailer.id, this.fixedRetailer);
      return this.fixedRetailer;
    }
    const key = `${options.retailer?.name ?? offer.retailer ?? ''}|${options.retailer || offer.retailer ? '' : host}`;
    let retailer = this.retailerCache.get(key) ?? fresh.get(key);
    if (!retailer) {
      retailer = resolveRetailer(options, offer, host);
      fresh.set(key, retailer);
    }
    return retailer;
  }

  /**
   * Reads a row into the record the catalog stores; throws RowRejected when its URL is unusable. `stored`: the offer the
   * row names, as the catalog has it (its canonical link and model key are taken when the row's link and title are its).
   */
  describe(offer: FeedOffer, fresh: Map<string, RetailerRow>, stored?: StatedOffer): Described {
    const { options } = this;
    let canonicalUrl: string;
    try {
      // What the catalog worked out from the same link or title before is not worked out again (a refresh compares
      // every row of a feed with its offer).
      canonicalUrl = stored && stored.url === offer.url ? stored.canonicalUrl : canonicalizeUrl(offer.url);
    } catch (error) {
      throw new RowRejected('url', `is not a usable product URL (${(error as Error).message})`);
    }
    const host = hostOf(canonicalUrl);
    if (options.linkDomain !== undefined && host !== options.linkDomain && !host.endsWith(`.${options.linkDomain}`)) {
      throw new RowRejected(options.format === 'gmc' ? 'link' : 'url', `must be on your store domain ${options.linkDomain} (it is on ${host})`);
    }
    const retailer = this.retailerFor(offer, host, fresh);
    const modelKeys =
      stored && stored.title === offer.title && stored.model === (offer.mpn ?? null) ? (stored.modelKey ? [stored.modelKey] : []) : modelKeysOf({ title: offer.title, model: offer.mpn });
    const priceCents = offer.salePriceCents !== undefined && offer.salePriceCents < offer.priceCents ? offer.salePriceCents : offer.priceCents;
    const record: OfferRecord = {
      canonicalUrl,
      url: offer.url,
      host,
      title: offer.title,
      brand: offer.brand ?? null,
      model: offer.mpn ?? null,
      modelKey: modelKeys[0] ?? null,
      gtin: gtinOf(offer.gtin),
      priceCents,
      currency: offer.currency,
      shippingCents: offer.shippingCents ?? null,
      availability: offer.availability,
      condition: offer.condition,
      imageUrl: offer.imageUrl ?? null,
      category: offer.category ? categoryName(offer.category) : null,
      businessId: options.businessId ?? null,
    };
    if (record.modelKey) this.importedKeys.add(record.modelKey);
    return { retailer, modelKeys, record };
  }

  /** The refusal of a row whose link is another offer's. */
  linkTaken(owner: OfferRow): RowRejected {
    return new RowRejected(this.options.format === 'gmc' ? 'link' : 'url', `is already the link of offer ${owner.externalId} of ${owner.retailerId}`);
  }

  /** Adds a stored batch to the progress: its counts, its refused rows, its size; then reports. */
  countBatch(counts: { inserted: number; updated: number; unchanged: number }, rejected: RowError[][], size: number): void {
    // The next rows' candidates are looked up by words whose counts this batch changed.
    if (counts.inserted + counts.updated > 0) this.wordsChanged();
    const { progress } = this;
    progress.inserted += counts.inserted;
    progress.updated += counts.updated;
    progress.unchanged += counts.unchanged;
    for (const rowErrors of rejected) this.reject(rowErrors);
    progress.rows += size;
    this.options.onProgress?.({ ...progress });
  }
}
