import { isApiError } from '@pricehunt/api-client';
import type { Watch, WatchChannel } from '@pricehunt/contracts';
import { centsOf } from '../library/price-alert';

/** What the watch dialog's fields hold, as typed. */
export interface WatchFormValues {
  /** The target price in dollars; empty for any drop. */
  target: string;
  email: boolean;
  ntfyUrl: string;
  webhookUrl: string;
  /** Signed out: where the confirmation link and the emails go. */
  address: string;
}

export type WatchFormField = 'target' | 'channels' | 'ntfyUrl' | 'webhookUrl' | 'address' | 'form';
export type WatchFormErrors = Partial<Record<WatchFormField, string>>;

/** What the form asks the API for: the contract's fields. */
export interface WatchRequest {
  targetPriceCents: number | null;
  notify: { email: boolean; ntfyUrl: string | null; webhookUrl: string | null };
  email?: string;
}

/** The order a form's fields come in: the first with an error gets the keyboard. */
export const WATCH_FORM_FIELDS: WatchFormField[] = ['address', 'target', 'channels', 'ntfyUrl', 'webhookUrl', 'form'];

/** The fields of a new watch: email on, nothing else. */
export const EMPTY_WATCH_FORM: WatchFormValues = { target: '', email: true, ntfyUrl: '', webhookUrl: '', address: '' };

const channelTarget = (watch: Watch, channel: WatchChannel) => watch.channels.find((state) => state.channel === channel)?.target;

/** The fields of a watch being changed. */
export function formOfWatch(watch: Watch): WatchFormValues {
  return {
    target: watch.targetPriceCents !== null ? (watch.targetPriceCents / 100).toFixed(2) : '',
    email: channelTarget(watch, 'email') !== undefined,
    ntfyUrl: channelTarget(watch, 'ntfy') ?? '',
    webhookUrl: channelTarget(watch, 'webhook') ?? '',
    address: '',
  };
}

/** An http(s) address with a host and no user name or password in it, as the API takes for ntfy and webhooks. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads the form: the request to send, or what is wrong with each field (checked here as the API checks them, so
 * most mistakes are shown before anything is sent).
 */
export function readWatchForm(values: WatchFormValues, { signedIn }: { signedIn: boolean }): { request: WatchRequest } | { errors: WatchFormErrors } {
  const errors: WatchFormErrors = {};
  const target = values.target.trim();
  const cents = target ? centsOf(target) : null;
  if (target && cents === null) errors.target = 'Enter a price above 0, such as 249.99, or leave it empty for any drop.';
  const ntfyUrl = values.ntfyUrl.trim();
  const webhookUrl = values.webhookUrl.trim();
  if (ntfyUrl && !isHttpUrl(ntfyUrl)) errors.ntfyUrl = 'Enter the topic’s whole address, such as https://ntfy.sh/my-deals.';
  if (webhookUrl && !isHttpUrl(webhookUrl)) errors.webhookUrl = 'Enter an http(s) address, such as https://example.com/hooks/prices.';
  if (!values.email && !ntfyUrl && !webhookUrl) errors.channels = 'Choose at least one way to tell you: email, ntfy or a webhook.';
  const address = values.address.trim();
  if (!signedIn && !EMAIL.test(address)) errors.address = address ? 'Enter an email address, such as sam@example.com.' : 'Enter your email address: the confirmation link goes there.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      targetPriceCents: cents,
      notify: { email: values.email, ntfyUrl: ntfyUrl || null, webhookUrl: webhookUrl || null },
      ...(signedIn ? {} : { email: address }),
    },
  };
}

/** The form field an API error names (`notify.webhookUrl`, `targetPriceCents`, `email` …); `form` for the others. */
export function formFieldOf(apiField: string | undefined): WatchFormField {
  switch (apiField) {
    case 'targetPriceCents':
      return 'target';
    case 'notify':
    case 'notify.email':
      return 'channels';
    case 'notify.ntfyUrl':
      return 'ntfyUrl';
    case 'notify.webhookUrl':
      return 'webhookUrl';
    case 'email':
      return 'address';
    default:
      return 'form';
  }
}

/** A failed request's messages, each at the field it names (the envelope's `field` and its `details`). */
export function watchFormErrorsOf(error: unknown, fallback: string): WatchFormErrors {
  if (!isApiError(error)) return { form: fallback };
  const errors: WatchFormErrors = {};
  for (const detail of error.details) {
    const field = formFieldOf(detail.field);
    errors[field] ??= detail.message;
  }
  // The envelope's own message, unless it only sums up details already shown at their fields.
  if (error.field !== undefined || Object.keys(errors).length === 0) errors[formFieldOf(error.field)] ??= error.message || fallback;
  return errors;
}
