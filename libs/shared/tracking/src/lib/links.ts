import { getSessionId } from './session';

export const REDIRECT_PATH = '/api/redirect';
/** SPEC §9: default source of a redirect link. */
export const DEFAULT_REDIRECT_SOURCE = 'product_suggestion';
/** SPEC §9: source recorded on a product click. */
export const CLICK_SOURCE = 'n8n_suggestion';

export interface RedirectLinkOptions {
  source?: string;
  /** Milliseconds since the epoch; now by default. */
  timestamp?: number;
  /** The redirect endpoint; `/api/redirect` by default. */
  base?: string;
}

/** `/api/redirect?to=…&source=…&timestamp=…`: the link an outbound product click goes through. */
export function buildRedirectLink(to: string, { source = DEFAULT_REDIRECT_SOURCE, timestamp = Date.now(), base = REDIRECT_PATH }: RedirectLinkOptions = {}): string {
  if (typeof to !== 'string' || to.trim() === '') throw new TypeError('to is required: the target URL of the redirect link');
  if (!Number.isFinite(timestamp)) throw new TypeError('timestamp must be a number of milliseconds');
  const query = new URLSearchParams({ to: to.trim(), source, timestamp: String(Math.trunc(timestamp)) });
  return `${base}?${query.toString()}`;
}

export interface ClickRecordInput {
  affiliateId: string | null;
  productName: string | null;
  url: string;
  businessDomain?: string | null;
  sessionId?: string;
  /** ISO time; now by default. */
  timestamp?: string;
}

/** SPEC §3 click analytics record. */
export interface ClickRecord {
  event_type: 'product_click';
  affiliate_id: string | null;
  session_id: string;
  timestamp: string;
  url: string;
  data: { product_name: string | null; source: typeof CLICK_SOURCE; business_domain: string | null };
}

export function buildClickRecord(input: ClickRecordInput): ClickRecord {
  if (typeof input.url !== 'string' || input.url.trim() === '') throw new TypeError('url is required: the clicked product URL');
  return {
    event_type: 'product_click',
    affiliate_id: input.affiliateId,
    session_id: input.sessionId ?? getSessionId(),
    timestamp: input.timestamp ?? new Date().toISOString(),
    url: input.url,
    data: { product_name: input.productName, source: CLICK_SOURCE, business_domain: input.businessDomain ?? null },
  };
}
