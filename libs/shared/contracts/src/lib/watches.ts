import { z } from 'zod';
import { emailSchema } from './business-auth';
import { SHOPPER_DATA_LIMITS } from './shopper';

/** Bounds of a shopper's watches. */
export const WATCH_LIMITS = {
  /** Watches one account (or one email address, signed out) may keep. */
  perShopper: 200,
  urlLength: SHOPPER_DATA_LIMITS.urlLength,
  /** Failed deliveries in a row after which a channel of a watch is paused until the shopper resumes it. */
  pauseAfterFailures: 5,
} as const;

/** Where a watch's messages go. */
export const WATCH_CHANNELS = ['email', 'ntfy', 'webhook'] as const;
export type WatchChannel = (typeof WATCH_CHANNELS)[number];

/** What a watch tells: the price dropped to its target (any drop when it has none), or the item is back in stock. */
export const WATCH_EVENTS = ['price_drop', 'back_in_stock'] as const;
export type WatchEvent = (typeof WATCH_EVENTS)[number];

const httpUrl = (field: string) =>
  z
    .string({ error: `${field} must be an http(s) URL` })
    .trim()
    .max(WATCH_LIMITS.urlLength, `${field} must be at most ${WATCH_LIMITS.urlLength} characters`)
    .refine((value) => {
      try {
        const parsed = new URL(value);
        return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0 && !parsed.username && !parsed.password;
      } catch {
        return false;
      }
    }, `${field} must be an http(s) URL`);

const targetPriceCents = z
  .number({ error: 'targetPriceCents must be a number of cents' })
  .int('targetPriceCents must be a whole number of cents')
  .min(1, 'targetPriceCents must be more than 0')
  .max(1e11, 'targetPriceCents is too large');

/** The channels of a new watch; none given means email alone. Fields are named `notify.email`, `notify.ntfyUrl`, `notify.webhookUrl`. */
export const watchNotifyInputSchema = z.object({
  email: z.boolean({ error: 'notify.email must be true or false' }).optional(),
  ntfyUrl: httpUrl('notify.ntfyUrl').nullable().optional(),
  webhookUrl: httpUrl('notify.webhookUrl').nullable().optional(),
});
export type WatchNotifyInput = z.input<typeof watchNotifyInputSchema>;

/**
 * POST /api/shopper/watches: a product (`productId`) or any product link (`url`: read and placed in the catalog as
 * the paste endpoint does). Signed in, the watch is the account's; signed out, `email` is required and the watch
 * starts once the emailed confirmation link is opened.
 */
export const watchInputSchema = z.object({
  url: httpUrl('url').optional(),
  productId: z.number({ error: 'productId must be a product id' }).int('productId must be a product id').positive('productId must be a product id').optional(),
  targetPriceCents: targetPriceCents.nullable().optional(),
  notify: watchNotifyInputSchema.optional(),
  /** Signed-out watches only: where the confirmation link and the messages go. */
  email: emailSchema.optional(),
});
export type WatchInput = z.input<typeof watchInputSchema>;

/** PATCH /api/shopper/watches/:id: what changes (at least one field). `resume: true` un-pauses its paused channels. */
export const watchPatchSchema = z.object({
  targetPriceCents: targetPriceCents.nullable().optional(),
  notify: watchNotifyInputSchema.optional(),
  resume: z.literal(true, { error: 'resume must be true' }).optional(),
});
export type WatchPatch = z.input<typeof watchPatchSchema>;

export const watchParamsSchema = z.object({
  id: z.string({ error: 'id must be a watch id' }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'id must be a watch id'),
});

/** How one channel of a watch is doing: `paused` after WATCH_LIMITS.pauseAfterFailures failures in a row. */
export const watchChannelStateSchema = z.object({
  channel: z.enum(WATCH_CHANNELS),
  /** The ntfy topic or webhook URL; the address for email. */
  target: z.string(),
  state: z.enum(['ok', 'failing', 'paused']),
  /** Failed deliveries in a row. */
  failures: z.number().int(),
  lastError: z.string().nullable(),
  lastDeliveredAt: z.string().nullable(),
});
export type WatchChannelState = z.infer<typeof watchChannelStateSchema>;

/** A watch as the shopper sees it. Money is in cents of `currency`. */
export const watchSchema = z.object({
  id: z.string(),
  /** `pending` until a signed-out shopper opens the confirmation link. */
  status: z.enum(['active', 'pending']),
  productId: z.number().int().nullable(),
  /** The watched link (a watch on a product has none). */
  url: z.string().nullable(),
  /** The product's name (the page's title for a link not yet placed). */
  title: z.string(),
  /** The shop of the watched link. */
  store: z.string().nullable(),
  targetPriceCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The watched link's price now, or the product's best price for a product watch. */
  currentPriceCents: z.number().int().nullable(),
  /** The product's best price now, every store's offers compared. */
  bestPriceCents: z.number().int().nullable(),
  /** The lowest best price the product had in the last 90 days. */
  lowestPriceCents90d: z.number().int().nullable(),
  /** Whether the watched item can be bought now (null when unknown). */
  inStock: z.boolean().nullable(),
  channels: z.array(watchChannelStateSchema),
  createdAt: z.string(),
  /** When the watched page was last read (null for product watches and before the first re-read). */
  lastCheckedAt: z.string().nullable(),
  /** The last message sent: its event, when, and at what price. */
  lastEvent: z.object({ event: z.enum(WATCH_EVENTS), at: z.string(), priceCents: z.number().int().nullable() }).nullable(),
});
export type Watch = z.infer<typeof watchSchema>;

export const watchResponseSchema = z.object({ success: z.literal(true), watch: watchSchema });
export type WatchResponse = z.infer<typeof watchResponseSchema>;
export const watchesListResponseSchema = z.object({ success: z.literal(true), watches: z.array(watchSchema) });
export type WatchesListResponse = z.infer<typeof watchesListResponseSchema>;
/** A signed-out watch: nothing is watched until the emailed link is opened. */
export const watchPendingResponseSchema = z.object({ success: z.literal(true), pending: z.literal(true), message: z.string() });
export type WatchPendingResponse = z.infer<typeof watchPendingResponseSchema>;

/** POST /api/watches/confirm and POST /api/watches/stop: the token of an emailed link. */
export const watchTokenBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(1000, 'This link is not valid'),
});
export const watchConfirmResponseSchema = z.object({ success: z.literal(true), title: z.string(), confirmed: z.literal(true) });
export type WatchConfirmResponse = z.infer<typeof watchConfirmResponseSchema>;
export const watchStopResponseSchema = z.object({ success: z.literal(true), title: z.string(), stopped: z.literal(true) });
export type WatchStopResponse = z.infer<typeof watchStopResponseSchema>;

/**
 * The JSON body of a watch's webhook POST (also sent with `Idempotency-Key: <eventId>`; a receiver may see one event
 * again after a failed answer, never two events for one change).
 */
export const watchWebhookPayloadSchema = z.object({
  event: z.enum(WATCH_EVENTS),
  eventId: z.string(),
  occurredAt: z.string(),
  watchId: z.string(),
  product: z.object({ id: z.number().int().nullable(), title: z.string(), url: z.string() }),
  store: z.object({ name: z.string().nullable(), url: z.string().nullable() }),
  oldPriceCents: z.number().int().nullable(),
  newPriceCents: z.number().int().nullable(),
  targetPriceCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  links: z.object({ product: z.string(), store: z.string().nullable(), watches: z.string(), stop: z.string() }),
});
export type WatchWebhookPayload = z.infer<typeof watchWebhookPayloadSchema>;
