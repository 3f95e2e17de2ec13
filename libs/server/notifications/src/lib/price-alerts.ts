import type { Logger } from './logger';
import type { MailMessage, Mailer } from './mailer';
import type { PriceAlertRepository, PriceAlertRow } from '@pricehunt/storage';

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The email of an alert whose price dropped to it: the price before (at the alert's previous check, else when the
 * favorite was saved), the price now and where, and the drop, as text and as HTML.
 */
export function alertEmail(row: PriceAlertRow, retailer: string | null, shopperAppUrl: string): MailMessage {
  const now = row.bestCents as number;
  const price = `${money(now, row.currency)}${retailer ? ` at ${retailer}` : ''}`;
  const before = row.checkedCents ?? row.savedCents;
  const beforeWhen = row.checkedCents !== null ? 'at our previous check' : 'when you saved it';
  const drop = before !== null && before > now ? before - now : null;
  const dropText = drop !== null && before !== null ? `${money(drop, row.currency)} (${Math.max(1, Math.round((drop * 100) / before))}%)` : null;
  const compare = comparisonLink(shopperAppUrl, row.title);
  const favorites = new URL('/favorites', shopperAppUrl).toString();
  const stop = row.stopToken ? stopLink(shopperAppUrl, row.stopToken) : null;
  const figures: Array<[string, string]> = [
    ...(before !== null ? [[`Price before (${beforeWhen})`, money(before, row.currency)] as [string, string]] : []),
    ['Price now', price],
    ...(dropText ? [['Drop', dropText] as [string, string]] : []),
  ];
  const text = [
    `Good news: ${row.title} is now ${price}, at or below the ${money(row.belowCents, row.currency)} you asked to be told about.`,
    '',
    ...figures.map(([label, value]) => `${label}: ${value}`),
    '',
    'Compare its prices at every retailer:',
    compare,
    '',
    'You get one email each time the price drops to your alert. Change or remove the alert in your favorites:',
    favorites,
    ...(stop ? ['', 'Stop this alert:', stop] : []),
  ].join('\n');
  const cell = 'padding:4px 16px 4px 0;text-align:left';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    `<p>Good news: <strong>${escapeHtml(row.title)}</strong> is now <strong>${escapeHtml(price)}</strong>, at or below the ${escapeHtml(money(row.belowCents, row.currency))} you asked to be told about.</p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    ...figures.map(
      ([label, value]) =>
        `<tr><th scope="row" style="${cell};font-weight:normal;color:#4b5563">${escapeHtml(label)}</th><td style="${cell}${label === 'Drop' ? ';color:#047857;font-weight:bold' : ''}">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p><a href="${escapeHtml(compare)}">Compare its prices at every retailer</a></p>`,
    `<p style="color:#4b5563">You get one email each time the price drops to your alert. Change or remove the alert in <a href="${escapeHtml(favorites)}">your favorites</a>.</p>`,
    ...(stop ? [`<p><a href="${escapeHtml(stop)}">Stop this alert</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { to: row.email, subject: `Price alert: ${row.title} is now ${price}`, text, html };
}

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
 * handed over, so a failed send is tried again at the next check. Each check keeps the price it saw, which the next
 * email names as the price before. Checks never overlap, in this process (a call
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
        const retailer = await repo.bestPriceRetailer(row.productId);
        try {
          await mailer.send(alertEmail(row, retailer, shopperAppUrl));
        } catch (error) {
          result.failed++;
          log.warn({ err: error, productId: row.productId }, 'price alert email could not be sent; it is tried again at the next check');
          continue;
        }
        await repo.markReached(row, clock().toISOString(), row.bestCents as number);
        result.sent++;
      } else if (row.bestCents !== null && row.bestCents > row.belowCents && row.reachedAt !== null) {
        // Re-armed by a price above the alert's, not by none: a product with no price for a while (its offers being
        // regrouped by a re-clustering, none priced) is told again only after its price has been above the alert's.
        await repo.rearm(row);
        result.rearmed++;
      }
      // The next email of this alert says the price dropped from the one this check saw (a product gone keeps its last).
      if (row.bestCents !== null && row.bestCents !== row.checkedCents) await repo.notePrice(row, row.bestCents);
    }
    return result;
  }

  let running: Promise<AlertCheck> | null = null;
  let next: Promise<AlertCheck> | null = null;
  const start = (): Promise<AlertCheck> => {
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    /**
     * Checks every alert once. A call while a check runs answers the one check that follows it: the prices may have
     * dropped after the running check read them (an import that ends meanwhile), and calls meanwhile share it.
     */
    check(): Promise<AlertCheck> {
      // The check waiting to follow the running one is started by it, with no turn between: a call now shares it.
      if (next) return next;
      if (!running) return start();
      next ??= running.then(
        () => undefined,
        () => undefined,
      ).then(() => {
        next = null;
        return start();
      });
      return next;
    },
    /** Resolves once no check is running or waiting to (shutdown waits for one under way). */
    async idle(): Promise<void> {
      while (running || next) await (next ?? running)?.catch(() => undefined);
    },
  };
}

export type PriceAlertChecker = ReturnType<typeof createPriceAlertChecker>;
