import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AuthMessages, PASSWORD_RESET_REQUESTED_MESSAGE } from '@pricehunt/contracts';
import type { AppConfig } from '../../config';
import { afterAnswer } from '../../lib/after-answer';
import { badRequest } from '@pricehunt/http-errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '@pricehunt/notifications';
import { hashPassword } from '../../lib/password';
import { assertNewPassword } from '../../lib/password-policy';
import type { ShopperAccountsRepository } from '@pricehunt/storage';
import type { SignInGuard } from '../auth/sign-in-guard';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Path of the shopper site's page that sets a new password from an emailed link. */
export const SHOPPER_RESET_PAGE = '/reset-password';

/**
 * Password reset of shopper accounts by a single-use, expiring token sent by email (as for business accounts).
 * Asking for a link answers the same whether or not the account exists.
 */
export function createShopperPasswordResetService({
  repo,
  config,
  mailer,
  log,
  signInGuard,
}: {
  repo: ShopperAccountsRepository;
  config: Pick<AppConfig, 'PASSWORD_RESET_TTL_MINUTES' | 'SHOPPER_APP_URL'>;
  mailer: Mailer;
  log: Logger;
  signInGuard: Pick<SignInGuard, 'passwordChanged'>;
}) {
  const ttlMs = config.PASSWORD_RESET_TTL_MINUTES * 60_000;

  return {
    /**
     * Answered at once with one message; then an account gets its link and an unknown address a note that there is
     * no account: the same path and one email after the answer either way.
     */
    requestReset(emailInput: string): string {
      const email = emailInput.trim().toLowerCase();
      afterAnswer(log, 'shopper password reset email', async () => {
        const shopper = await repo.findByEmail(email);
        if (!shopper) {
          await mailer.send({
            to: email,
            subject: 'Reset your PriceHunt password',
            text: [
              'Someone asked to reset the password of a PriceHunt account for this email address, but there is no account for it.',
              `To create one, open ${new URL('/login?mode=signup', config.SHOPPER_APP_URL).toString()}`,
              '',
              'If it was not you, ignore this email.',
            ].join('\n'),
          });
          return;
        }
        const token = randomBytes(32).toString('base64url');
        const now = Date.now();
        await repo.addResetToken({ id: randomUUID(), shopperId: shopper.id, tokenHash: hashToken(token), expiresAt: now + ttlMs, createdAt: now });
        const link = new URL(SHOPPER_RESET_PAGE, config.SHOPPER_APP_URL);
        link.searchParams.set('token', token);
        await mailer.send({
          to: shopper.email,
          subject: 'Reset your PriceHunt password',
          text: [
            'Someone asked to reset the password of your PriceHunt account.',
            `Open this link within ${config.PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:`,
            link.toString(),
            '',
            'If it was not you, ignore this email; your password stays the same.',
          ].join('\n'),
        });
      });
      return PASSWORD_RESET_REQUESTED_MESSAGE;
    },

    /** Sets the new password, uses up every open token of the account and ends all its sessions. */
    async confirmReset(token: string, password: string): Promise<void> {
      const now = Date.now();
      const found = await repo.findUsableResetToken(hashToken(token), now);
      if (!found) throw badRequest(AuthMessages.resetTokenInvalid, 'token');
      const account = await repo.findById(found.shopperId);
      if (!account) throw badRequest(AuthMessages.resetTokenInvalid, 'token');
      assertNewPassword(password, account.email);
      const passwordHash = await hashPassword(password);
      // The link came to the inbox: the address is proven too. Whoever knew the old password may have made a device
      // trusted: none stays trusted, and every session ends.
      const changed = await repo.resetPassword(found.shopperId, passwordHash, Date.now());
      if (!changed) throw badRequest(AuthMessages.resetTokenInvalid, 'token');
      await signInGuard.passwordChanged('shopper', account.email);
      log.info({ shopperId: found.shopperId }, 'shopper password reset');
    },
  };
}

export type ShopperPasswordResetService = ReturnType<typeof createShopperPasswordResetService>;
