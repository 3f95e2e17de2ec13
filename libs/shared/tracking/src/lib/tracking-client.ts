import { apiRequest, isApiError, type FetchLike } from '@pricehunt/api-client';
import type { TrackEventBody, TrackEventType, TrackReferralBody } from '@pricehunt/contracts';
import { getSessionId } from './session';

// The wire schemas (and the validation library under them) load with the first tracking call, not with the page.
const loadContracts = () => import('@pricehunt/contracts');

export const TRACK_REFERRAL_PATH = '/api/trackReferral';
export const TRACK_EVENT_PATH = '/api/track-event';

export type TrackReferralPayload = TrackReferralBody;

/** Always carries a target URL: a failed referral must not stop the shopper (SPEC §4). */
export interface TrackReferralResult {
  success: boolean;
  targetUrl: string;
  referralId?: string;
  error?: string;
}

export type EventData = NonNullable<TrackEventBody['eventData']>;

export interface TrackingClientOptions {
  /** Injected in tests; `globalThis.fetch` by default. */
  fetch?: FetchLike;
  /** The signed-in user's id, sent with referrals and events; none by default. */
  getUserId?: () => string | null | undefined;
  baseUrl?: string;
}

export interface TrackingClient {
  trackReferral(payload: TrackReferralPayload): Promise<TrackReferralResult>;
  trackEvent(eventType: TrackEventType, eventData?: EventData, businessDomain?: string | null): Promise<boolean>;
}

function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  return issues.map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : 'body'}: ${issue.message}`).join('; ');
}

function currentHref(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.location.href;
}

export function createTrackingClient(options: TrackingClientOptions = {}): TrackingClient {
  const userId = () => options.getUserId?.() ?? null;

  async function trackReferral(payload: TrackReferralPayload): Promise<TrackReferralResult> {
    const fallback = payload.targetUrl;
    const body = { ...payload, sourceUrl: payload.sourceUrl === undefined ? currentHref() : payload.sourceUrl, userId: payload.userId === undefined ? userId() : payload.userId };
    let contracts: Awaited<ReturnType<typeof loadContracts>>;
    try {
      contracts = await loadContracts();
    } catch (caught) {
      console.error('Referral tracking failed:', caught);
      return { success: false, targetUrl: fallback, error: 'Referral tracking failed' };
    }
    const parsed = contracts.trackReferralBodySchema.safeParse(body);
    if (!parsed.success) {
      const error = `Invalid referral: ${describeIssues(parsed.error.issues)}`;
      console.error('Referral tracking failed:', error);
      return { success: false, targetUrl: fallback, error };
    }
    try {
      const answer = await apiRequest(TRACK_REFERRAL_PATH, {
        method: 'POST',
        body: parsed.data,
        schema: contracts.trackReferralResponseSchema,
        fetch: options.fetch,
        baseUrl: options.baseUrl,
        errorMessage: 'Referral tracking failed',
      });
      // A body with `success: false` is rejected by apiRequest, so here the referral was recorded.
      return { success: true, targetUrl: answer.targetUrl || fallback, ...(answer.referralId ? { referralId: answer.referralId } : {}) };
    } catch (caught) {
      const error = isApiError(caught) ? caught.message : caught instanceof Error ? caught.message : String(caught);
      console.error('Referral tracking failed:', caught);
      return { success: false, targetUrl: fallback, error };
    }
  }

  async function trackEvent(eventType: TrackEventType, eventData: EventData = {}, businessDomain?: string | null): Promise<boolean> {
    const body = {
      eventType,
      eventData: { ...eventData, timestamp: new Date().toISOString(), userId: userId(), url: currentHref() ?? null, sessionId: getSessionId() },
      businessDomain: businessDomain ?? null,
    };
    try {
      const { trackEventBodySchema } = await loadContracts();
      const parsed = trackEventBodySchema.safeParse(body);
      if (!parsed.success) {
        console.error('Event tracking failed:', `Invalid event: ${describeIssues(parsed.error.issues)}`);
        return false;
      }
      await apiRequest(TRACK_EVENT_PATH, { method: 'POST', body: parsed.data, fetch: options.fetch, baseUrl: options.baseUrl });
      return true;
    } catch (caught) {
      console.error('Event tracking failed:', caught);
      return false;
    }
  }

  return { trackReferral, trackEvent };
}

let trackingUserId: string | null = null;
let defaultClient: TrackingClient | undefined;

/** Sets the user id sent by `trackReferral` and `trackEvent` (null when signed out). */
export function setTrackingUserId(id: string | null): void {
  trackingUserId = id;
}

function client(): TrackingClient {
  defaultClient ??= createTrackingClient({ getUserId: () => trackingUserId });
  return defaultClient;
}

/** POSTs a referral (SPEC §7) and resolves with the URL to send the shopper to, whether or not tracking worked. */
export function trackReferral(payload: TrackReferralPayload): Promise<TrackReferralResult> {
  return client().trackReferral(payload);
}

/** POSTs a custom event with timestamp, userId, url and sessionId added; resolves true when the API accepted it. */
export function trackEvent(eventType: TrackEventType, eventData?: EventData, businessDomain?: string | null): Promise<boolean> {
  return client().trackEvent(eventType, eventData, businessDomain);
}
