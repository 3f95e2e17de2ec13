import { captureUtmParams, getSessionId } from '@pricehunt/tracking';

/** Captures the landing URL's UTM parameters and makes sure the tracking session id exists. */
export function beginTrackingSession(search: string): void {
  captureUtmParams(search);
  getSessionId();
}
