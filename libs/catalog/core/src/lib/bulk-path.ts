import type { FeedOffer, FeedRow, RowError } from '@pricehunt/catalog-feeds';
import { productName, type ItemIdentity, type NamedOffer } from '@pricehunt/catalog-matching';
import { createBulkCatalogIndex, type BulkCatalogIndex } from './bulk-index';
import { changeOf, RowRejected, type FeedImport } from './feed-import';
import { op, type BulkBatch, type BulkBatchWriter, type IngestionStore, type OfferRecord } from './ingestion-store';
import type { ProductMatcher } from './matching';
import { placeOffer } from './place-offer';
import { productOf, type OfferRow, type RetailerRow } from './ports';

/** A bulk batch that writes nothing yet. */
const emptyBatch = (now: string): Omit<BulkBatch, 'run'> => ({
  now,
  retailers: [],
  updates: [],
  pricePoints: [],
  products: [],
  offers: [],
  newOffers: null,
  refreshed: [],
  titles: [],
});

/** A writer that keeps the batches of a staged run (written together by `BulkPath.writeAtOnce` at its end). */
function stagingWriter(): BulkBatchWriter & { batches: BulkBatch[] } {
  const batches: BulkBatch[] = [];
  return {
    batches,
    write: async (batch) => void batches.push(batch),
    drain: async () => undefined,
    close: async () => undefined,
  };
}

/** What a batch of the bulk path decides and hands to the writer; `mine` are its offers on their way to the disk. */
interface BatchDecisions {
  stamp: string;
  firstOfferId: number;
  nextOfferId: number;
  nextProductId: number;
  mine: { firstOfferId: number; updated: Set<number> };
  productRows: BulkBatch['products'];
  offerRows: BulkBatch['offers'];
  updates: BulkBatch['updates'];
  pricePoints: BulkBatch['pricePoints'];
  removed: number[];
  dirty: Set<number>;
  /** What the rows decided since the last hand-over add to the run's counts: committed with their writes. */
  unsent: { rows: number; inserted: number; updated: number; unchanged: number; skipped: number };
  /** The first new offer id not yet handed over. */
  handedFrom: number;
}

/**
 * The bulk path of an import: every row is decided in memory (existence, GTIN and model-number candidates come from
 * an index of the catalog loaded once) under ids reserved beforehand, and each batch is written by the engine's
 * writer in one transaction (a few statements per batch), while the next batch is decided.
 *
 * Staged (`ImportOptions.atomic`): nothing is written while the rows are decided; every batch is kept and written in
 * one transaction by `finish`, so the run becomes visible all at once, and a run cut short before it leaves the catalog
 * as it was. Its rows are also matched by the full-text index (as the row path's are), and a row that names an offer
 * an earlier row of the run took (the same id or link) is refused: the first row stands.
 */
export async function openBulkPath(run: FeedImport, store: IngestionStore, matcher: ProductMatcher, staged = false) {
  const path = new BulkPath(run, store, matcher, staged, createBulkCatalogIndex(await store.bulk.offerKeys()));
  return {
    flush: (batch: FeedRow[]) => path.flush(batch),
    /** Products whose titles are to be brought up to date from the database (what the writer did not retitle). */
    touched: path.touched,
    /**
     * Waits until everything handed to the writer is committed, then retitles the products this import created; a
     * staged run writes all its batches now, in one transaction.
     */
    finish: () => path.finish(),
    /** Lets what is on its way settle and closes the writer (also after a failure). */
    close: () => path.close(),
  };
}

class BulkPath {
  private readonly bulkPath: IngestionStore['bulk'];
  private readonly staging: (BulkBatchWriter & { batches: BulkBatch[] }) | null;
  private readonly writer: BulkBatchWriter;
  /** A staged run's offers (inserted or updated), by retailer and id and by link: the catalog does not hold them yet. */
  private readonly stagedKeys = new Set<string>();
  private readonly stagedLinks = new Set<string>();
  /** Retailers the bulk path met first in the batch being decided (written with it). */
  private readonly newRetailers: RetailerRow[] = [];
  /**
   * Offers on their way to the disk, per batch handed to the writer: the first new offer id (ids grow batch by
   * batch) and the ids of the existing offers it updates. Batches commit in order.
   */
  private readonly uncommitted: Array<{ firstOfferId: number; updated: Set<number> }> = [];
  /** Batches handed to the writer; each settles the progress of its rows when it is committed. */
  private readonly inFlight: Array<Promise<void>> = [];
  /** Products the bulk path changed: their titles are brought up to date once the import is written. */
  readonly touched = new Set<number>();
  /** Products this import made for the feed's item groups (whole: left out of the joins at the end). */
  private readonly groupsMade = new Set<number>();
  /**
   * Titles (with brands, in offer order) of the offers of each product this import created: their representative
   * titles are worked out from these, without reading the offers back. A product one of whose offers the import
   * changed again is retitled from the database instead.
   */
  private readonly titlesOfNewProducts = new Map<number, NamedOffer[]>();
  private readonly retitleFromDatabase = new Set<number>();
  private readonly reserved = { offers: { next: 0, end: 0 }, products: { next: 0, end: 0 } };
  /** Rows of the feed the bulk path has taken so far. */
  private rowsDecided = 0;

  constructor(
    private readonly run: FeedImport,
    store: IngestionStore,
    private readonly matcher: ProductMatcher,
    staged: boolean,
    private readonly index: BulkCatalogIndex,
  ) {
    this.bulkPath = store.bulk;
    this.staging = staged ? stagingWriter() : null;
    this.writer = this.staging ?? this.bulkPath.openWriter();
  }

  private isUncommitted(id: number): boolean {
    return this.uncommitted.some((batch) => id >= batch.firstOfferId || batch.updated.has(id));
  }

  private async reserve(table: 'offers' | 'products', rows: number): Promise<number> {
    const range = this.reserved[table];
    if (range.next + rows > range.end) {
      // Whole blocks at a time: reserving takes the write lock, which the writer thread holds while it commits
      // (back to back while batches queue), so the thread is let finish first. Each such wait empties the
      // pipeline, so an import of known size reserves for all its rows at once.
      await this.writer.drain();
      const block = Math.max(rows, 50_000, (this.run.options.expectedRows ?? 0) - this.rowsDecided);
      range.next = await this.bulkPath.reserveIds(table, block);
      range.end = range.next + block;
    }
    const first = range.next;
    range.next += rows;
    return first;
  }

  /**
   * Gives the products this import created their representative titles, worked out from the titles the import
   * kept, and has the writer store them (a few thousand per transaction). Products left out are retitled from the
   * database at the end.
   */
  private async retitleNewProducts(): Promise<void> {
    const CHUNK = 5000;
    let titles: BulkBatch['titles'] = [];
    let ids: number[] = [];
    const writing: Array<Promise<void>> = [];
    const send = async () => {
      const chunk = { titles, ids };
      titles = [];
      ids = [];
      const written =
        chunk.titles.length > 0
          ? // The run is still alive (its counts do not move).
            this.writer.write({ ...emptyBatch(this.run.now()), titles: chunk.titles, run: { id: this.run.runId, delta: {} } })
          : Promise.resolve();
      const settled = written.then(() => chunk.ids.forEach((id) => this.touched.delete(id)));
      // Awaited below; a failure that comes while an earlier chunk is awaited is not left unhandled meanwhile.
      settled.catch(() => undefined);
      writing.push(settled);
      // The next chunk's titles are worked out while this one is written.
      while (writing.length > 1) await writing.shift();
    };
    for (const [productId, offerTitles] of this.titlesOfNewProducts) {
      if (this.retitleFromDatabase.has(productId)) continue;
      const title = productName(offerTitles);
      if (title) titles.push({ productId, title });
      ids.push(productId);
      if (ids.length >= CHUNK) await send();
    }
    await send();
    for (const settled of writing.splice(0)) await settled;
  }

  /** Decides a batch of rows and hands it to the writer; at most two batches are on their way at a time. */
  async flush(batch: FeedRow[]): Promise<void> {
    if (batch.length === 0) return;
    const stamp = this.run.now();
    const counts = { inserted: 0, updated: 0, unchanged: 0 };
    const rejected: RowError[][] = [];
    const nextOfferId = await this.reserve('offers', batch.length);
    const nextProductId = await this.reserve('products', batch.length);
    this.rowsDecided += batch.length;
    const mine = { firstOfferId: nextOfferId, updated: new Set<number>() };
    this.uncommitted.push(mine);
    const d: BatchDecisions = {
      stamp,
      firstOfferId: nextOfferId,
      nextOfferId,
      nextProductId,
      mine,
      productRows: [],
      offerRows: [],
      updates: [],
      pricePoints: [],
      removed: [],
      dirty: new Set<number>(),
      unsent: { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 },
      handedFrom: nextOfferId,
    };
    const createdBefore = this.run.productsCreated;
    for (const row of batch) {
      // A row counts with the hand-over after it is decided (deciding it may hand over the rows before it).
      if (row.errors) {
        rejected.push(row.errors);
        d.unsent.skipped++;
      } else {
        try {
          const outcome = await this.decideRow(d, row.offer, row.line);
          counts[outcome]++;
          d.unsent[outcome]++;
        } catch (error) {
          if (!(error instanceof RowRejected)) throw error;
          rejected.push([{ line: row.line, field: error.field, reason: error.reason }]);
          d.unsent.skipped++;
        }
      }
      d.unsent.rows++;
    }
    const written = this.handOver(d);
    // The batch's rows count once they are on disk.
    written.then(
      () => {
        this.uncommitted.splice(this.uncommitted.indexOf(mine), 1);
        this.run.countBatch(counts, rejected, batch.length);
      },
      () => {
        this.run.productsCreated = createdBefore;
      },
    );
    // At most two batches on their way: deciding runs ahead of the disk by one batch.
    while (this.inFlight.length > 2) await this.inFlight.shift();
  }

  /**
   * Hands what the batch has decided so far to the writer: one transaction, in this order (products before the offers
   * that name them, offers before their index entries and price history).
   */
  private handOver(d: BatchDecisions): Promise<void> {
    const lastOfferId = d.nextOfferId - 1;
    const products = d.productRows.splice(0);
    const written = this.writer.write({
      now: d.stamp,
      retailers: this.newRetailers.splice(0),
      updates: d.updates.splice(0),
      pricePoints: d.pricePoints.splice(0),
      products,
      offers: d.offerRows.splice(0),
      newOffers: lastOfferId >= d.handedFrom ? { first: d.handedFrom, last: lastOfferId } : null,
      refreshed: [...d.dirty],
      titles: [],
      removed: d.removed.splice(0),
      // The run's counts move in the same transaction as the rows they count (the products too: one per row).
      run: { id: this.run.runId, delta: { ...d.unsent, productsCreated: products.length } },
    });
    Object.assign(d.unsent, { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 });
    d.handedFrom = d.nextOfferId;
    for (const productId of d.dirty) this.touched.add(productId);
    d.dirty.clear();
    this.inFlight.push(written);
    return written;
  }

  /** A staged run refuses a row that names an offer (by id or link) an earlier row of the run took. */
  private refuseRepeated(retailerId: string, offer: FeedOffer, canonicalUrl: string): void {
    const key = `${retailerId}\u0000${offer.externalId}`;
    if (this.stagedKeys.has(key)) throw new RowRejected('id', `${offer.externalId} is listed again: an earlier row of the feed was taken`);
    if (this.stagedLinks.has(canonicalUrl)) throw new RowRejected(this.run.options.format === 'gmc' ? 'link' : 'url', 'is the link of an earlier row of the feed');
    this.stagedKeys.add(key);
    this.stagedLinks.add(canonicalUrl);
  }

  /** Decides one row: an update of the offer it names, or a new offer placed in a product. */
  private async decideRow(d: BatchDecisions, offer: FeedOffer, line: number): Promise<'inserted' | 'updated' | 'unchanged'> {
    const fresh = new Map<string, RetailerRow>();
    const { retailer, modelKeys, record } = this.run.describe(offer, fresh);
    if (this.staging) this.refuseRepeated(retailer.id, offer, record.canonicalUrl);
    // The bulk path writes only through its writer (a write on this connection would wait for the writer's
    // transactions): a new retailer goes into the next batch, ahead of its offers.
    for (const [key, added] of fresh) {
      this.run.retailerCache.set(key, added);
      this.newRetailers.push(added);
    }
    const existing = await this.existingOffer(d, retailer.id, offer.externalId, record.canonicalUrl);
    if (existing) return this.updateOffer(d, existing, record, retailer.id, offer.externalId, modelKeys);
    await this.insertOffer(d, offer, line, record, retailer.id, modelKeys);
    return 'inserted';
  }

  /**
   * The offer a row names by its retailer's id, once whatever of the run still on its way to the disk is written; a
   * page a shopper pasted with the row's link gives way to the feed that lists it (as on the row path).
   */
  private async existingOffer(d: BatchDecisions, retailerId: string, externalId: string, canonicalUrl: string) {
    const inMine = (id: number | null) => id !== null && (id >= d.firstOfferId || d.mine.updated.has(id));
    const byExternal = this.index.offerIdByExternalId(retailerId, externalId);
    const byUrl = this.index.offerIdByCanonicalUrl(canonicalUrl);
    // A row naming an offer that is still on its way to the disk (the same link or id twice in a feed) waits
    // for it, so the lookups below see it.
    if (inMine(byExternal) || inMine(byUrl)) await this.handOver(d);
    if ((byExternal !== null && this.isUncommitted(byExternal)) || (byUrl !== null && this.isUncommitted(byUrl))) await this.writer.drain();
    // A hash hit may be a collision: the catalog itself answers exactly.
    const existing = byExternal !== null ? await this.bulkPath.decide(op('findOfferByExternalId', retailerId, externalId)) : null;
    const owner = byUrl !== null ? await this.bulkPath.decide(op('findOfferByCanonicalUrl', canonicalUrl)) : null;
    if (owner && owner.id !== existing?.id) {
      if ((await this.bulkPath.decide(op('offerOrigin', owner.id))) !== 'page') throw this.run.linkTaken(owner);
      d.removed.push(owner.id);
      if (owner.productId !== null) d.dirty.add(owner.productId);
    }
    return existing;
  }

  private updateOffer(d: BatchDecisions, existing: OfferRow, record: OfferRecord, retailerId: string, externalId: string, modelKeys: string[]): 'updated' | 'unchanged' {
    const change = changeOf(existing, record);
    if (change === 'unchanged') return 'unchanged';
    d.updates.push({ id: existing.id, record, textChanged: change.text });
    if (change.price) d.pricePoints.push({ offerId: existing.id, priceCents: record.priceCents, shippingCents: record.shippingCents, currency: record.currency });
    if (existing.productId != null) {
      d.dirty.add(existing.productId);
      if (this.titlesOfNewProducts.has(existing.productId)) this.retitleFromDatabase.add(existing.productId);
      this.index.add(existing.id, existing.productId, d.stamp, record, retailerId, externalId, modelKeys);
      this.matcher.remember(existing.id, d.stamp, record);
    }
    d.mine.updated.add(existing.id);
    return 'updated';
  }

  /** A new offer, in the product its item group, a labelled match or the matcher names, else in a new product. */
  private async insertOffer(d: BatchDecisions, offer: FeedOffer, line: number, record: OfferRecord, retailerId: string, modelKeys: string[]): Promise<void> {
    const { run } = this;
    // What the matcher keeps of the offer (for the rows after it): the item, not the whole record.
    const item: ItemIdentity = { title: record.title, brand: record.brand, model: record.model, gtin: record.gtin, priceCents: record.priceCents };
    const knownKey = run.options.knownMatchKey?.(offer, line);
    const groupKey = run.options.productGroupKey?.(offer, line);
    let productId = groupKey !== undefined ? await this.groupProduct(groupKey) : await this.placedProduct(offer, item, record, retailerId, modelKeys, knownKey);
    if (productId === null) {
      productId = d.nextProductId++;
      d.productRows.push({ id: productId, product: productOf(record) });
      if (groupKey !== undefined) {
        run.productGroups.set(groupKey, productId);
        this.groupsMade.add(productId);
      } else run.createdProducts.add(productId);
      run.productsCreated++;
    }
    if (knownKey !== undefined) run.knownMatches.set(knownKey, productId);
    const id = d.nextOfferId++;
    d.offerRows.push({ id, retailerId, externalId: offer.externalId, productId, record });
    if (run.createdProducts.has(productId) || this.groupsMade.has(productId)) {
      const titles = this.titlesOfNewProducts.get(productId);
      const named = { title: record.title, brand: record.brand, retailerId };
      if (titles) titles.push(named);
      else this.titlesOfNewProducts.set(productId, [named]);
    }
    this.index.add(id, productId, d.stamp, record, retailerId, offer.externalId, modelKeys);
    this.matcher.remember(id, d.stamp, item);
    d.dirty.add(productId);
  }

  /** An item group of the feed is one product, made by its first offer without matching: null before it is made. */
  private async groupProduct(groupKey: string): Promise<number | null> {
    const group = this.run.productGroups.get(groupKey);
    return group !== undefined && (this.groupsMade.has(group) || (await this.bulkPath.decide(op('productExists', group)))) ? group : null;
  }

  /** The product a labelled match or the matcher places the offer in, or null for a new one. */
  private async placedProduct(offer: FeedOffer, item: ItemIdentity, record: OfferRecord, retailerId: string, modelKeys: string[], knownKey: string | undefined): Promise<number | null> {
    const { run, index } = this;
    const known = knownKey !== undefined ? run.knownMatches.get(knownKey) : undefined;
    const knownLive = known !== undefined && (run.createdProducts.has(known) || (await this.bulkPath.decide(op('productExists', known))));
    return this.bulkPath.decide(
      placeOffer(this.matcher, item, {
        known: knownLive ? known : null,
        // A stated model number under the same brand names the product without scoring.
        statedModel: offer.mpn ? { modelKey: modelKeys[0] ?? null, brand: record.brand } : null,
        match: { useIndex: this.staging !== null, indexLimit: 20, modelKeys, lookup: index.lookup },
        withOfferAtRetailer: (ids) => index.productsWithOfferAt(retailerId, ids),
      }),
    );
  }

  async finish(): Promise<void> {
    for (const written of this.inFlight.splice(0)) await written;
    await this.retitleNewProducts();
    if (this.staging) await this.bulkPath.writeAtOnce(this.staging.batches.splice(0));
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    await this.writer.close();
  }
}
