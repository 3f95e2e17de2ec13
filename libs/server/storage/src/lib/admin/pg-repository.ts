import { COUNTED_TABLES, SORT_COLUMNS } from './tables';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, type ActivityFigures, type AdminRetailer } from '@pricehunt/contracts';
import { inPgTransaction, type PostgresHandle } from '../db/pg-client';
import { refreshStoreTrustPg } from '../catalog/pg/product-writes';
import { AUDIT_COLUMNS, type AuditRow, type PgQueryable, toAudit, writeAuditEntryPg } from './pg-audit-log';
import { attributedConversionSql } from './attributed';
import type pg from 'pg';
import type { AdminBusinessRow, AdminRepository } from './repository';
import { activityDays, type AdminPart, likePattern, owningDomain, sameSettings } from './shared';

type BusinessSelection = Omit<AdminBusinessRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const BUSINESS_COLUMNS = `id, email, store_name AS "storeName", store_domain AS "storeDomain", is_admin AS "isAdmin", status,
  created_at AS "createdAt", updated_at AS "updatedAt",
  EXISTS (SELECT 1 FROM verified_domains v WHERE v.business_id = businesses.id AND v.domain = businesses.store_domain) AS "domainVerified"`;

// Keys in the SQLite side's order (the order of BUSINESS_COLUMNS): the API answers these objects as JSON, the same to
// the byte on either engine.
const toBusiness = (row: BusinessSelection): AdminBusinessRow => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/** UTC day `YYYY-MM-DD` of an instant column, and of an epoch-millisecond one (SQLite: the seconds' `unixepoch` day). */
const instantDay = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const msDay = (column: string) => `to_char(to_timestamp(${column} / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

const countProducts = (pool: pg.Pool) => count(pool, 'SELECT count(*) AS n FROM products');

const count = async (client: PgQueryable, text: string, params: unknown[] = []) => {
  const { rows } = await client.query<{ n: string | number | null }>(text, params);
  return Number(rows[0]?.n ?? 0);
};

const findBusiness = async (pool: pg.Pool, id: string): Promise<AdminBusinessRow | undefined> => {
  const { rows } = await pool.query<BusinessSelection>(`SELECT ${BUSINESS_COLUMNS} FROM businesses WHERE id = $1`, [id]);
  return rows[0] ? toBusiness(rows[0]) : undefined;
};

/** Every retailer by name (ASCII letters folded, as SQLite's NOCASE), or the one of `id`. */
const selectRetailers = async (client: PgQueryable, id?: string): Promise<AdminRetailer[]> => {
  const { rows } = await client.query<{ id: string; name: string; domains: string[]; affiliateParam: string | null; offers: number; lastImportAt: Date | null }>(
    // Each run's retailers: those it kept when it finished, or (still running, or older) its one fixed retailer.
    `WITH last_imports AS (
       SELECT j.value AS retailer_id, max(i.started_at) AS last_import_at
       FROM import_runs i,
         jsonb_array_elements_text(CASE WHEN jsonb_typeof(coalesce(i.retailer_ids, jsonb_build_array(i.retailer_id))) = 'array'
           THEN coalesce(i.retailer_ids, jsonb_build_array(i.retailer_id)) ELSE '[]'::jsonb END) j(value)
       WHERE j.value IS NOT NULL GROUP BY j.value)
     SELECT r.id, r.name, r.domains, r.affiliate_param AS "affiliateParam",
       (SELECT count(*) FROM offers o WHERE o.retailer_id = r.id)::int AS offers,
       l.last_import_at AS "lastImportAt"
     FROM retailers r LEFT JOIN last_imports l ON l.retailer_id = r.id
     WHERE $1::text IS NULL OR r.id = $1
     ORDER BY lower(r.name COLLATE "C"), r.id`,
    [id ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    domains: row.domains,
    affiliateParam: row.affiliateParam,
    offers: row.offers,
    lastImportAt: row.lastImportAt ? row.lastImportAt.toISOString() : null,
  }));
};

/** The time zone and currency of a business's figures: its settings', or the defaults. */
const reportingOf = async (pool: pg.Pool, businessId: string) => {
  const { rows } = await pool.query<{ timeZone: string; currency: string }>(
    'SELECT time_zone AS "timeZone", currency FROM merchant_settings WHERE business_id = $1',
    [businessId],
  );
  return { timeZone: rows[0]?.timeZone ?? DEFAULT_TIME_ZONE, currency: rows[0]?.currency ?? DEFAULT_CURRENCY };
};

/**
 * The admin port on PostgreSQL (parameterised SQL through the pool, as the SQLite side's hand-written statements).
 * Its two guarded writes hold under concurrent transactions of several API processes:
 * - a business changes by one conditional statement (`UPDATE … WHERE status = expected AND is_admin = expected
 *   RETURNING`): of two admins' changes, the second re-checks its condition against the row the first committed
 *   and changes nothing;
 * - a retailer edit locks the retailer's row (`FOR NO KEY UPDATE`), and every retailer's row when the edit changes
 *   domains (so that two retailers cannot take the same domain at once), before reading what it compares.
 * The write-ahead log figure is the WAL written since the last checkpoint began (what SQLite's `-wal` file holds: the
 * changes not yet checkpointed into the data files); PostgreSQL's log is the cluster's, so it counts every database.
 */
export function createPgAdminRepository({ pool }: PostgresHandle): AdminRepository {
  return {
    ...businessesPart(pool),
    ...figuresPart(pool),
    ...dailyActivityPart(pool),
    ...catalogPart(pool),
    ...retailerEditPart(pool),
    ...databasePart(pool),
  };
}

/** Businesses found, listed and changed (with the change's audit entry). */
function businessesPart(pool: pg.Pool): AdminPart<'findBusiness' | 'listBusinesses' | 'changeBusiness'> {
  return {
    async findBusiness(id) {
      return findBusiness(pool, id);
    },

    async listBusinesses(query) {
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      if (query.q) {
        // SQLite's LIKE ignores the case of ASCII letters only: ILIKE under the "C" collation does the same.
        const q = param(likePattern(query.q.toLowerCase()));
        const exact = param(query.q);
        where.push(
          `(email COLLATE "C" ILIKE ${q} ESCAPE '\\' OR store_domain COLLATE "C" ILIKE ${q} ESCAPE '\\' OR store_name COLLATE "C" ILIKE ${q} ESCAPE '\\' OR id = ${exact})`,
        );
      }
      if (query.status) where.push(`status = ${param(query.status)}`);
      if (query.admin !== undefined) where.push(`is_admin = ${param(query.admin)}`);
      if (query.hasStore !== undefined) where.push(query.hasStore ? "coalesce(store_domain, '') <> ''" : "coalesce(store_domain, '') = ''");
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = await count(pool, `SELECT count(*) AS n FROM businesses ${clause}`, params);
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const limit = param(query.pageSize);
      const offset = param((query.page - 1) * query.pageSize);
      const { rows } = await pool.query<BusinessSelection>(
        `SELECT ${BUSINESS_COLUMNS} FROM businesses ${clause} ORDER BY ${SORT_COLUMNS[query.sort]} ${direction} NULLS LAST, id ${direction} LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      return { total, items: rows.map(toBusiness) };
    },

    async changeBusiness({ id, expected, change, endSessions, refreshStoreTrust, audit, now }) {
      return inPgTransaction(pool, async (client) => {
        // One conditional statement: the guard is evaluated on the row as the last committed change left it.
        const sets = ['updated_at = $2'];
        const params: unknown[] = [id, new Date(now), expected.status, expected.isAdmin];
        if (change.status !== undefined) {
          params.push(change.status);
          sets.push(`status = $${params.length}`);
        }
        if (change.isAdmin !== undefined) {
          params.push(change.isAdmin);
          sets.push(`is_admin = $${params.length}`);
        }
        const { rows } = await client.query<BusinessSelection>(
          `UPDATE businesses SET ${sets.join(', ')} WHERE id = $1 AND status = $3 AND is_admin = $4 RETURNING ${BUSINESS_COLUMNS}`,
          params,
        );
        if (!rows[0]) return null;
        const business = toBusiness(rows[0]);
        const sessionsEnded = endSessions ? ((await client.query('DELETE FROM sessions WHERE business_id = $1', [id])).rowCount ?? 0) : 0;
        if (refreshStoreTrust) await refreshStoreTrustPg(client, id, now);
        const entry = await writeAuditEntryPg(client, endSessions ? { ...audit, after: { ...audit.after, sessionsEnded } } : audit, now);
        return { business, audit: entry, sessionsEnded };
      });
    },
  };
}

/** A business's reporting settings and figures, and the businesses counted. */
function figuresPart(pool: pg.Pool): AdminPart<'businessReporting' | 'businessFigures' | 'businessCounts'> {
  const businessReporting = (businessId: string) => reportingOf(pool, businessId);
  return {
    businessReporting,

    async businessFigures(businessId, period) {
      const { currency } = await businessReporting(businessId);
      const figures = async (start: number, end: number): Promise<Omit<ActivityFigures, 'searches'>> => ({
        clicks:
          (await count(pool, 'SELECT count(*) AS n FROM clicks WHERE business_id = $1 AND created_at >= $2 AND created_at < $3', [businessId, start, end])) +
          (await count(pool, "SELECT count(*) AS n FROM events WHERE business_id = $1 AND event_type = 'product_click' AND created_at >= $2 AND created_at < $3", [
            businessId,
            start,
            end,
          ])),
        referrals: await count(pool, 'SELECT count(*) AS n FROM referrals WHERE business_id = $1 AND created_at >= $2 AND created_at < $3', [businessId, start, end]),
        conversions: await count(
          pool,
          `SELECT count(*) AS n FROM conversions c WHERE c.business_id = $1 AND c.occurred_at >= $2 AND c.occurred_at < $3 AND ${attributedConversionSql('c', 'postgres')}`,
          [businessId, start, end],
        ),
        revenueCents: await count(
          pool,
          `SELECT coalesce(sum(c.value_cents), 0) AS n FROM conversions c
           WHERE c.business_id = $1 AND c.occurred_at >= $2 AND c.occurred_at < $3 AND c.currency = $4 AND ${attributedConversionSql('c', 'postgres')}`,
          [businessId, start, end, currency],
        ),
      });
      return {
        currency,
        last30Days: await figures(period.start, period.end),
        allTime: await figures(0, Number.MAX_SAFE_INTEGER),
        offers: await count(pool, 'SELECT count(*) AS n FROM offers WHERE business_id = $1', [businessId]),
        activeSessions: await count(pool, 'SELECT count(*) AS n FROM sessions WHERE business_id = $1 AND expires_at > $2', [businessId, Date.now()]),
      };
    },

    async businessCounts(since) {
      const { rows } = await pool.query<Record<string, string>>(
        `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'active') AS active, count(*) FILTER (WHERE status = 'suspended') AS suspended,
           count(*) FILTER (WHERE is_admin) AS admins, count(*) FILTER (WHERE coalesce(store_domain, '') <> '') AS "withStore",
           count(*) FILTER (WHERE created_at >= $1) AS "newLast30Days"
         FROM businesses`,
        [new Date(since)],
      );
      const row = rows[0] ?? {};
      return {
        total: Number(row.total ?? 0),
        active: Number(row.active ?? 0),
        suspended: Number(row.suspended ?? 0),
        admins: Number(row.admins ?? 0),
        withStore: Number(row.withStore ?? 0),
        newLast30Days: Number(row.newLast30Days ?? 0),
      };
    },
  };
}

/** The overview's figures per day. */
function dailyActivityPart(pool: pg.Pool): AdminPart<'dailyActivity'> {
  return {
    async dailyActivity(fromMs) {
      const { days, day } = activityDays();
      // Days are UTC days whatever the session's time zone; counts and sums are cast to int (bigint reads as text).
      const searches = await pool.query<{ date: string; n: number }>(
        `SELECT ${instantDay('created_at')} AS date, count(*)::int AS n FROM search_requests WHERE created_at >= $1 GROUP BY 1`,
        [new Date(fromMs)],
      );
      for (const row of searches.rows) day(row.date).searches = row.n;
      for (const [table, key] of [
        ['clicks', 'clicks'],
        ['referrals', 'referrals'],
      ] as const) {
        const { rows } = await pool.query<{ date: string; n: number }>(
          `SELECT ${msDay('created_at')} AS date, count(*)::int AS n FROM ${table} WHERE created_at >= $1 GROUP BY 1`,
          [fromMs],
        );
        for (const row of rows) day(row.date)[key] = row.n;
      }
      const conversions = await pool.query<{ date: string; n: number; revenue: string }>(
        `SELECT ${msDay('c.occurred_at')} AS date, count(*)::int AS n, coalesce(sum(CASE WHEN c.currency = 'USD' THEN c.value_cents END), 0) AS revenue
         FROM conversions c WHERE c.occurred_at >= $1 AND ${attributedConversionSql('c', 'postgres')} GROUP BY 1`,
        [fromMs],
      );
      for (const row of conversions.rows) {
        day(row.date).conversions = row.n;
        day(row.date).revenueCents = Number(row.revenue);
      }
      return days;
    },
  };
}

/** The catalog's size and its retailers read. */
function catalogPart(pool: pg.Pool): AdminPart<'catalogSize' | 'countProducts' | 'listRetailers' | 'findRetailer' | 'retailerOwningDomain'> {
  return {
    async catalogSize() {
      const offers = await count(pool, 'SELECT count(*) AS n FROM offers');
      const products = await countProducts(pool);
      const { rows: retailers } = await pool.query<{ id: string; name: string; offers: number }>(
        `SELECT r.id, r.name, (SELECT count(*) FROM offers o WHERE o.retailer_id = r.id)::int AS offers
         FROM retailers r ORDER BY offers DESC, r.name, r.id`,
      );
      return { offers, products, retailers };
    },

    async listRetailers() {
      return selectRetailers(pool);
    },

    async findRetailer(id) {
      return (await selectRetailers(pool, id))[0];
    },

    async retailerOwningDomain(domains, exceptId) {
      return owningDomain(await selectRetailers(pool), domains, exceptId);
    },

    async countProducts() {
      return countProducts(pool);
    },
  };
}

/** A retailer's settings changed under row locks (see the factory). */
function retailerEditPart(pool: pg.Pool): AdminPart<'updateRetailer'> {
  return {
    async updateRetailer({ id, expected, changes, audit, now }) {
      return inPgTransaction(pool, async (client) => {
        // Row locks before the reads: the retailer's (its settings are compared with what the service read), and
        // when domains change every retailer's (no other retailer takes one of them before this commits). In id
        // order, so two edits never wait for each other both ways. NO KEY UPDATE: offers' foreign keys (KEY SHARE)
        // are not held up.
        await client.query('SELECT id FROM retailers WHERE id = $1 OR $2 ORDER BY id FOR NO KEY UPDATE', [id, changes.domains !== undefined]);
        const [before] = await selectRetailers(client, id);
        if (!before || !sameSettings(before, expected)) return null;
        if (changes.domains && owningDomain(await selectRetailers(client), changes.domains, id)) return null;
        const sets: string[] = [];
        const params: unknown[] = [id];
        if (changes.name !== undefined) {
          params.push(changes.name);
          sets.push(`name = $${params.length}`);
        }
        if (changes.domains !== undefined) {
          params.push(JSON.stringify(changes.domains));
          sets.push(`domains = $${params.length}::jsonb`);
        }
        if (changes.affiliateParam !== undefined) {
          params.push(changes.affiliateParam);
          sets.push(`affiliate_param = $${params.length}`);
        }
        if (sets.length) await client.query(`UPDATE retailers SET ${sets.join(', ')} WHERE id = $1`, params);
        await writeAuditEntryPg(client, audit, now);
        return (await selectRetailers(client, id))[0] ?? null;
      });
    },
  };
}

/** The database's size and the audit log. */
function databasePart(pool: pg.Pool): AdminPart<'databaseSize' | 'insertAudit' | 'listAudit'> {
  return {
    async databaseSize() {
      const { rows } = await pool.query<{ bytes: string; walBytes: string | null }>(
        `SELECT pg_database_size(current_database()) AS bytes,
           greatest(pg_wal_lsn_diff(CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END,
             (SELECT redo_lsn FROM pg_control_checkpoint())), 0)::bigint AS "walBytes"`,
      );
      // The table names are the fixed list above, never input.
      const counted = await pool.query<{ name: string; rows: string }>(
        COUNTED_TABLES.map((name, index) => `SELECT ${index} AS position, '${name}' AS name, count(*) AS rows FROM "${name}"`).join(' UNION ALL ') +
          ' ORDER BY position',
      );
      return {
        bytes: Number(rows[0]?.bytes ?? 0),
        walBytes: Number(rows[0]?.walBytes ?? 0),
        tables: counted.rows.map((row) => ({ name: row.name, rows: Number(row.rows) })),
      };
    },

    // ── audit log ──
    insertAudit(entry, now) {
      return writeAuditEntryPg(pool, entry, now);
    },

    async listAudit(query) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (query.businessId) {
        params.push(query.businessId);
        where.push(`target_type = 'business' AND target_id = $${params.length}`);
      }
      if (query.action) {
        params.push(query.action);
        where.push(`action = $${params.length}`);
      }
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = await count(pool, `SELECT count(*) AS n FROM audit_log ${clause}`, params);
      // seq (insertion order, SQLite's rowid) breaks ties between entries written in the same millisecond.
      const { rows } = await pool.query<AuditRow>(
        `SELECT ${AUDIT_COLUMNS} FROM audit_log ${clause} ORDER BY created_at DESC, seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.pageSize, (query.page - 1) * query.pageSize],
      );
      return { total, items: rows.map(toAudit) };
    },
  };
}
