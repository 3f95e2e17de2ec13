import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '@pricehunt/notifications';
import { createBusinessAccountsService, type BusinessAccountsService } from '../modules/business-auth/service';
import { createShopperAccountsService, type ShopperAccountsService } from '../modules/shopper-auth/service';
import { createSignInGuard, type SignInGuard } from '../modules/auth/sign-in-guard';
import { newDevicesPausedEmail } from '../modules/auth/sign-in-notice';
import { afterAnswer } from '../lib/after-answer';
import { createPriceAlertChecker, type PriceAlertChecker } from '@pricehunt/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    businessAccounts: BusinessAccountsService;
    signInGuard: SignInGuard;
    shopperAccounts: ShopperAccountsService;
    priceAlerts: PriceAlertChecker;
  }
}

/** App services (plain functions over the db), decorated on the instance for the routes. */
export const accountServicesPlugin = fp(
  async (app: FastifyInstance) => {
    const { storage, config, log } = app;
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outbox: storage.outbox, log, production: config.NODE_ENV === 'production' });
    app.decorate('mailer', mailer);
    const resetPages = { business: new URL('/reset-password', config.MERCHANT_APP_URL).toString(), shopper: new URL('/reset-password', config.SHOPPER_APP_URL).toString() };
    const signInGuard = createSignInGuard({
      repo: storage.signInGuard,
      enabled: config.RATE_LIMIT_ENABLED,
      freeFailures: config.SIGN_IN_FREE_FAILURES,
      freeFailuresPerAddress: config.SIGN_IN_FREE_FAILURES_PER_ADDRESS,
      accountFreeFailures: config.SIGN_IN_ACCOUNT_FREE_FAILURES,
      accountMaxPerHour: config.SIGN_IN_ACCOUNT_MAX_PER_HOUR,
      deviceMaxPerHour: config.SIGN_IN_DEVICE_MAX_PER_HOUR,
      maxWaitSeconds: config.SIGN_IN_MAX_WAIT_SECONDS,
      now: () => app.clock.now(),
      // The owner's notice goes after the answer, which is the same whether or not a mail follows.
      onNewDevicesPaused: (event) => {
        log.warn({ audience: event.audience, accountId: event.accountId, until: event.until }, 'sign-ins from new devices paused');
        afterAnswer(log, 'sign-in pause notice', () => mailer.send(newDevicesPausedEmail(event, resetPages)));
      },
    });
    app.decorate('signInGuard', signInGuard);
    const confirmations = storage.emailConfirmations;
    app.decorate('businessAccounts', createBusinessAccountsService({ repo: storage.businessAccounts, confirmations, log, config, mailer, signInGuard }));
    app.decorate('shopperAccounts', createShopperAccountsService({ repo: storage.shopperAccounts, confirmations, log, mailer, config, signInGuard }));
    // Failures a day old and expired trusted devices go at start and every hour.
    const prune = () => signInGuard.prune().catch((error: unknown) => log.error({ err: error }, 'pruning sign-in failures failed'));
    await prune();
    const timer = setInterval(() => void prune(), 3_600_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'account-services', dependencies: ['db'] },
);

/**
 * Shoppers' price alerts (`app.priceAlerts`): checked after every catalog import of this process and every
 * PRICE_ALERT_CHECK_MINUTES (imports run from the command line reach the alerts this way, or check themselves).
 */
export const priceAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, log } = app;
    const alerts = createPriceAlertChecker({ repo: app.storage.priceAlerts, mailer: app.mailer, log, shopperAppUrl: config.SHOPPER_APP_URL });
    app.decorate('priceAlerts', alerts);
    const check = (reason: string) => {
      alerts.check().then(
        (result) => {
          if (result.sent || result.failed) log.info({ ...result, reason }, 'price alerts checked');
        },
        (error: unknown) => log.error({ err: error, reason }, 'checking price alerts failed'),
      );
    };
    const stop = app.catalog.ingestion.onImported(() => check('import'));
    const timer = config.PRICE_ALERT_CHECK_MINUTES > 0 ? setInterval(() => check('schedule'), config.PRICE_ALERT_CHECK_MINUTES * 60_000) : null;
    timer?.unref();
    app.addHook('onClose', async () => {
      stop();
      if (timer) clearInterval(timer);
      // A check under way finishes before the database closes.
      await alerts.idle();
    });
  },
  { name: 'price-alerts', dependencies: ['db', 'account-services', 'catalog'] },
);
