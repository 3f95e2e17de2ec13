import type pg from 'pg';
import type { PostgresHandle } from '../db/pg-client';
import type { PriceAlertKey, PriceAlertRepository, PriceAlertRow } from './repository';
import { iso, isoOrNull, MAX_INT4 } from './shared';

/**
 * The advisory lock (one bigint key per database) held by the instance running a price alert check, on a connection of
 * its own for the length of the check: a session lock ends with its session, so an instance that dies mid-check frees it.
 */
export const PRICE_ALERT_LOCK_KEY = 0x7072_6963_6561_6c74n; // "pricealt"

interface AlertSelection {
  shopperId: string;
  // bigint columns: node-postgres reads them as text.
  productId: string;
  title: string;
  belowCents: string;
  setAt: Date;
  stopToken: string | null;
  reachedAt: Date | null;
  bestCents: number | null;
  currency: string | null;
  email: string;
  savedCents: string | number | null;
  checkedCents: string | number | null;
}

/** The price alert port on PostgreSQL: the SQLite side's statements, with instants converted at the boundary. */
export function createPgPriceAlertRepository({ pool }: PostgresHandle): PriceAlertRepository {
  return { ...alertReads(pool), ...alertMarks(pool), ...checkLock(pool) };
}

/** The alerts to check, and the shop of a product's best price. */
function alertReads(pool: pg.Pool): Pick<PriceAlertRepository, 'listAlerts' | 'bestPriceRetailer'> {
  return {
    async listAlerts() {
      // SQLite answers in the order of its alert index (by product); the shopper breaks ties here.
      const { rows } = await pool.query<AlertSelection>(
        `SELECT f.shopper_id AS "shopperId", f.product_id AS "productId", COALESCE(p.title, f.title) AS title,
           f.alert_below_cents AS "belowCents", f.alert_set_at AS "setAt", f.alert_stop_token AS "stopToken", f.alert_reached_at AS "reachedAt",
           p.best_price_cents AS "bestCents", COALESCE(p.currency, f.currency) AS currency, s.email AS email,
           f.saved_price_cents AS "savedCents", f.alert_checked_cents AS "checkedCents"
         FROM shopper_favorites f JOIN shoppers s ON s.id = f.shopper_id LEFT JOIN products p ON p.id = f.product_id
         WHERE f.alert_below_cents IS NOT NULL
         ORDER BY f.product_id, f.shopper_id`,
      );
      return rows.map(
        (row): PriceAlertRow => ({
          ...row,
          productId: Number(row.productId),
          belowCents: Number(row.belowCents),
          setAt: iso(row.setAt),
          reachedAt: isoOrNull(row.reachedAt),
          savedCents: row.savedCents === null ? null : Number(row.savedCents),
          checkedCents: row.checkedCents === null ? null : Number(row.checkedCents),
        }),
      );
    },

    async bestPriceRetailer(productId) {
      if (productId > MAX_INT4) return null;
      const { rows } = await pool.query<{ name: string }>(
        `SELECT r.name FROM products p JOIN offers o ON o.id = p.best_offer_id JOIN retailers r ON r.id = o.retailer_id
         WHERE p.id = $1 AND o.held IS NULL`,
        [productId],
      );
      return rows[0]?.name ?? null;
    },
  };
}

/** An alert marked reached, re-armed, or its checked price noted. */
function alertMarks(pool: pg.Pool): Pick<PriceAlertRepository, 'markReached' | 'rearm' | 'notePrice'> {
  return {
    // Both updates name the alert they looked at (by when it was set), so an alert set again meanwhile, even at the
    // same price, is left to the next check. Each is one conditional statement: of two checks marking the same
    // alert, one changes it.
    async markReached(alert: PriceAlertKey, at, cents) {
      const result = await pool.query(
        `UPDATE shopper_favorites SET alert_reached_at = $1, alert_reached_cents = $2
         WHERE shopper_id = $3 AND product_id = $4 AND alert_set_at = $5 AND alert_reached_at IS NULL`,
        [new Date(at), cents, alert.shopperId, alert.productId, new Date(alert.setAt)],
      );
      return (result.rowCount ?? 0) > 0;
    },

    async rearm(alert: PriceAlertKey) {
      const result = await pool.query(
        `UPDATE shopper_favorites SET alert_reached_at = NULL, alert_reached_cents = NULL
         WHERE shopper_id = $1 AND product_id = $2 AND alert_set_at = $3 AND alert_reached_at IS NOT NULL`,
        [alert.shopperId, alert.productId, new Date(alert.setAt)],
      );
      return (result.rowCount ?? 0) > 0;
    },

    async notePrice(alert: PriceAlertKey, cents) {
      const result = await pool.query(
        'UPDATE shopper_favorites SET alert_checked_cents = $1 WHERE shopper_id = $2 AND product_id = $3 AND alert_set_at = $4',
        [cents, alert.shopperId, alert.productId, new Date(alert.setAt)],
      );
      return (result.rowCount ?? 0) > 0;
    },
  };
}

/** The check's advisory lock, held on a connection of its own while this instance runs a check. */
function checkLock(pool: pg.Pool): Pick<PriceAlertRepository, 'tryLock' | 'unlock'> {
  /** The connection holding the check's advisory lock, while this instance holds it. */
  let locked: pg.PoolClient | null = null;
  return {
    async tryLock() {
      if (locked) return false;
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ acquired: boolean }>('SELECT pg_try_advisory_lock($1) AS acquired', [PRICE_ALERT_LOCK_KEY.toString()]);
        if (rows[0]?.acquired) {
          locked = client;
          return true;
        }
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      client.release();
      return false;
    },

    async unlock() {
      const client = locked;
      if (!client) return;
      locked = null;
      try {
        await client.query('SELECT pg_advisory_unlock($1)', [PRICE_ALERT_LOCK_KEY.toString()]);
      } catch (error) {
        // A connection whose lock may still be held is closed rather than given back: closing ends the lock.
        client.release(error as Error);
        throw error;
      }
      client.release();
    },
  };
}
