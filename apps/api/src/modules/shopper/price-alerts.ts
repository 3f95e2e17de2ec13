import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import type { PriceAlertRepository } from '@pricehunt/storage';

/** Path of the shopper site's page that stops an alert from the link in its email. */
export const ALERT_STOP_PAGE = '/alerts/stop';
export const ALERT_STOP_INVALID = 'This link no longer stops an alert: the alert was already stopped, removed or changed. Manage your alerts in your favorites.';

/** How the shopper site opens a product's comparison from an email: a search for its exact name. */
export function comparisonLink(shopperAppUrl: string, title: string): string {
  const link = new URL('/search', shopperAppUrl);
  link.searchParams.set('q', title);
  return link.toString();
}

export function stopLink(shopperAppUrl: string, token: string): string {
  const link = new URL(ALERT_STOP_PAGE, shopperAppUrl);
  link.searchParams.set('token', token);
  return link.toString();
}

const money = (cents: number, currency: string | null) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : 'USD' }).format(cents / 100);

export interface AlertCheck {
  /** Favorites with an alert that were looked at. */
  checked: number;
  /** Emails sent: best prices that dropped to an alert since the last check. */
  sent: number;
  /** Alerts whose price rose above them again, ready for the next drop. */
  rearmed: number;
  /** Emails that could not be sent; tried again at the next check. */
  failed: number;
  /** Nothing was looked at: another instance was running a check (which covers every alert). */
  skipped: boolean;
}

/**
 * Price alerts of signed-in shoppers' favorites. A check compares each alert with its product's best price now: a
 * price at or below an alert that had not been reached sends one email and marks the alert reached; a reached alert
 * whose price has risen above it again is re-armed, so the next drop sends another. Marked only once the email is
 * handed over, so a failed send is tried again at the next check. Checks never overlap, in this process (a call
 * during a check answers that check) nor across the fleet: a check finding another instance's under way is skipped.
 */
export function createPriceAlertChecker(deps: { repo: PriceAlertRepository; mailer: Mailer; log: Logger; shopperAppUrl: string; clock?: () => Date }) {
  const { repo, mailer, log, shopperAppUrl } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function run(): Promise<AlertCheck> {
    if (!(await repo.tryLock())) {
      log.info({}, 'price alert check skipped: another instance is checking the alerts');
      return { checked: 0, sent: 0, rearmed: 0, failed: 0, skipped: true };
    }
    try {
      return await checkAll();
    } finally {
      // A lock that cannot be given back is dropped with its connection: the check's result stands.
      await repo.unlock().catch((error: unknown) => log.warn({ err: error }, 'the price alert check lock could not be released cleanly'));
    }
  }

  async function checkAll(): Promise<AlertCheck> {
    const result: AlertCheck = { checked: 0, sent: 0, rearmed: 0, failed: 0, skipped: false };
    for (const row of await repo.listAlerts()) {
      result.checked++;
      const atOrBelow = row.bestCents !== null && row.bestCents <= row.belowCents;
      if (atOrBelow && row.reachedAt === null) {
        const retailer = await repo.cheapestRetailer(row.productId);
        const price = `${money(row.bestCents as number, row.currency)}${retailer ? ` at ${retailer}` : ''}`;
        try {
          await mailer.send({
            to: row.email,
            subject: `Price alert: ${row.title} is now ${price}`,
            text: [
              `Good news: ${row.title} is now ${price}, at or below the ${money(row.belowCents, row.currency)} you asked to be told about.`,
              '',
              'Compare its prices at every retailer:',
              comparisonLink(shopperAppUrl, row.title),
              '',
              'You get one email each time the price drops to your alert. Change or remove the alert in your favorites:',
              new URL('/favorites', shopperAppUrl).toString(),
              ...(row.stopToken ? ['', 'Stop this alert:', stopLink(shopperAppUrl, row.stopToken)] : []),
            ].join('\n'),
          });
        } catch (error) {
          result.failed++;
          log.warn({ err: error, productId: row.productId }, 'price alert email could not be sent; it is tried again at the next check');
          continue;
        }
        await repo.markReached(row, clock().toISOString(), row.bestCents as number);
        result.sent++;
      } else if (!atOrBelow && row.reachedAt !== null) {
        await repo.rearm(row);
        result.rearmed++;
      }
    }
    return result;
  }

  let running: Promise<AlertCheck> | null = null;
  return {
    /** Checks every alert once; a call while a check runs answers that check. */
    check(): Promise<AlertCheck> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    /** Resolves once no check is running (shutdown waits for one under way). */
    idle(): Promise<void> {
      return running ? running.then(
        () => undefined,
        () => undefined,
      ) : Promise.resolve();
    },
  };
}

export type PriceAlertChecker = ReturnType<typeof createPriceAlertChecker>;
