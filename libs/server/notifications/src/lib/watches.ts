import { randomUUID } from 'node:crypto';
import type { WatchEvent, WatchWebhookPayload } from '@pricehunt/contracts';
import type { NewWatchEvent, WatchDeliveryJob, WatchEvaluationRow, WatchRepository } from '@pricehunt/storage';
import type { MailMessage } from './mailer';

/** Path of the shopper site's page that stops a watch from the link in its messages (beside ALERT_STOP_PAGE). */
export const WATCH_STOP_PAGE = '/watches/stop';
/** Path of the shopper site's page that confirms a signed-out watch from the link in its email. */
export const WATCH_CONFIRM_PAGE = '/watches/confirm';
/** The shopper site's list of a signed-in shopper's watches. */
export const WATCHES_PAGE = '/watches';
export const WATCH_STOP_INVALID = 'This link no longer stops a watch: the watch was already stopped or removed.';
export const WATCH_CONFIRM_INVALID = 'This link no longer confirms a watch: it was already used, or it has expired. Watch the product again to get a new one.';
/** How long a signed-out watch's confirmation link works. */
export const WATCH_CONFIRM_TTL_MS = 48 * 3_600_000;

const linkTo = (shopperAppUrl: string, page: string, token?: string) => {
  const link = new URL(page, shopperAppUrl);
  if (token !== undefined) link.searchParams.set('token', token);
  return link.toString();
};
export const watchStopLink = (shopperAppUrl: string, token: string) => linkTo(shopperAppUrl, WATCH_STOP_PAGE, token);
export const watchConfirmLink = (shopperAppUrl: string, token: string) => linkTo(shopperAppUrl, WATCH_CONFIRM_PAGE, token);
/** The shopper site's page of a product (`/product/<id>/<slug>`; the slug is optional, the page redirects to it). */
export const productPageLink = (shopperAppUrl: string, productId: number) => linkTo(shopperAppUrl, `/product/${productId}`);

const money = (cents: number, currency: string | null) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : 'USD' }).format(cents / 100);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What one evaluation of a watch decides from what it watches now and what the previous evaluation saw; null when
 * nothing changed (nothing to record). The first evaluation records the state only. A price at or below the target
 * is told once (the watch is then disarmed) and re-armed when the price is above the target again; without a target,
 * any price below the one seen before is told. An item not in stock at the previous evaluation and in stock now is
 * told as back in stock.
 */
export function decideWatch(row: WatchEvaluationRow): { seenPriceCents: number | null; seenInStock: boolean | null; armed: boolean; events: Array<Omit<NewWatchEvent, 'id'>> } | null {
  const price = row.priceCents;
  const target = row.targetPriceCents;
  const atTarget = target !== null && price !== null && price <= target;
  if (row.evaluatedAt === null) return { seenPriceCents: price, seenInStock: row.inStock, armed: !atTarget, events: [] };
  const events: Array<Omit<NewWatchEvent, 'id'>> = [];
  let armed = row.armed;
  if (target !== null) {
    if (atTarget && armed) {
      events.push({ event: 'price_drop', oldPriceCents: row.seenPriceCents, newPriceCents: price });
      armed = false;
    } else if (price !== null && price > target) {
      armed = true;
    }
  } else if (price !== null && row.seenPriceCents !== null && price < row.seenPriceCents) {
    events.push({ event: 'price_drop', oldPriceCents: row.seenPriceCents, newPriceCents: price });
  }
  if (row.seenInStock === false && row.inStock === true) events.push({ event: 'back_in_stock', oldPriceCents: row.seenPriceCents, newPriceCents: price });
  // A price or stock that is unknown now keeps what was seen.
  const seenPriceCents = price ?? row.seenPriceCents;
  const seenInStock = row.inStock ?? row.seenInStock;
  if (events.length === 0 && armed === row.armed && seenPriceCents === row.seenPriceCents && seenInStock === row.seenInStock) return null;
  return { seenPriceCents, seenInStock, armed, events };
}

export interface WatchEvaluationCounts {
  watches: number;
  recorded: number;
  events: number;
}

/** Evaluates every active watch and records what changed: an event is recorded (with its deliveries) once. */
export function createWatchEvaluator(deps: { repo: WatchRepository; clock?: () => number }) {
  const clock = deps.clock ?? Date.now;
  return {
    async evaluate(): Promise<WatchEvaluationCounts> {
      const rows = await deps.repo.evaluationRows();
      const counts: WatchEvaluationCounts = { watches: rows.length, recorded: 0, events: 0 };
      for (const row of rows) {
        const decision = decideWatch(row);
        if (!decision) continue;
        const events = decision.events.map((event) => ({ id: randomUUID(), ...event }));
        const recorded = await deps.repo.recordEvaluation({ watchId: row.id, evaluations: row.evaluations, at: clock(), ...decision, events });
        if (recorded) {
          counts.recorded += 1;
          counts.events += events.length;
        }
      }
      return counts;
    },
  };
}

/** What a message of an event says, and its links. */
interface EventFacts {
  headline: string;
  price: string | null;
  was: string | null;
  links: WatchWebhookPayload['links'];
}

function factsOf(job: WatchDeliveryJob, shopperAppUrl: string): EventFacts {
  const product = job.productId !== null ? productPageLink(shopperAppUrl, job.productId) : (job.storeUrl ?? linkTo(shopperAppUrl, WATCHES_PAGE));
  const price = job.newPriceCents !== null ? `${money(job.newPriceCents, job.currency)}${job.store ? ` at ${job.store}` : ''}` : null;
  const was = job.oldPriceCents !== null && job.oldPriceCents !== job.newPriceCents ? money(job.oldPriceCents, job.currency) : null;
  const headline = job.event === 'price_drop' ? `Price drop: ${job.title}` : `Back in stock: ${job.title}`;
  return {
    headline,
    price,
    was,
    links: { product, store: job.storeUrl, watches: linkTo(shopperAppUrl, WATCHES_PAGE), stop: watchStopLink(shopperAppUrl, job.stopToken) },
  };
}

/** The email of an event: the product, the store, the old and new price, links to the product's page and to stop the watch. */
export function watchEventEmail(job: WatchDeliveryJob, shopperAppUrl: string): MailMessage {
  const facts = factsOf(job, shopperAppUrl);
  const lead =
    job.event === 'price_drop'
      ? `${job.title} is now ${facts.price ?? 'cheaper'}${facts.was ? `, down from ${facts.was}` : ''}${job.targetPriceCents !== null ? ` (your target: ${money(job.targetPriceCents, job.currency)})` : ''}.`
      : `${job.title} is back in stock${job.store ? ` at ${job.store}` : ''}${job.newPriceCents !== null ? `, at ${money(job.newPriceCents, job.currency)}` : ''}.`;
  const text = [
    lead,
    '',
    'See it and compare every store:',
    facts.links.product,
    ...(facts.links.store ? ['', `Go to ${job.store ?? 'the store'}:`, facts.links.store] : []),
    '',
    'You get one message each time this happens. Stop watching it:',
    facts.links.stop,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(facts.links.product)}">See it and compare every store</a></p>`,
    ...(facts.links.store ? [`<p><a href="${escapeHtml(facts.links.store)}">Go to ${escapeHtml(job.store ?? 'the store')}</a></p>`] : []),
    `<p style="color:#4b5563">You get one message each time this happens. <a href="${escapeHtml(facts.links.stop)}">Stop watching it</a>.</p>`,
    '</body></html>',
  ].join('\n');
  return { to: job.destination, subject: `${facts.headline}${facts.price ? ` is now ${facts.price}` : ''}`, text, html };
}

/** A header value in RFC 2047 form when it is not plain ASCII (ntfy reads it so). */
const headerText = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`);

const NTFY_TAGS: Record<WatchEvent, string> = { price_drop: 'chart_with_downwards_trend', back_in_stock: 'package' };

/** The ntfy message of an event: a plain-text POST to the topic URL with its title, click-through link and tags. */
export function watchNtfyMessage(job: WatchDeliveryJob, shopperAppUrl: string): { headers: Record<string, string>; body: string } {
  const facts = factsOf(job, shopperAppUrl);
  const first =
    job.event === 'price_drop'
      ? `Now ${facts.price ?? 'cheaper'}${facts.was ? ` (was ${facts.was})` : ''}`
      : `Back in stock${job.store ? ` at ${job.store}` : ''}${job.newPriceCents !== null ? `: ${money(job.newPriceCents, job.currency)}` : ''}`;
  return {
    headers: { Title: headerText(facts.headline), Click: facts.links.product, Tags: NTFY_TAGS[job.event], 'Content-Type': 'text/plain; charset=utf-8' },
    body: `${first}\nStop watching: ${facts.links.stop}`,
  };
}

/** The webhook body of an event (`watchWebhookPayloadSchema`). */
export function watchWebhookPayload(job: WatchDeliveryJob, shopperAppUrl: string): WatchWebhookPayload {
  const facts = factsOf(job, shopperAppUrl);
  return {
    event: job.event,
    eventId: job.eventId,
    occurredAt: new Date(job.occurredAt).toISOString(),
    watchId: job.watchId,
    product: { id: job.productId, title: job.title, url: facts.links.product },
    store: { name: job.store, url: job.storeUrl },
    oldPriceCents: job.oldPriceCents,
    newPriceCents: job.newPriceCents,
    targetPriceCents: job.targetPriceCents,
    currency: job.currency,
    links: facts.links,
  };
}

/** The email that confirms a signed-out watch. */
export function watchConfirmationEmail(to: string, title: string, token: string, shopperAppUrl: string): MailMessage {
  const confirm = watchConfirmLink(shopperAppUrl, token);
  const text = [
    `Someone (we hope you) asked PriceHunt to watch ${title} and tell ${to} when its price drops or it is back in stock.`,
    '',
    'Open this link to start watching it (it works for 48 hours):',
    confirm,
    '',
    'If it was not you, ignore this email: nothing is watched until the link is opened.',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    `<p>Someone (we hope you) asked PriceHunt to watch <strong>${escapeHtml(title)}</strong> and tell ${escapeHtml(to)} when its price drops or it is back in stock.</p>`,
    `<p><a href="${escapeHtml(confirm)}">Start watching it</a> (the link works for 48 hours).</p>`,
    '<p style="color:#4b5563">If it was not you, ignore this email: nothing is watched until the link is opened.</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject: `Confirm: watch ${title} on PriceHunt`, text, html };
}

