import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailConfirmationTokens } from '../../db/schema';
import type { Audience } from './sign-in-guard';

/** How long a confirmation link works. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 48;
/** Path of each app's page that opens a confirmation link: `/confirm-email?token=…`. */
export const CONFIRM_EMAIL_PAGE = '/confirm-email';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Single-use, expiring links that confirm the email of a business or shopper account (only their hashes are stored). */
export function createEmailConfirmations(db: Db) {
  const accountColumn = (audience: Audience) => (audience === 'business' ? emailConfirmationTokens.businessId : emailConfirmationTokens.shopperId);

  return {
    /** A new link's token for the account; its older links stop working (the newest registration wins). */
    issue(audience: Audience, accountId: string, now = Date.now()): string {
      const token = randomBytes(32).toString('base64url');
      db.transaction((tx) => {
        tx.delete(emailConfirmationTokens).where(and(eq(accountColumn(audience), accountId), isNull(emailConfirmationTokens.usedAt))).run();
        tx.insert(emailConfirmationTokens)
          .values({
            id: randomUUID(),
            ...(audience === 'business' ? { businessId: accountId } : { shopperId: accountId }),
            tokenHash: hashToken(token),
            expiresAt: now + EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000,
            createdAt: now,
          })
          .run();
      });
      return token;
    },

    /** Uses up an open, unexpired link of the audience; answers its account, or undefined when there is none. */
    consume(audience: Audience, token: string, now = Date.now()): string | undefined {
      const column = accountColumn(audience);
      const used = db
        .update(emailConfirmationTokens)
        .set({ usedAt: now })
        .where(and(eq(emailConfirmationTokens.tokenHash, hashToken(token)), isNotNull(column), isNull(emailConfirmationTokens.usedAt), gt(emailConfirmationTokens.expiresAt, now)))
        .returning({ businessId: emailConfirmationTokens.businessId, shopperId: emailConfirmationTokens.shopperId })
        .get();
      const accountId = used ? (audience === 'business' ? used.businessId : used.shopperId) : null;
      if (!accountId) return undefined;
      db.delete(emailConfirmationTokens).where(and(eq(column, accountId), isNull(emailConfirmationTokens.usedAt))).run();
      return accountId;
    },
  };
}
export type EmailConfirmations = ReturnType<typeof createEmailConfirmations>;
