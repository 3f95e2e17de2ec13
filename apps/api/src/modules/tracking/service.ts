import { AffiliateError, buildReferralTarget, createAffiliateTagger, createReferenceId, type AffiliateConfig, type AffiliateTagger } from '@pricehunt/affiliate';
import { MAX_ORDER_VALUE, MAX_TIME_MS, type RedirectQuery, type TrackEventBody, type TrackReferralBody } from '@pricehunt/contracts';
import { InvalidUrlError, normalizeHost, stripWww, tryCanonicalizeUrl, tryParseHttpUrl } from '@pricehunt/marketplace';
import { badRequest } from '@pricehunt/http-errors';
import { createTimeOrderedIds, type EventRow, type OrderRow, type RedirectTrustRepository, type StoreOwner, type TrackingRepository } from '@pricehunt/storage';
import type { Logger } from '../../lib/logger';
import { canReceiveAttribution } from '../auth/permissions';
import type { LinkSigner } from './link-signer';
import { createRedirectAllowList, isKnownRetailerHost, parseRedirectTarget, storeDomainCandidates, type RedirectAllowList } from './redirect-policy';

/** What the service reads from the HTTP request besides the payload. */
export interface RequestMeta {
  referrer?: string;
  userAgent?: string;
  /** The `pricehunt_session_id` cookie, when the browser sent one. */
  sessionCookie?: string;
}

export interface TrackingDeps {
  repo: TrackingRepository;
  trust: RedirectTrustRepository;
  log: Logger;
  config: { affiliate: AffiliateConfig };
  signer: LinkSigner;
  /** Milliseconds since the epoch: when a click, referral or event happened (the app's clock). */
  now?: () => number;
}

/** The order a purchase event reports, or null (see `onPurchase`). */
export type PurchaseHandler = (event: EventRow) => Promise<OrderRow | null>;

/** How many recent event domains `trackEvent` remembers. */
const EVENT_DOMAIN_MEMORY = 1000;
const SESSION_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const REFERRAL_ID = /^[A-Za-z0-9._~-]{1,128}$/;
const cut = (value: string | undefined | null, max: number) => (value ? value.slice(0, max) : null);
const sessionIdOf = (...values: Array<string | undefined | null>) => values.find((v): v is string => typeof v === 'string' && SESSION_ID.test(v)) ?? null;

/** A URL may be echoed back to a client only when it is http(s). */
export function usableHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  return tryParseHttpUrl(value)?.href;
}

/** Maps the libraries' input errors to the 400 envelope naming the field. */
function asBadRequest(error: unknown, fallbackField: string): never {
  if (error instanceof InvalidUrlError) throw badRequest(error.message, error.field || fallbackField);
  if (error instanceof AffiliateError) throw badRequest(error.message, error.field.startsWith('utm.') ? fallbackField : error.field);
  throw error;
}

/**
 * Which business a host stands for (the one that verified it, or a parent of it, as its store domain), and the
 * redirect allow-list that vouches for hosts of businesses that may receive attribution and for catalog offer links.
 */
function storeAttribution(trust: RedirectTrustRepository) {
  /** The business that verified a host as its store domain (the host itself or a parent of it), most specific first. */
  function businessForHost(host: string): Promise<StoreOwner | undefined> {
    return trust.findStoreOwner(storeDomainCandidates(host));
  }
  const allowList: RedirectAllowList = createRedirectAllowList(async (host) => {
    const business = await businessForHost(host);
    return business !== undefined && canReceiveAttribution(business);
  });
  // A catalog offer's own link, when an admin's feed brought it; a merchant's feed links count only on its verified domain.
  allowList.addLookup('catalog offer links', async (url) => {
    const canonical = tryCanonicalizeUrl(url.href);
    const offer = canonical ? await trust.findCatalogOfferLink(canonical) : undefined;
    // Feed links are stored as written (`https://WWW.Shop.com/p/1`): compared as the URL parser writes them.
    return offer !== undefined && (tryParseHttpUrl(offer.url)?.href === url.href || offer.canonicalUrl === url.href);
  });

  /**
   * Business id to attribute a domain to: only active businesses receive attribution, and never on a known
   * retailer's or marketplace's host (a store domain cannot claim amazon.com's clicks).
   */
  async function attributedBusiness(domain: string | null | undefined): Promise<string | null> {
    const candidates = attributionCandidates(domain);
    if (!candidates.length) return null;
    const business = await businessForHost(candidates[0] as string);
    return business && canReceiveAttribution(business) ? business.id : null;
  }

  /**
   * What an event's `businessDomain` stands for: the normalised domain and its attribution candidates. A pure
   * function of the string, remembered for the most recent domains (a store sends the same one with every event).
   */
  const eventDomains = new Map<string, EventDomain>();
  function eventDomain(businessDomain: string): EventDomain {
    let known = eventDomains.get(businessDomain);
    if (!known) {
      const domain = stripWww(normalizeHost(businessDomain) ?? businessDomain.trim().toLowerCase());
      known = { domain, candidates: attributionCandidates(domain) };
      if (eventDomains.size >= EVENT_DOMAIN_MEMORY) eventDomains.delete(eventDomains.keys().next().value as string);
      eventDomains.set(businessDomain, known);
    }
    return known;
  }

  return { allowList, attributedBusiness, eventDomain };
}

/** The store domains that may receive attribution for `domain`, most specific first (none for retailers' hosts). */
function attributionCandidates(domain: string | null | undefined): string[] {
  if (!domain) return [];
  const host = normalizeHost(domain) ?? domain.trim().toLowerCase();
  if (isKnownRetailerHost(host)) return [];
  return storeDomainCandidates(host);
}

interface EventDomain {
  domain: string;
  candidates: readonly string[];
}

/** What the writes of clicks, referrals and events work with. */
interface TrackingWriter {
  repo: TrackingRepository;
  log: Logger;
  now: () => number;
  /** A time-ordered id (UUID v7) for a row written at a time. */
  timeOrderedId: (at: number) => string;
  attribution: ReturnType<typeof storeAttribution>;
  /** Checks the signature of a link the API signed. */
  signer: LinkSigner;
  /** Adds the affiliate parameters to a click's target. */
  tagger: AffiliateTagger;
}

/**
 * Validates a redirect, records the click and answers the tagged URL to send the shopper to.
 * @throws HttpError 400 naming `to` (or `sig`) for anything that is not an allowed http(s) target.
 */
async function recordClick(
  { repo, now, timeOrderedId, attribution, signer, tagger }: TrackingWriter,
  query: RedirectQuery,
  meta: RequestMeta,
): Promise<{ location: string; clickId: string; vouched: boolean; host: string }> {
  let signed = false;
  if (query.sig !== undefined) {
    if (!signer.verify(query.to, query.sig)) throw badRequest('sig does not match to', 'sig');
    signed = true;
  }
  // A link the API signed may name an address or a port (a shop page read from one): it is never vouched for below.
  const target = parseRedirectTarget(query.to, { addressesAndPorts: signed });
  if (!target.ok) throw badRequest(target.message, 'to');
  // A signed link the allow-list does not hold (a page a shopper pasted) is followed, but not vouched for.
  const plainHost = !target.url.port && !target.host.startsWith('[') && !/^\d+(\.\d+){3}$/.test(target.host);
  const vouched = plainHost && (await attribution.allowList.isAllowedRedirect(target.url));
  if (!signed && !vouched) {
    throw badRequest(`to must lead to a known retailer, a verified store or a catalog offer; ${target.host} is none of them`, 'to');
  }
  const createdAt = now();
  const clickId = timeOrderedId(createdAt);
  let location: string;
  try {
    location = tagger.tagUrl(target.url, { referenceId: clickId });
  } catch (error) {
    asBadRequest(error, 'to');
  }
  await repo.recordClick({
    id: clickId,
    createdAt,
    requestedUrl: target.url.href,
    targetUrl: location,
    host: target.host,
    source: query.source,
    sessionId: sessionIdOf(query.pricehunt_session_id, meta.sessionCookie),
    referrer: cut(meta.referrer, 2048),
    userAgent: cut(meta.userAgent, 512),
    businessId: await attribution.attributedBusiness(target.host),
    clientTimestamp: query.timestamp ?? null,
    signed,
  });
  return { location, clickId, vouched, host: target.host };
}

/** Stores a referral and answers the target carrying `ref` and the UTM values. */
async function recordReferral({ repo, log, now, timeOrderedId, attribution }: TrackingWriter, body: TrackReferralBody, meta: RequestMeta): Promise<{ targetUrl: string; referralId: string }> {
  const domain = stripWww(normalizeHost(body.businessDomain) ?? body.businessDomain.trim().toLowerCase());
  const requestedUrl = usableHttpUrl(body.targetUrl);
  if (!requestedUrl) throw badRequest('targetUrl must be an http or https URL', 'targetUrl');
  let referralId = body.referralId.trim();
  if (!REFERRAL_ID.test(referralId)) referralId = createReferenceId(domain);
  const existing = await repo.findReferral(referralId);
  if (existing) {
    // A retry of the same referral answers what was stored; a clash with another gets a fresh id.
    if (existing.businessDomain === domain && existing.requestedUrl === requestedUrl) return { targetUrl: existing.targetUrl, referralId };
    referralId = createReferenceId(domain);
  }
  let targetUrl: string;
  try {
    targetUrl = buildReferralTarget(requestedUrl, referralId, { source: body.utmSource, medium: body.utmMedium, campaign: body.utmCampaign });
  } catch (error) {
    asBadRequest(error, 'targetUrl');
  }
  const createdAt = now();
  await repo.recordReferral({
    id: timeOrderedId(createdAt),
    referralId,
    createdAt,
    businessDomain: domain,
    businessId: await attribution.attributedBusiness(domain),
    requestedUrl,
    targetUrl,
    sourceUrl: body.sourceUrl ?? null,
    productName: body.productName ?? null,
    userId: body.userId ?? null,
    utmSource: body.utmSource ?? null,
    utmMedium: body.utmMedium ?? null,
    utmCampaign: body.utmCampaign ?? null,
    referrer: cut(meta.referrer, 2048),
    userAgent: cut(meta.userAgent, 512),
  });
  log.debug({ referralId, businessDomain: domain }, 'referral stored');
  return { targetUrl, referralId };
}

/** Stores a custom event; common fields of eventData are lifted into columns for attribution. */
async function recordEvent(
  { repo, now, timeOrderedId, attribution }: TrackingWriter,
  purchaseHandlers: readonly PurchaseHandler[],
  body: TrackEventBody,
  meta: RequestMeta,
): Promise<{ eventId: string }> {
  const data = body.eventData;
  const text = (key: string, max: number) => (typeof data[key] === 'string' ? data[key].slice(0, max) : null);
  // Lifted into columns only when they can be an order total and a time; eventData keeps them as sent either way.
  const value = [data.value, data.orderValue, data.revenue].find((v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_ORDER_VALUE);
  const currency = text('currency', 8)?.toUpperCase() ?? null;
  const timestamp = typeof data.timestamp === 'number' ? data.timestamp : typeof data.timestamp === 'string' ? Date.parse(data.timestamp) : NaN;
  const known = body.businessDomain ? attribution.eventDomain(body.businessDomain) : null;
  const domain = known ? known.domain : null;
  const createdAt = now();
  const eventId = timeOrderedId(createdAt);
  const purchase = body.eventType === 'purchase' && purchaseHandlers.length > 0;
  const row: EventRow = {
    id: eventId,
    createdAt,
    eventType: body.eventType,
    businessDomain: domain,
    // Purchases need their business here (for the conversion written with them); other events are
    // attributed by the insert itself, so the request reads nothing.
    businessId: purchase ? await attribution.attributedBusiness(domain) : null,
    sessionId: sessionIdOf(text('sessionId', 128), meta.sessionCookie),
    userId: text('userId', 128),
    referralId: text('referralId', 128) ?? text('ref', 128),
    url: text('url', 2048),
    valueCents: value === undefined ? null : Math.round(value * 100),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    clientTimestamp: Number.isFinite(timestamp) && Math.abs(timestamp) <= MAX_TIME_MS ? Math.trunc(timestamp) : null,
    data: JSON.stringify(data),
    userAgent: cut(meta.userAgent, 512),
  };
  if (purchase && row.businessId) {
    // Purchases of a business become its conversions in the same commit (merchant module).
    const orders: OrderRow[] = [];
    for (const handler of purchaseHandlers) {
      const order = await handler(row);
      if (order) orders.push(order);
    }
    await repo.recordPurchase(row, orders);
  } else {
    await repo.recordEvent(row, purchase ? [] : known ? known.candidates : []);
  }
  return { eventId };
}

/**
 * Clicks (GET /api/redirect), referrals and custom events. Every write's promise settles only after it is
 * durably committed. Rows get time-ordered ids (UUID v7), so the inserts append to their indexes.
 */
export function createTrackingService({ repo, trust, log, config, signer, now = Date.now }: TrackingDeps) {
  const purchaseHandlers: PurchaseHandler[] = [];
  const attribution = storeAttribution(trust);
  const writer: TrackingWriter = { repo, log, now, timeOrderedId: createTimeOrderedIds(), attribution, signer, tagger: createAffiliateTagger(config.affiliate) };
  const { allowList } = attribution;

  return {
    allowList,
    isAllowedRedirect: (url: URL) => allowList.isAllowedRedirect(url),
    redirect: (query: RedirectQuery, meta: RequestMeta) => recordClick(writer, query, meta),
    trackReferral: (body: TrackReferralBody, meta: RequestMeta) => recordReferral(writer, body, meta),
    trackEvent: (body: TrackEventBody, meta: RequestMeta) => recordEvent(writer, purchaseHandlers, body, meta),

    /**
     * Asks `handler` for the order each purchase event attributed to a business reports (null: none); the order is
     * stored with the event, in one commit. It must not throw.
     */
    onPurchase(handler: PurchaseHandler): void {
      purchaseHandlers.push(handler);
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
