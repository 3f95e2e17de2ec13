export { randomUuid, UUID_V4_PATTERN } from './lib/uuid';
export { getSessionId, SESSION_ID_KEY } from './lib/session';
export { captureUtmParams, getUtmParams, parseUtmParams, UTM_FIELDS, UTM_PARAMS_KEY, UTM_VALUE_MAX_LENGTH, type UtmField, type UtmParams } from './lib/utm';
export { parsePrice } from './lib/price';
export {
  DATA_LAYER_CURRENCY,
  pushPriceComparison,
  pushProductSearch,
  UNKNOWN_PRODUCT_NAME,
  type DataLayerCustomParameters,
  type DataLayerEvent,
  type DataLayerItem,
  type DataLayerProduct,
} from './lib/data-layer';
export {
  buildClickRecord,
  buildRedirectLink,
  CLICK_SOURCE,
  DEFAULT_REDIRECT_SOURCE,
  REDIRECT_PATH,
  type ClickRecord,
  type ClickRecordInput,
  type RedirectLinkOptions,
} from './lib/links';
export {
  createTrackingClient,
  setTrackingUserId,
  TRACK_EVENT_PATH,
  TRACK_REFERRAL_PATH,
  trackEvent,
  trackReferral,
  type EventData,
  type TrackingClient,
  type TrackingClientOptions,
  type TrackReferralPayload,
  type TrackReferralResult,
} from './lib/tracking-client';
