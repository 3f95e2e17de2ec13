import type { Availability } from '../offer';
import type { SyntheticOffer } from './offers';
import { Rng, mix32 } from './rng';

/** One day of the demo's price history: the offers whose listing that day differs from the day before (all of them on the first day). */
export interface DemoDay {
  /** 0 for the first day, `days - 1` for today. */
  day: number;
  offers: SyntheticOffer[];
}

/**
 * Sales every retailer (or most) joins, as days before today: Black Friday and Prime Day style dips of a few days.
 * They are placed relative to today, so that every history holds them, whatever day it is seeded on.
 */
const EVENTS: ReadonlyArray<{ daysAgo: number; length: number; depth: readonly [number, number]; share: Readonly<Partial<Record<SyntheticOffer['retailer'], number>>> & { default: number } }> = [
  // A Black Friday: four days, deep, nearly everyone.
  { daysAgo: 128, length: 4, depth: [0.15, 0.3], share: { default: 0.75 } },
  // A Prime Day: two days, Amazon above all, the others matching some of it.
  { daysAgo: 61, length: 2, depth: [0.12, 0.25], share: { amazon: 0.95, default: 0.35 } },
  // A holiday weekend: three days, shallower.
  { daysAgo: 97, length: 3, depth: [0.1, 0.18], share: { default: 0.4 } },
  // A back-to-school week for laptops, tablets and the like (every category alike here, fewer retailers).
  { daysAgo: 30, length: 6, depth: [0.1, 0.15], share: { walmart: 0.5, target: 0.5, bestbuy: 0.5, default: 0.15 } },
];

/** Retailers whose prices are the maker's own: they hold them, and run no sales. */
const FIXED = new Set<SyntheticOffer['retailer']>(['apple', 'playstation']);

/** Distinct days in [1, days) on which one of a product's offers changes its price, besides the sales. */
const CHANGE_DAYS: readonly [number, number] = [34, 52];

interface State {
  priceCents: number;
  saleCents: number | undefined;
  availability: Availability;
}

const sameState = (a: State, b: State) => a.priceCents === b.priceCents && a.saleCents === b.saleCents && a.availability === b.availability;

/** A price as the retailer writes it: eBay's sellers to the cent, the stores at .99 of a dollar. */
function styled(cents: number, retailer: SyntheticOffer['retailer']): number {
  if (retailer === 'ebay') return Math.max(100, Math.round(cents));
  return Math.max(1, Math.round(cents / 100)) * 100 - 1;
}

function keyOf(offer: SyntheticOffer): number {
  let h = 0;
  const text = `${offer.retailer}|${offer.externalId}`;
  for (let i = 0; i < text.length; i++) h = mix32(h, text.charCodeAt(i));
  return h;
}

/** Picks `count` distinct whole numbers in [from, to). */
function distinctDays(rng: Rng, from: number, to: number, count: number): number[] {
  const pool = Array.from({ length: to - from }, (_, i) => from + i);
  for (let i = 0; i < Math.min(count, pool.length); i++) {
    const j = i + rng.int(pool.length - i);
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, Math.min(count, pool.length));
}

/**
 * The states of one offer over `days` days, today's (the last) being the offer as given. The regular price walks
 * backwards from today's on its change days (a step of 1–4% of the price, towards the offer's usual price more often
 * than away from it, within 82–112% of it); sales take 10–30% off for a few days; stock-outs last 2–12 days.
 */
function offerStates(offer: SyntheticOffer, changeDays: ReadonlySet<number>, events: ReadonlyArray<{ from: number; to: number; depth: number } | null>, days: number, seed: number): State[] {
  const rng = new Rng(mix32(seed ^ 0x68697374, keyOf(offer)));
  const fixed = FIXED.has(offer.retailer);
  const base = offer.priceCents;
  const regular: number[] = new Array(days);
  regular[days - 1] = base;
  for (let d = days - 1; d > 0; d--) {
    const now = regular[d] as number;
    if (fixed || !changeDays.has(d)) {
      regular[d - 1] = now;
      continue;
    }
    const ratio = now / base;
    const towardBase = Math.abs(ratio - 1) > 0.04 && rng.chance(0.7);
    let up = towardBase ? ratio < 1 : rng.chance(0.5);
    if ((up && ratio > 1.1) || (!up && ratio < 0.84)) up = !up;
    let next = styled(now * (1 + (up ? 1 : -1) * (0.01 + rng.next() * 0.03)), offer.retailer);
    if (next === now) next = now + (up ? 100 : -100);
    regular[d - 1] = Math.max(100, next);
  }

  const saleDepth: Array<number | undefined> = new Array(days).fill(undefined);
  if (!fixed) {
    // Today's sale (the feed's sale price) began a few days ago.
    if (offer.salePriceCents !== undefined && offer.salePriceCents < offer.priceCents) {
      const depth = 1 - offer.salePriceCents / offer.priceCents;
      for (let d = days - 1 - rng.int(6); d < days; d++) saleDepth[d] = depth;
    }
    for (const event of events) {
      if (!event) continue;
      const depth = Math.max(0.08, event.depth + (rng.next() - 0.5) * 0.06);
      for (let d = event.from; d < event.to && d < days - 1; d++) saleDepth[d] ??= depth;
    }
    // A sale of its own, some time in the last months.
    if (rng.chance(0.5) && days > 20) {
      const from = 1 + rng.int(days - 20);
      const depth = 0.1 + rng.next() * 0.15;
      for (let d = from; d < from + 3 + rng.int(5); d++) saleDepth[d] ??= depth;
    }
  }

  const availability: Availability[] = new Array(days).fill('in_stock');
  if (offer.availability !== 'in_stock') for (let d = days - 1 - rng.int(5); d < days; d++) availability[d] = offer.availability;
  if (!fixed && rng.chance(0.2) && days > 20) {
    const from = 1 + rng.int(days - 20);
    for (let d = from; d < from + 2 + rng.int(11); d++) availability[d] = 'out_of_stock';
  }

  return regular.map((priceCents, d) => {
    const depth = saleDepth[d];
    // Today's sale price is the feed's own.
    const sale = depth === undefined ? undefined : d === days - 1 && offer.salePriceCents !== undefined ? offer.salePriceCents : styled(priceCents * (1 - depth), offer.retailer);
    return { priceCents, saleCents: sale !== undefined && sale < priceCents ? sale : undefined, availability: availability[d] as Availability };
  });
}

/**
 * Deterministic price history of a catalog's offers over `days` days ending today, as daily feeds: the first day
 * every offer, then each day the offers whose price, sale price or availability changed. Each product's offers change
 * their prices on 34–51 distinct days besides the sales (so every product has prices on at least 30 days); the sales
 * are Black Friday and Prime Day style dips of 10–30% for a few days at most retailers at once, and sales of an
 * offer's own; some offers are out of stock for a few days. Apple and PlayStation Direct hold their prices. The last
 * day's offers are the offers as given (today's prices, sale prices and availability).
 */
export function demoPriceHistory(offers: readonly SyntheticOffer[], options: { days: number; seed: number }): DemoDay[] {
  const { days } = options;
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a whole number, 1 or more');
  const seed = options.seed >>> 0;
  const byProduct = new Map<string, SyntheticOffer[]>();
  for (const offer of offers) {
    const group = byProduct.get(offer.productKey);
    if (group) group.push(offer);
    else byProduct.set(offer.productKey, [offer]);
  }
  const states = new Map<SyntheticOffer, State[]>();
  let productIndex = 0;
  for (const [productKey, group] of byProduct) {
    let h = productIndex++;
    for (let i = 0; i < productKey.length; i++) h = mix32(h, productKey.charCodeAt(i));
    const rng = new Rng(mix32(seed ^ 0x70726963, h));
    const movable = group.filter((offer) => !FIXED.has(offer.retailer));
    const changes = new Map<SyntheticOffer, Set<number>>(group.map((offer) => [offer, new Set<number>()]));
    if (movable.length > 0) {
      for (const day of distinctDays(rng, 1, days, CHANGE_DAYS[0] + rng.int(CHANGE_DAYS[1] - CHANGE_DAYS[0]))) changes.get(rng.pick(movable))?.add(day);
    }
    // Each product's own depth at each event, so that the retailers that join it cut alike.
    const eventDepths = EVENTS.map((event) => event.depth[0] + rng.next() * (event.depth[1] - event.depth[0]));
    for (const offer of group) {
      const joins = EVENTS.map((event, i) => {
        const from = days - 1 - event.daysAgo;
        const share = event.share[offer.retailer] ?? event.share.default;
        return from >= 1 && rng.chance(share) ? { from, to: from + event.length, depth: eventDepths[i] as number } : null;
      });
      states.set(offer, offerStates(offer, changes.get(offer) ?? new Set(), joins, days, seed));
    }
  }

  const history: DemoDay[] = [];
  for (let day = 0; day < days; day++) {
    const changed: SyntheticOffer[] = [];
    for (const offer of offers) {
      const path = states.get(offer) as State[];
      const state = path[day] as State;
      if (day > 0 && sameState(state, path[day - 1] as State)) continue;
      const { salePriceCents: _sale, ...rest } = offer;
      const listing: SyntheticOffer = { ...rest, priceCents: state.priceCents, availability: state.availability };
      if (state.saleCents !== undefined) listing.salePriceCents = state.saleCents;
      changed.push(listing);
    }
    history.push({ day, offers: changed });
  }
  return history;
}
