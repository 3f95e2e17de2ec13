import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '@pricehunt/notifications';
import type { ShopperAccountsRepository } from '@pricehunt/storage';
import { appLink } from '../auth/email-confirmation';
import { confirmPasswordReset, requestPasswordReset, type ResetRequestDeps } from '../auth/password-reset';
import type { SignInGuard } from '../auth/sign-in-guard';

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
  const request: ResetRequestDeps<{ id: string; email: string }> = {
    log,
    mailer,
    ttlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
    task: 'shopper password reset email',
    accountName: 'PriceHunt account',
    signUpLine: `To create one, open ${new URL('/login?mode=signup', config.SHOPPER_APP_URL).toString()}`,
    resetLink: (token) => appLink(config.SHOPPER_APP_URL)(SHOPPER_RESET_PAGE, token),
    findByEmail: (email) => repo.findByEmail(email),
    saveToken: (shopper, token) => repo.addResetToken({ id: randomUUID(), shopperId: shopper.id, ...token }),
  };

  return {
    /**
     * Answered at once with one message; then an account gets its link and an unknown address a note that there is
     * no account: the same path and one email after the answer either way.
     */
    requestReset(emailInput: string): string {
      return requestPasswordReset(request, emailInput.trim().toLowerCase());
    },

    /** Sets the new password, uses up every open token of the account and ends all its sessions. */
    async confirmReset(token: string, password: string): Promise<void> {
      // Whoever knew the old password may have made a device trusted: none stays trusted, and every session ends.
      const { found, account } = await confirmPasswordReset(
        {
          findUsableToken: (tokenHash, now) => repo.findUsableResetToken(tokenHash, now),
          accountOf: (reset) => repo.findById(reset.shopperId),
          resetPassword: (reset, passwordHash, now) => repo.resetPassword(reset.shopperId, passwordHash, now),
        },
        token,
        password,
      );
      await signInGuard.passwordChanged('shopper', account.email);
      log.info({ shopperId: found.shopperId }, 'shopper password reset');
    },
  };
}

export type ShopperPasswordResetService = ReturnType<typeof createShopperPasswordResetService>;
