import type { ItemIdentity } from '@pricehunt/catalog-matching';
import type { IngestionOps, IngestionStep } from './ingestion-store';
import { JOIN_CHECKED_SHARE, matchThreshold, type ProductMatcher } from './matching';
import { placeOffer, SECOND_LISTING_SCORE, uncontestedBest } from './place-offer';
import { runSync } from './steps';
import { present } from '@pricehunt/contracts';

// Real listings of the Amazon-Google train split: table A (Amazon) records joined by table B (Google Shopping) ones.
const amazon516 = { title: 'Adobe Creative Suite CS3 Design Premium Upgrade [ Mac ]', brand: 'Adobe', priceCents: 59900 };
const google893 = { title: 'Adobe CS3 Design Premium Upgrade', priceCents: 61999 }; // 516 and 893: labelled a match
const google531 = { title: 'Adobe CS3 Web Premium Upgrade', priceCents: 51799 }; // 516 and 531: labelled apart
const amazon543 = { title: 'Adobe Photoshop CS3 Upgrade [ Mac ]', brand: 'Adobe', priceCents: 19900 };
const google371 = { title: 'Adobe Photoshop CS3 for Mac Upgrade', priceCents: 18999 }; // 543 and 371: labelled a match
const google485 = { title: 'Adobe Illustrator CS3 Upgrade from Freehand for Mac', priceCents: 20699 }; // 543 and 485: apart
const amazon320 = { title: 'Quicken 2007 Premier', brand: 'Intuit', priceCents: 7995 };
const google2329 = { title: 'Intuit Quicken Premier 2007 Software for Windows Tax & Finance Software', priceCents: 7395 }; // 320 and 2329: a match
const google900 = { title: 'Intuit Quicken 2007 Macintosh', priceCents: 6999 }; // 320 and 900: labelled apart
// Walmart-Amazon: a Walmart listing, an Amazon one of another colour and model that joined it first, and its match.
const walmartRoocase = { title: 'Roocase Executive Leather Portfolio Case for Samsung Galaxy Tab P1000', brand: 'Roocase', priceCents: 3759 };
const amazonPink = { title: 'Roocase Dual Station Leather Pink Case Cover with Stand for Samsung Galaxy Tab Tablet P1000 WI-Fi 3G', brand: 'Roocase', priceCents: 1895 };
const amazonBlack = { title: 'Roocase Executive Leather Portfolio Black Case Cover with Landscape Portrait View Stand for Samsung Galaxy Tab Tablet P1000 WI-Fi 3G', brand: 'Roocase', priceCents: 2498 };
// Walmart-Amazon: Walmart's lapdesk, Amazon's listings of two part numbers; and a display system, a chalkboard of its
// maker that joined it on little evidence, and its match.
const walmartLapdesk = { title: 'Logitech N315 Lapdesk', brand: 'Logitech', model: 'N315', priceCents: 2488 };
const amazonRose = { title: 'Logitech Portable Lapdesk N315 Dusty Rose', brand: 'Logitech', model: '939-000309', priceCents: 2148 };
const amazonLapdesk = { title: 'Logitech Portable Lapdesk N315', brand: 'Logitech', model: '939-000181', priceCents: 2395 };
const walmartShowit = { title: 'Quartet Showit Three-Panel Display System Fabric Blue Gray Black Pvc Frame', brand: 'Quartet', priceCents: 22229 };
const amazonChalkboard = { title: 'New-Quartet PCA304B - Porcelain Black Chalkboard W Aluminum Frame 51 x 37 Silver - QRTPCA304B', brand: 'Quartet', priceCents: 22000 };
const amazonShowit = { title: 'New-Quartet SB93513Q - Showit Three-Panel Display System Fabric Blue Gray Black Pvc Frame - QRTSB93513Q', brand: 'Quartet', priceCents: 38100 };
const amazonBoard = { title: 'Quartet Prestige Total Erase Whiteboard Aluminum Frame', brand: 'Quartet', priceCents: 9999 };
const amazon1010 = { title: 'Roxio Easy Media Creator 9', brand: 'Roxio', priceCents: 9995 };
const google2379 = { title: 'Roxio Easy Media Creator 9 Suite Software for Windows Authoring Software', priceCents: 9895 }; // a match

/** A score between the threshold and SECOND_LISTING_SCORE: enough to join, not enough for a second listing. */
const between = () => (matchThreshold() + SECOND_LISTING_SCORE) / 2;
/**
 * What a pair matcher scores these real listings (placement is tested on them, whichever model ships): a shop's own
 * listings score high against each other (they share its wording), a labelled match sometimes less.
 */
const pairScores = (): Array<[ItemIdentity, ItemIdentity, number]> => [
  [google485, amazon543, between()],
  [google485, google371, 0.8],
  [google371, amazon543, 0.9],
  [google531, google893, 0.87],
  [google531, amazon516, 0.62],
  [google2329, amazon320, between()],
  [google2329, google900, 0.7],
  [google900, amazon320, between() - 0.15],
  [google2379, amazon1010, 0.8 * matchThreshold()],
  [amazonPink, walmartRoocase, 0.29],
  [amazonBlack, walmartRoocase, 0.7],
  [amazonBlack, amazonPink, 0.6],
  [amazonRose, walmartLapdesk, 0.77],
  [amazonLapdesk, walmartLapdesk, 0.95],
  [amazonLapdesk, amazonRose, 0.9],
  [amazonChalkboard, walmartShowit, 0.16],
  [amazonShowit, walmartShowit, 0.33],
  [amazonShowit, amazonChalkboard, 0.3],
  [amazonShowit, amazonBoard, 0.3],
];
function score(a: ItemIdentity, b: ItemIdentity): number {
  // One shop's two listings in the same words.
  if (a !== b && a.title === b.title) return 0.99;
  const pair = pairScores().find(([x, y]) => (x === a && y === b) || (x === b && y === a));
  return pair ? pair[2] : 0.05;
}

/**
 * A catalog of products (id → offers with their retailers) and a matcher that ranks a product by the best score of the
 * item against its offers, as the real one does, with what the catalog answers in place of a database and `score` in
 * place of the pair model.
 */
function catalogOf(products: Record<number, Array<{ id: number; retailer: string; item: ItemIdentity }>>, agreeing: readonly ItemIdentity[] = [], conflicting: readonly ItemIdentity[] = []) {
  const displaced: number[] = [];
  const offersOf = (productId: number) => products[productId] ?? [];
  const matcher = {
    productWithModel: () => null,
    steps: {
      // eslint-disable-next-line require-yield
      *productWithGtin() {
        return null;
      },
      // eslint-disable-next-line require-yield
      *rank(item: ItemIdentity) {
        return Object.keys(products)
          .map(Number)
          .map((productId) => ({ productId, score: Math.max(...offersOf(productId).map((offer) => score(item, offer.item))) }))
          .sort((a, b) => b.score - a.score);
      },
      // eslint-disable-next-line require-yield
      *secondListing(item: ItemIdentity, productId: number, retailerId: string) {
        const listed = offersOf(productId).filter((offer) => offer.retailer === retailerId);
        const others = offersOf(productId).filter((offer) => offer.retailer !== retailerId);
        const fitOf = (one: ItemIdentity) => Math.max(0, ...others.map((other) => score(one, other.item)));
        const fit = fitOf(item);
        const agrees = agreeing.includes(item);
        const displaces = listed.length === 1 && others.length > 0 && fit > fitOf(present(listed[0]).item) + 0.1 ? present(listed[0]).id : null;
        const weakListing = displaces !== null && conflicting.includes(item) && fit >= matchThreshold() * JOIN_CHECKED_SHARE && fitOf(present(listed[0]).item) < matchThreshold() ? displaces : null;
        const relisted = listed.some((offer) => offer.item.title === item.title && !conflicting.includes(item));
        return { fit, displaces, agrees, weakListing, ownConflict: conflicting.includes(item), relisted, toldApart: false };
      },
    },
  } as unknown as ProductMatcher;
  const ops = {
    productsWithOfferAt: (retailerId: string, ids: readonly number[]) => new Set(ids.filter((id) => offersOf(id).some((offer) => offer.retailer === retailerId))),
  } as unknown as IngestionOps;
  const place = (item: ItemIdentity, retailer: string, options: { displace?: boolean } = {}) =>
    runSync(
      placeOffer(matcher, item, {
        match: { useIndex: true },
        withOfferAtRetailer: retailer,
        // eslint-disable-next-line require-yield
        displace: options.displace ? function* (offerId: number): IngestionStep<void> { displaced.push(offerId); } : undefined,
      }),
      ops,
    );
  return { place, displaced };
}

describe('placeOffer', () => {
  it("keeps a second listing of a retailer out of a product whose other retailers' offers it fits under SECOND_LISTING_SCORE", () => {
    expect(matchThreshold()).toBeLessThan(SECOND_LISTING_SCORE);
    const { place, displaced } = catalogOf({ 1: [{ id: 10, retailer: 'amazon', item: amazon543 }, { id: 11, retailer: 'google-shopping', item: google371 }] });
    // B 485 (Illustrator) arrives after B 371 (Photoshop) joined A 543: not a second Google listing of that product.
    expect(place(google485, 'google-shopping', { displace: true })).toBeNull();
    expect(displaced).toEqual([]);
    // At another retailer it joins.
    expect(place(google485, 'walmart')).toBe(1);
  });

  it("lets a second listing in that fits the other retailers' offers at SECOND_LISTING_SCORE or better", () => {
    // B 893 is A 516's match; B 531 scores 0.87 against it (one shop's wording), 0.62 against A 516.
    const { place } = catalogOf({ 1: [{ id: 10, retailer: 'amazon', item: amazon516 }, { id: 11, retailer: 'google-shopping', item: google893 }] });
    expect(place(google531, 'google-shopping', { displace: true })).toBe(1);
  });

  it("lets a second listing in that fits the other retailers' offers at the threshold when it agrees with the retailer's own", () => {
    // B 2329 fits A 320 between the threshold and SECOND_LISTING_SCORE, B 900 is the Google listing there already.
    const products = { 1: [{ id: 10, retailer: 'amazon', item: amazon320 }, { id: 11, retailer: 'google-shopping', item: google900 }] };
    expect(catalogOf(products, [google2329]).place(google2329, 'google-shopping')).toBe(1);
    expect(catalogOf(products).place(google2329, 'google-shopping')).toBeNull();
    // Under the threshold, agreeing is not enough.
    expect(catalogOf(products, [google485]).place(google485, 'google-shopping')).toBeNull();
  });

  it("lets the retailer's listing of an item in again word for word, however little it fits the other retailers' offers", () => {
    // B 485 listed again: it scores under the threshold against A 543, and the shop's listing there has its words.
    const products = { 1: [{ id: 10, retailer: 'amazon', item: amazon543 }, { id: 11, retailer: 'google-shopping', item: google485 }] };
    const again = { ...google485, priceCents: 20599 };
    expect(catalogOf(products).place(again, 'google-shopping')).toBe(1);
    // Not when it conflicts with the shop's listing there.
    expect(catalogOf(products, [], [again]).place(again, 'google-shopping')).toBeNull();
  });

  it("takes the place of the retailer's listing that fits the product's other offers clearly worse", () => {
    // B 900 came first and joined A 320; B 2329 fits A 320 better by more than the margin and takes its place.
    const { place, displaced } = catalogOf({ 1: [{ id: 10, retailer: 'amazon', item: amazon320 }, { id: 11, retailer: 'google-shopping', item: google900 }] });
    expect(place(google2329, 'google-shopping', { displace: true })).toBe(1);
    expect(displaced).toEqual([11]);
    // Without a way to move offers (the bulk path), the product is no candidate.
    expect(place(google2329, 'google-shopping')).toBeNull();
  });

  it("takes the place of the retailer's listing that joined under the threshold and conflicts with the offer", () => {
    // The two Amazon listings conflict (colour, model): one of them is not the product.
    const products = { 1: [{ id: 10, retailer: 'walmart', item: walmartRoocase }, { id: 11, retailer: 'amazon', item: amazonPink }] };
    const { place, displaced } = catalogOf(products, [], [amazonBlack]);
    expect(place(amazonBlack, 'amazon', { displace: true })).toBe(1);
    expect(displaced).toEqual([11]);
    // Without a way to move offers (the bulk path), the product is no candidate.
    expect(place(amazonBlack, 'amazon')).toBeNull();
    // Listings that do not conflict may both be the product: the second joins, the first stays.
    const again = catalogOf(products);
    expect(again.place(amazonBlack, 'amazon', { displace: true })).toBe(1);
    expect(again.displaced).toEqual([]);
  });

  it("takes the place of the retailer's listing it conflicts with, whatever its fit, when it fits the product's other offers clearly better", () => {
    // Another part number each: the two cannot both be Walmart's lapdesk, and the plain one fits it better.
    const products = { 1: [{ id: 10, retailer: 'walmart', item: walmartLapdesk }, { id: 11, retailer: 'amazon', item: amazonRose }] };
    const { place, displaced } = catalogOf(products, [], [amazonLapdesk]);
    expect(score(amazonLapdesk, walmartLapdesk)).toBeGreaterThanOrEqual(SECOND_LISTING_SCORE);
    expect(place(amazonLapdesk, 'amazon', { displace: true })).toBe(1);
    expect(displaced).toEqual([11]);
    // The other way round, the Dusty Rose listing fits worse and stays out.
    const other = catalogOf({ 1: [{ id: 10, retailer: 'walmart', item: walmartLapdesk }, { id: 12, retailer: 'amazon', item: amazonLapdesk }] }, [], [amazonRose]);
    expect(other.place(amazonRose, 'amazon', { displace: true })).toBeNull();
    expect(other.displaced).toEqual([]);
  });

  it("under the threshold, takes the place of a listing that joined under it only where the product is the offer's uncontested best", () => {
    const products = { 1: [{ id: 10, retailer: 'walmart', item: walmartShowit }, { id: 11, retailer: 'amazon', item: amazonChalkboard }] };
    const { place, displaced } = catalogOf(products, [], [amazonShowit]);
    expect(score(amazonShowit, walmartShowit)).toBeLessThan(matchThreshold());
    expect(place(amazonShowit, 'amazon', { displace: true })).toBe(1);
    expect(displaced).toEqual([11]);
    // A rival product that fits the offer nearly as well: no telling which, so the chalkboard stays.
    const contested = catalogOf({ ...products, 2: [{ id: 20, retailer: 'office-depot', item: amazonBoard }] }, [], [amazonShowit]);
    expect(contested.place(amazonShowit, 'amazon', { displace: true })).not.toBe(1);
    expect(contested.displaced).toEqual([]);
  });

  it('joins an uncontested best product under the threshold, unless its retailer lists it already', () => {
    const fit = score(google2379, amazon1010);
    expect(uncontestedBest([{ productId: 2, score: fit }], matchThreshold())).toEqual({ productId: 2, score: fit });
    const { place } = catalogOf({ 2: [{ id: 20, retailer: 'amazon', item: amazon1010 }], 1: [{ id: 10, retailer: 'amazon', item: amazon516 }] });
    expect(place(google2379, 'google-shopping')).toBe(2);
    expect(place(google2379, 'amazon')).toBeNull();
  });

  it('does not join a best product under the threshold that another nearly matches', () => {
    expect(uncontestedBest([{ productId: 2, score: 0.3 }, { productId: 3, score: 0.25 }], 0.38)).toBeNull();
    expect(uncontestedBest([{ productId: 2, score: 0.3 }, { productId: 3, score: 0.2 }], 0.38)).toEqual({ productId: 2, score: 0.3 });
    expect(uncontestedBest([{ productId: 2, score: 0.1 }], 0.38)).toBeNull();
  });
});
