import { z } from 'zod';

/** The latest instant a JavaScript Date holds (ms since 1970): a later "timestamp" is no time at all. */
export const MAX_TIME_MS = 8.64e15;

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

/** A value eventData may hold: a string (up to the URL length), a finite number, a boolean or null. */
export type EventScalar = string | number | boolean | null;
/** An eventData value: a scalar, a list of up to 50 scalars, or an object of scalars (keys up to 64 characters). */
export type EventDataValue = EventScalar | EventScalar[] | { [key: string]: EventScalar };

const EVENT_KEY_LENGTH = 64;
const EVENT_LIST_LENGTH = 50;

function scalarProblem(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value.length <= TRACKING_LIMITS.urlLength ? undefined : `must be at most ${TRACKING_LIMITS.urlLength} characters`;
    case 'number':
      return Number.isFinite(value) ? undefined : 'must be a finite number';
    case 'boolean':
      return undefined;
    default:
      return value === null ? undefined : 'must be a string, number, boolean or null';
  }
}

/**
 * What is wrong with an eventData value, or undefined. Checked in plain code rather than as a union of zod
 * schemas: a union tries its members one after the other and builds an issue for each one that fails, on
 * every value of every event.
 */
export function eventDataValueProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return scalarProblem(value);
  if (Array.isArray(value)) {
    if (value.length > EVENT_LIST_LENGTH) return `must be a list of at most ${EVENT_LIST_LENGTH} values`;
    for (const item of value) {
      if (scalarProblem(item) !== undefined) return 'must be a list of strings (at most 2048 characters), numbers, booleans or null';
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.length > EVENT_KEY_LENGTH) return `may only have keys of at most ${EVENT_KEY_LENGTH} characters`;
    if (scalarProblem(item) !== undefined) return 'may only hold strings (at most 2048 characters), numbers, booleans or null (no deeper nesting)';
  }
  return undefined;
}

/**
 * An upper bound of `JSON.stringify(value).length` for eventData, found without building the text: a string
 * takes at most 6 characters per character (\uXXXX) plus quotes, a number at most 24, and so on.
 */
function serializedLengthBound(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return 2 + 6 * value.length;
    case 'number':
      return 24;
    case 'boolean':
      return 5;
    default: {
      if (value === null || typeof value !== 'object') return 4;
      let total = 2;
      if (Array.isArray(value)) for (const item of value) total += serializedLengthBound(item) + 1;
      else for (const [key, item] of Object.entries(value)) total += serializedLengthBound(key) + serializedLengthBound(item) + 2;
      return total;
    }
  }
}

/** Largest order total the API records (in the order's currency): far above any real basket, far below what cents can hold. */
export const MAX_ORDER_VALUE = 10_000_000;
/** Lines an order may name. */
export const MAX_ORDER_ITEMS = 50;

/**
 * One line of an order, as a purchase event's `items` and the conversions API name it: its product (the store's own
 * product or variant id, as the store's feed or sync gives it, its SKU, or its page's link), a name, the unit price in
 * the order's currency and the quantity (1 when left out). An order's value is split among its lines' products by
 * price × quantity.
 */
export const orderItemSchema = z
  .object({
    productId: z.union([z.string().trim().min(1).max(TRACKING_LIMITS.idLength), z.number().int().nonnegative()]).optional(),
    sku: z.string().trim().min(1).max(TRACKING_LIMITS.idLength).optional(),
    url: z.string().trim().min(1).max(TRACKING_LIMITS.urlLength).optional(),
    name: z.string().trim().max(300).optional(),
    price: z.number({ error: 'price is the unit price, a number' }).finite().min(0, 'price cannot be negative').max(MAX_ORDER_VALUE, `price must be at most ${MAX_ORDER_VALUE}`),
    quantity: z.number({ error: 'quantity is a whole number' }).int('quantity is a whole number').min(1, 'quantity is at least 1').max(100_000, 'quantity must be at most 100000').default(1),
  })
  .refine((item) => item.productId !== undefined || item.sku !== undefined || item.url !== undefined, {
    message: 'names its product: productId, sku or url',
    path: ['productId'],
  });
export type OrderItem = z.output<typeof orderItemSchema>;
export const orderItemsSchema = z.array(orderItemSchema).max(MAX_ORDER_ITEMS, `an order names at most ${MAX_ORDER_ITEMS} items`);

/** SPEC §3/§7: POST /api/track-event body; eventData carries timestamp, userId, url and sessionId (a purchase's `items` its lines). */
export const trackEventBodySchema = z.object({
  eventType: trackEventTypeSchema,
  businessDomain: z.string().max(TRACKING_LIMITS.domainLength).optional().nullable(),
  eventData: z
    .record(z.string().max(EVENT_KEY_LENGTH), z.unknown())
    .superRefine((data, ctx) => {
      for (const [key, value] of Object.entries(data)) {
        // `items` holding objects are an order's lines; a list of scalars (SKUs) is plain event data, as before.
        if (key === 'items' && Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null)) {
          const items = orderItemsSchema.safeParse(value);
          for (const issue of items.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: [key, ...issue.path], message: issue.message });
        } else {
          const problem = eventDataValueProblem(value);
          if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: problem });
        }
      }
    })
    .refine((data) => Object.keys(data).length <= TRACKING_LIMITS.eventDataKeys, `eventData has at most ${TRACKING_LIMITS.eventDataKeys} keys`)
    .refine(
      // The text is only built when the cheap bound does not settle it.
      (data) => serializedLengthBound(data) <= TRACKING_LIMITS.eventDataBytes || JSON.stringify(data).length <= TRACKING_LIMITS.eventDataBytes,
      `eventData must be at most ${TRACKING_LIMITS.eventDataBytes} bytes`,
    )
    .default({}),
});
export type TrackEventBody = z.infer<typeof trackEventBodySchema>;

export const trackEventResponseSchema = z.object({ success: z.literal(true), eventId: z.string() });
export type TrackEventResponse = z.infer<typeof trackEventResponseSchema>;

/** SPEC §3: GET /api/redirect query. */
export const redirectQuerySchema = z.object({
  to: z.string({ error: 'to is required' }).min(1, 'to is required').max(TRACKING_LIMITS.urlLength, `to must be at most ${TRACKING_LIMITS.urlLength} characters`),
  source: z.string().max(64).default('product_suggestion'),
  timestamp: z.coerce.number().int().nonnegative().max(MAX_TIME_MS, 'timestamp is milliseconds since 1970, before the year 275760').optional(),
  sig: z.string().max(128).optional(),
  /** The client's tracking session id (also read from the `pricehunt_session_id` cookie). */
  pricehunt_session_id: z.string().max(TRACKING_LIMITS.idLength).optional(),
});
export type RedirectQuery = z.infer<typeof redirectQuerySchema>;
