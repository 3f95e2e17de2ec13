import type { Watch } from '@pricehunt/contracts';
import type { Comparison } from './comparison';

/** What the content script, the popup and the options page ask the background worker (the only one that calls the API). */
export type ExtensionRequest =
  | { type: 'compare'; url: string }
  | { type: 'watch'; productId: number; email?: string }
  | { type: 'account' };

export type CompareReply =
  | { ok: true; comparison: Comparison | null }
  /** The panel is turned off for this site (nothing was asked). */
  | { ok: true; off: true }
  | { ok: false; error: string };

export type WatchReply =
  | { ok: true; status: 'watching' | 'pending'; message: string }
  /** Signed out: a watch needs an email address for its confirmation link. */
  | { ok: false; needsEmail: true; error: string }
  | { ok: false; needsEmail?: false; error: string };

export type AccountReply = { ok: true; email: string | null; watches: Watch[]; siteUrl: string } | { ok: false; error: string };

/** Whether a message is one of the extension's requests (anything else is ignored). */
export function isExtensionRequest(message: unknown): message is ExtensionRequest {
  if (!message || typeof message !== 'object') return false;
  const value = message as Record<string, unknown>;
  switch (value['type']) {
    case 'compare':
      return typeof value['url'] === 'string';
    case 'watch':
      return typeof value['productId'] === 'number' && (value['email'] === undefined || typeof value['email'] === 'string');
    case 'account':
      return true;
    default:
      return false;
  }
}
