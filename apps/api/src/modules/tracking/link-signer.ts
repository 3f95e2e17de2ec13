import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 signatures over redirect targets, for the links the API itself emits. */
export interface LinkSigner {
  sign(to: string): string;
  verify(to: string, sig: string): boolean;
  /** `/api/redirect?to=…&source=…&sig=…` for a target URL. */
  redirectPath(to: string, source?: string): string;
}

export function createLinkSigner(secret: string): LinkSigner {
  const sign = (to: string) => createHmac('sha256', secret).update(to, 'utf8').digest('base64url');
  return {
    sign,
    verify(to, sig) {
      const expected = Buffer.from(sign(to));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    redirectPath(to, source) {
      const params = new URLSearchParams({ to });
      if (source) params.set('source', source);
      params.set('sig', sign(to));
      return `/api/redirect?${params.toString()}`;
    },
  };
}
