import { z } from 'zod';

/** Bounds for public ingest payloads (anonymous, cross-origin). */
export const TRACKING_LIMITS = {
  idLength: 128,
  domainLength: 253,
  urlLength: 2048,
  textLength: 512,
  eventDataBytes: 8192,
  eventDataKeys: 50,
} as const;

const optionalText = (max: number) => z.string().max(max).optional().nullable();
const httpUrl = z
  .string()
  .max(TRACKING_LIMITS.urlLength, `URL must be at most ${TRACKING_LIMITS.urlLength} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an http(s) URL');

/** SPEC §3/§7: POST /api/trackReferral body. */
export const trackReferralBodySchema = z.object({
  referralId: z.string().min(1).max(TRACKING_LIMITS.idLength),
  businessDomain: z.string().min(1).max(TRACKING_LIMITS.domainLength),
  targetUrl: httpUrl,
  sourceUrl: httpUrl.optional().nullable(),
  productName: optionalText(TRACKING_LIMITS.textLength),
  userId: optionalText(TRACKING_LIMITS.idLength),
  utmSource: optionalText(TRACKING_LIMITS.textLength),
  utmMedium: optionalText(TRACKING_LIMITS.textLength),
  utmCampaign: optionalText(TRACKING_LIMITS.textLength),
});
export type TrackReferralBody = z.infer<typeof trackReferralBodySchema>;

/** Answer of POST /api/trackReferral: always a usable target URL, success or not (SPEC §4). */
export const trackReferralResponseSchema = z.object({
  success: z.boolean(),
  targetUrl: z.string(),
  referralId: z.string().optional(),
  error: z.string().optional(),
});
export type TrackReferralResponse = z.infer<typeof trackReferralResponseSchema>;

/**
 * Failure answer of POST /api/trackReferral: the error envelope plus, when one can be derived from the
 * request, a usable http(s) `targetUrl` so the shopper is still sent on.
 */
export const trackReferralFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  statusCode: z.number().int(),
  field: z.string().optional(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
  targetUrl: z.string().optional(),
});
export type TrackReferralFailure = z.infer<typeof trackReferralFailureSchema>;

/** Event types the API accepts on POST /api/track-event. */
export const TRACK_EVENT_TYPES = [
  'page_view',
  'product_view',
  'product_search',
  'price_comparison',
  'product_click',
  'add_to_cart',
  'begin_checkout',
  'purchase',
  'referral_landing',
  'test_event',
] as const;
export const trackEventTypeSchema = z.enum(TRACK_EVENT_TYPES);
export type TrackEventType = z.infer<typeof trackEventTypeSchema>;

const eventValue = z.union([z.string().max(TRACKING_LIMITS.urlLength), z.number().finite(), z.boolean(), z.null()]);

/** SPEC §3/§7: POST /api/track-event body; eventData carries timestamp, userId, url and sessionId. */
export const trackEventBodySchema = z.object({
  eventType: trackEventTypeSchema,
  businessDomain: z.string().max(TRACKING_LIMITS.domainLength).optional().nullable(),
  eventData: z
    .record(z.string().max(64), z.union([eventValue, z.array(eventValue).max(50), z.record(z.string().max(64), eventValue)]))
    .refine((data) => Object.keys(data).length <= TRACKING_LIMITS.eventDataKeys, `eventData has at most ${TRACKING_LIMITS.eventDataKeys} keys`)
    .refine(
      (data) => JSON.stringify(data).length <= TRACKING_LIMITS.eventDataBytes,
      `eventData must be at most ${TRACKING_LIMITS.eventDataBytes} bytes`,
    )
    .default({}),
});
export type TrackEventBody = z.infer<typeof trackEventBodySchema>;

export const trackEventResponseSchema = z.object({ success: z.literal(true), eventId: z.string() });
export type TrackEventResponse = z.infer<typeof trackEventResponseSchema>;

/** SPEC §3: GET /api/redirect query. */
export const redirectQuerySchema = z.object({
  to: z.string({ error: 'to is required' }).min(1, 'to is required').max(TRACKING_LIMITS.urlLength),
  source: z.string().max(64).default('product_suggestion'),
  timestamp: z.coerce.number().int().nonnegative().optional(),
  sig: z.string().max(128).optional(),
  /** The client's tracking session id (also read from the `pricehunt_session_id` cookie). */
  pricehunt_session_id: z.string().max(TRACKING_LIMITS.idLength).optional(),
});
export type RedirectQuery = z.infer<typeof redirectQuerySchema>;
