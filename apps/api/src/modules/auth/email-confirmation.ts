import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Audience, EmailConfirmationRepository } from '@pricehunt/storage';

/** How long a confirmation link works. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 48;
/** Path of each app's page that opens a confirmation link: `/confirm-email?token=…`. */
export const CONFIRM_EMAIL_PAGE = '/confirm-email';

/** Builds links to pages of the app at `base`, with a `token` query parameter when given one. */
export function appLink(base: string): (pathname: string, token?: string) => string {
  return (pathname, token) => {
    const url = new URL(pathname, base);
    if (token) url.searchParams.set('token', token);
    return url.toString();
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Single-use, expiring links that confirm the email of a business or shopper account (only their hashes are stored). */
export function createEmailConfirmations(repo: EmailConfirmationRepository) {
  return {
    /** A new link's token for the account; its older links stop working (the newest registration wins). */
    async issue(audience: Audience, accountId: string, now = Date.now()): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await repo.issue(audience, accountId, {
        id: randomUUID(),
        tokenHash: hashToken(token),
        expiresAt: now + EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000,
        createdAt: now,
      });
      return token;
    },

    /** Uses up an open, unexpired link of the audience; answers its account, or undefined when there is none. */
    consume(audience: Audience, token: string, now = Date.now()): Promise<string | undefined> {
      return repo.consume(audience, hashToken(token), now);
    },
  };
}
export type EmailConfirmations = ReturnType<typeof createEmailConfirmations>;
