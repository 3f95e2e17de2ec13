import type { FeedOffer, FeedRow, RowError } from '@pricehunt/catalog-feeds';
import { productName, type ItemIdentity, type NamedOffer } from '@pricehunt/catalog-matching';
import { createBulkCatalogIndex } from './bulk-index';
import { changeOf, RowRejected, type FeedImport } from './feed-import';
import { op, type BulkBatch, type BulkBatchWriter, type IngestionStore } from './ingestion-store';
import type { ProductMatcher } from './matching';
import { placeOffer } from './place-offer';
import { productOf, type RetailerRow } from './ports';

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
  const { options, runId } = run;
  const bulkPath = store.bulk;
  const index = createBulkCatalogIndex(await bulkPath.offerKeys());
  const staging = staged ? stagingWriter() : null;
  const writer = staging ?? bulkPath.openWriter();
  /** A staged run's offers (inserted or updated), by retailer and id and by link: the catalog does not hold them yet. */
  const stagedKeys = new Set<string>();
  const stagedLinks = new Set<string>();
  /** Retailers the bulk path met first in the batch being decided (written with it). */
  const newRetailers: RetailerRow[] = [];
  /**
   * Offers on their way to the disk, per batch handed to the writer: the first new offer id (ids grow batch by
   * batch) and the ids of the existing offers it updates. Batches commit in order.
   */
  const uncommitted: Array<{ firstOfferId: number; updated: Set<number> }> = [];
  const isUncommitted = (id: number) => uncommitted.some((batch) => id >= batch.firstOfferId || batch.updated.has(id));
  /** Batches handed to the writer; each settles the progress of its rows when it is committed. */
  const inFlight: Array<Promise<void>> = [];
  /** Products the bulk path changed: their titles are brought up to date once the import is written. */
  const touched = new Set<number>();
  /** Products this import made for the feed's item groups (whole: left out of the joins at the end). */
  const groupsMade = new Set<number>();
  /**
   * Titles (with brands, in offer order) of the offers of each product this import created: their representative
   * titles are worked out from these, without reading the offers back. A product one of whose offers the import
   * changed again is retitled from the database instead.
   */
  const titlesOfNewProducts = new Map<number, NamedOffer[]>();
  const retitleFromDatabase = new Set<number>();
  const reserved = { offers: { next: 0, end: 0 }, products: { next: 0, end: 0 } };
  /** Rows of the feed the bulk path has taken so far. */
  let rowsDecided = 0;
  const reserve = async (table: 'offers' | 'products', rows: number): Promise<number> => {
    const range = reserved[table];
    if (range.next + rows > range.end) {
      // Whole blocks at a time: reserving takes the write lock, which the writer thread holds while it commits
      // (back to back while batches queue), so the thread is let finish first. Each such wait empties the
      // pipeline, so an import of known size reserves for all its rows at once.
      await writer.drain();
      const block = Math.max(rows, 50_000, (options.expectedRows ?? 0) - rowsDecided);
      range.next = await bulkPath.reserveIds(table, block);
      range.end = range.next + block;
    }
    const first = range.next;
    range.next += rows;
    return first;
  };

  /**
   * Gives the products this import created their representative titles, worked out from the titles the import
   * kept, and has the writer store them (a few thousand per transaction). Products left out are retitled from the
   * database at the end.
   */
  const retitleNewProducts = async () => {
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
            writer.write({ ...emptyBatch(run.now()), titles: chunk.titles, run: { id: runId, delta: {} } })
          : Promise.resolve();
      const settled = written.then(() => chunk.ids.forEach((id) => touched.delete(id)));
      // Awaited below; a failure that comes while an earlier chunk is awaited is not left unhandled meanwhile.
      settled.catch(() => undefined);
      writing.push(settled);
      // The next chunk's titles are worked out while this one is written.
      while (writing.length > 1) await writing.shift();
    };
    for (const [productId, offerTitles] of titlesOfNewProducts) {
      if (retitleFromDatabase.has(productId)) continue;
      const title = productName(offerTitles);
      if (title) titles.push({ productId, title });
      ids.push(productId);
      if (ids.length >= CHUNK) await send();
    }
    await send();
    for (const settled of writing.splice(0)) await settled;
  };

  const flush = async (batch: FeedRow[]) => {
    if (batch.length === 0) return;
    const stamp = run.now();
    const counts = { inserted: 0, updated: 0, unchanged: 0 };
    const rejected: RowError[][] = [];
    let nextOfferId = await reserve('offers', batch.length);
    let nextProductId = await reserve('products', batch.length);
    rowsDecided += batch.length;
    const firstOfferId = nextOfferId;
    const mine = { firstOfferId, updated: new Set<number>() };
    uncommitted.push(mine);

    const productRows: BulkBatch['products'] = [];
    const offerRows: BulkBatch['offers'] = [];
    const updates: BulkBatch['updates'] = [];
    const pricePoints: BulkBatch['pricePoints'] = [];
    const removed: number[] = [];
    const dirty = new Set<number>();
    /** What the rows decided since the last hand-over add to the run's counts: committed with their writes. */
    const unsent = { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 };

    /** Whether an offer id is one this batch inserts or updates. */
    const inMine = (id: number | null) => id !== null && (id >= firstOfferId || mine.updated.has(id));
    const bulkRow = async (offer: FeedOffer, line: number): Promise<'inserted' | 'updated' | 'unchanged'> => {
      const fresh = new Map<string, RetailerRow>();
      const { retailer, modelKeys, record } = run.describe(offer, fresh);
      if (staging) {
        const key = `${retailer.id}\u0000${offer.externalId}`;
        if (stagedKeys.has(key)) throw new RowRejected('id', `${offer.externalId} is listed again: an earlier row of the feed was taken`);
        if (stagedLinks.has(record.canonicalUrl)) throw new RowRejected(options.format === 'gmc' ? 'link' : 'url', 'is the link of an earlier row of the feed');
        stagedKeys.add(key);
        stagedLinks.add(record.canonicalUrl);
      }
      // The bulk path writes only through its writer (a write on this connection would wait for the writer's
      // transactions): a new retailer goes into the next batch, ahead of its offers.
      for (const [key, added] of fresh) {
        run.retailerCache.set(key, added);
        newRetailers.push(added);
      }
      const byExternal = index.offerIdByExternalId(retailer.id, offer.externalId);
      const byUrl = index.offerIdByCanonicalUrl(record.canonicalUrl);
      // A row naming an offer that is still on its way to the disk (the same link or id twice in a feed) waits
      // for it, so the lookups below see it.
      if (inMine(byExternal) || inMine(byUrl)) await handOver();
      if ((byExternal !== null && isUncommitted(byExternal)) || (byUrl !== null && isUncommitted(byUrl))) await writer.drain();
      // A hash hit may be a collision: the catalog itself answers exactly.
      const existing = byExternal !== null ? await bulkPath.decide(op('findOfferByExternalId', retailer.id, offer.externalId)) : null;
      const owner = byUrl !== null ? await bulkPath.decide(op('findOfferByCanonicalUrl', record.canonicalUrl)) : null;
      if (owner && owner.id !== existing?.id) {
        // A page a shopper pasted gives way to the feed that lists its link, as on the row path.
        if ((await bulkPath.decide(op('offerOrigin', owner.id))) !== 'page') throw run.linkTaken(owner);
        removed.push(owner.id);
        if (owner.productId !== null) dirty.add(owner.productId);
      }
      if (existing) {
        const change = changeOf(existing, record);
        if (change === 'unchanged') return 'unchanged';
        updates.push({ id: existing.id, record, textChanged: change.text });
        if (change.price) pricePoints.push({ offerId: existing.id, priceCents: record.priceCents, shippingCents: record.shippingCents, currency: record.currency });
        if (existing.productId != null) {
          dirty.add(existing.productId);
          if (titlesOfNewProducts.has(existing.productId)) retitleFromDatabase.add(existing.productId);
          index.add(existing.id, existing.productId, stamp, record, retailer.id, offer.externalId, modelKeys);
          matcher.remember(existing.id, stamp, record);
        }
        mine.updated.add(existing.id);
        return 'updated';
      }

      // What the matcher keeps of the offer (for the rows after it): the item, not the whole record.
      const item: ItemIdentity = { title: record.title, brand: record.brand, model: record.model, gtin: record.gtin, priceCents: record.priceCents };
      const knownKey = options.knownMatchKey?.(offer, line);
      const known = knownKey !== undefined ? run.knownMatches.get(knownKey) : undefined;
      const knownLive = known !== undefined && (run.createdProducts.has(known) || (await bulkPath.decide(op('productExists', known))));
      // An item group of the feed is one product, made by its first offer without matching.
      const groupKey = options.productGroupKey?.(offer, line);
      const group = groupKey !== undefined ? run.productGroups.get(groupKey) : undefined;
      const groupProduct = group !== undefined && (groupsMade.has(group) || (await bulkPath.decide(op('productExists', group)))) ? group : undefined;
      let productId = groupKey !== undefined ? (groupProduct ?? null) : await bulkPath.decide(
        placeOffer(matcher, item, {
          known: knownLive ? known : null,
          // A stated model number under the same brand names the product without scoring.
          statedModel: offer.mpn ? { modelKey: modelKeys[0] ?? null, brand: record.brand } : null,
          match: { useIndex: staging !== null, indexLimit: 20, modelKeys, lookup: index.lookup },
          withOfferAtRetailer: (ids) => index.productsWithOfferAt(retailer.id, ids),
        }),
      );
      if (productId === null) {
        productId = nextProductId++;
        productRows.push({ id: productId, product: productOf(record) });
        if (groupKey !== undefined) {
          run.productGroups.set(groupKey, productId);
          groupsMade.add(productId);
        } else run.createdProducts.add(productId);
        run.productsCreated++;
      }
      if (knownKey !== undefined) run.knownMatches.set(knownKey, productId);
      const id = nextOfferId++;
      offerRows.push({ id, retailerId: retailer.id, externalId: offer.externalId, productId, record });
      if (run.createdProducts.has(productId) || groupsMade.has(productId)) {
        const titles = titlesOfNewProducts.get(productId);
        const named = { title: record.title, brand: record.brand, retailerId: retailer.id };
        if (titles) titles.push(named);
        else titlesOfNewProducts.set(productId, [named]);
      }
      index.add(id, productId, stamp, record, retailer.id, offer.externalId, modelKeys);
      matcher.remember(id, stamp, item);
      dirty.add(productId);
      return 'inserted';
    };

    // Hands what the batch has decided so far to the writer: one transaction, in this order (products before
    // the offers that name them, offers before their index entries and price history).
    let handedFrom = firstOfferId;
    const handOver = (): Promise<void> => {
      const lastOfferId = nextOfferId - 1;
      const products = productRows.splice(0);
      const written = writer.write({
        now: stamp,
        retailers: newRetailers.splice(0),
        updates: updates.splice(0),
        pricePoints: pricePoints.splice(0),
        products,
        offers: offerRows.splice(0),
        newOffers: lastOfferId >= handedFrom ? { first: handedFrom, last: lastOfferId } : null,
        refreshed: [...dirty],
        titles: [],
        removed: removed.splice(0),
        // The run's counts move in the same transaction as the rows they count (the products too: one per row).
        run: { id: runId, delta: { ...unsent, productsCreated: products.length } },
      });
      Object.assign(unsent, { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 });
      handedFrom = nextOfferId;
      for (const productId of dirty) touched.add(productId);
      dirty.clear();
      inFlight.push(written);
      return written;
    };

    const createdBefore = run.productsCreated;
    for (const row of batch) {
      // A row counts with the hand-over after it is decided (deciding it may hand over the rows before it).
      if (row.errors) {
        rejected.push(row.errors);
        unsent.skipped++;
      } else {
        try {
          const outcome = await bulkRow(row.offer, row.line);
          counts[outcome]++;
          unsent[outcome]++;
        } catch (error) {
          if (!(error instanceof RowRejected)) throw error;
          rejected.push([{ line: row.line, field: error.field, reason: error.reason }]);
          unsent.skipped++;
        }
      }
      unsent.rows++;
    }
    const written = handOver();
    // The batch's rows count once they are on disk.
    written.then(
      () => {
        uncommitted.splice(uncommitted.indexOf(mine), 1);
        run.countBatch(counts, rejected, batch.length);
      },
      () => {
        run.productsCreated = createdBefore;
      },
    );
    // At most two batches on their way: deciding runs ahead of the disk by one batch.
    while (inFlight.length > 2) await inFlight.shift();
  };

  return {
    flush,
    /** Products whose titles are to be brought up to date from the database (what the writer did not retitle). */
    touched,
    /**
     * Waits until everything handed to the writer is committed, then retitles the products this import created; a
     * staged run writes all its batches now, in one transaction.
     */
    async finish(): Promise<void> {
      for (const written of inFlight.splice(0)) await written;
      await retitleNewProducts();
      if (staging) await bulkPath.writeAtOnce(staging.batches.splice(0));
    },
    /** Lets what is on its way settle and closes the writer (also after a failure). */
    async close(): Promise<void> {
      await Promise.allSettled(inFlight);
      await writer.close();
    },
  };
}
