import { COUNTED_TABLES, SORT_COLUMNS } from './tables';
import fs from 'node:fs';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, type ActivityFigures, type AdminRetailer } from '@pricehunt/contracts';
import type { DatabaseHandle } from '../db/client';
import { refreshStoreTrustSqlite } from '../catalog/sqlite/store';
import { AUDIT_COLUMNS, type AuditRow, toAudit, writeAuditEntry } from './audit-log';
import { attributedConversionSql } from './attributed';
import type { AdminBusinessRow, AdminRepository, BusinessState, RetailerSettings } from './repository';
import { activityDays, type AdminPart, likePattern, owningDomain, sameSettings } from './shared';

const BUSINESS_COLUMNS = `id, email, store_name AS storeName, store_domain AS storeDomain, is_admin AS isAdmin, status,
  created_at AS createdAt, updated_at AS updatedAt,
  EXISTS (SELECT 1 FROM verified_domains v WHERE v.business_id = businesses.id AND v.domain = businesses.store_domain) AS domainVerified`;

type BusinessSelection = Omit<AdminBusinessRow, 'isAdmin' | 'domainVerified'> & { isAdmin: number | boolean; domainVerified: number | boolean };

const toBusiness = (row: BusinessSelection): AdminBusinessRow => ({
  ...row,
  isAdmin: Boolean(row.isAdmin),
  domainVerified: Boolean(row.domainVerified),
});

type Sqlite = DatabaseHandle['sqlite'];

/** What every part of the admin repository reads with: the connection, which tables exist, a count. */
interface Context {
  sqlite: Sqlite;
  has: (table: string) => boolean;
  count: (sql: string, ...params: unknown[]) => number;
}

/**
 * The admin port on SQLite (prepared statements). The overview reads across domains; tables that this installation
 * does not have count as empty. The write-ahead log's size is read beside the database file the connection opened.
 */
export function createSqliteAdminRepository({ sqlite }: DatabaseHandle): AdminRepository {
  const tableNames = () => new Set((sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]) ?? []);
  let known = tableNames();
  const has = (table: string) => {
    if (!known.has(table)) known = tableNames();
    return known.has(table);
  };
  const count = (sql: string, ...params: unknown[]) => Number(sqlite.prepare(sql).pluck().get(...params) ?? 0);
  const context: Context = { sqlite, has, count };
  return {
    ...businessesPart(context),
    ...figuresPart(context),
    ...dailyActivityPart(context),
    ...catalogPart(context),
    ...retailersPart(context),
    ...databasePart(context),
  };
}

const findBusiness = (sqlite: Sqlite, id: string): AdminBusinessRow | undefined => {
  const row = sqlite.prepare(`SELECT ${BUSINESS_COLUMNS} FROM businesses WHERE id = ?`).get(id) as BusinessSelection | undefined;
  return row ? toBusiness(row) : undefined;
};

/** Applies the change when the business is still in the `expected` state. */
const updateBusiness = (sqlite: Sqlite, id: string, expected: BusinessState, changes: Partial<BusinessState>, now: string): AdminBusinessRow | undefined => {
  const sets: string[] = ['updated_at = @now'];
  if (changes.status !== undefined) sets.push('status = @status');
  if (changes.isAdmin !== undefined) sets.push('is_admin = @isAdmin');
  const row = sqlite
    .prepare(
      `UPDATE businesses SET ${sets.join(', ')} WHERE id = @id AND status = @expectedStatus AND is_admin = @expectedAdmin RETURNING ${BUSINESS_COLUMNS}`,
    )
    .get({
      id,
      now,
      status: changes.status ?? null,
      isAdmin: changes.isAdmin === undefined ? null : changes.isAdmin ? 1 : 0,
      expectedStatus: expected.status,
      expectedAdmin: expected.isAdmin ? 1 : 0,
    }) as BusinessSelection | undefined;
  return row ? toBusiness(row) : undefined;
};

/** Ends every session in which the business is signed in. */
const deleteSessionsOf = ({ sqlite, has }: Context, businessId: string): number => {
  if (!has('sessions')) return 0;
  const columns = sqlite.prepare("SELECT name FROM pragma_table_info('sessions')").pluck().all() as string[];
  if (!columns.includes('business_id')) return 0;
  return sqlite.prepare('DELETE FROM sessions WHERE business_id = ?').run(businessId).changes;
};

const listRetailersOf = ({ sqlite, has }: Context): AdminRetailer[] => {
  if (!has('retailers')) return [];
  const rows = sqlite
    .prepare(
      // Each run's retailers: those it kept when it finished, or (still running, or older) its one fixed retailer.
      // One pass over the runs for every retailer together.
      `WITH last_imports AS (
         SELECT j.value AS retailerId, max(i.started_at) AS lastImportAt
         FROM import_runs i, json_each(coalesce(i.retailer_ids, json_array(i.retailer_id))) j
         WHERE j.value IS NOT NULL GROUP BY j.value)
       SELECT r.id, r.name, r.domains, r.affiliate_param AS affiliateParam,
         (SELECT count(*) FROM offers o WHERE o.retailer_id = r.id) AS offers,
         l.lastImportAt
       FROM retailers r LEFT JOIN last_imports l ON l.retailerId = r.id ORDER BY r.name COLLATE NOCASE, r.id`,
    )
    .all() as Array<{ id: string; name: string; domains: string; affiliateParam: string | null; offers: number; lastImportAt: string | null }>;
  return rows.map((row) => ({ ...row, domains: JSON.parse(row.domains) as string[] }));
};

const updateRetailer = (sqlite: Sqlite, id: string, changes: Partial<RetailerSettings>): void => {
  const sets: string[] = [];
  const params: Record<string, unknown> = { id };
  if (changes.name !== undefined) {
    sets.push('name = @name');
    params.name = changes.name;
  }
  if (changes.domains !== undefined) {
    sets.push('domains = @domains');
    params.domains = JSON.stringify(changes.domains);
  }
  if (changes.affiliateParam !== undefined) {
    sets.push('affiliate_param = @affiliateParam');
    params.affiliateParam = changes.affiliateParam;
  }
  if (sets.length) sqlite.prepare(`UPDATE retailers SET ${sets.join(', ')} WHERE id = @id`).run(params);
};

/** The time zone and currency of a business's figures: its settings', or the defaults. */
const reportingOf = ({ sqlite, has }: Context, businessId: string) => {
  const row = has('merchant_settings')
    ? (sqlite.prepare('SELECT time_zone AS timeZone, currency FROM merchant_settings WHERE business_id = ?').get(businessId) as { timeZone: string; currency: string } | undefined)
    : undefined;
  return { timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE, currency: row?.currency ?? DEFAULT_CURRENCY };
};

const countProductsOf = ({ has, count }: Context) => (has('products') ? count('SELECT count(*) FROM products') : 0);

/** Businesses found, listed and changed (with the change's audit entry). */
function businessesPart(context: Context): AdminPart<'findBusiness' | 'listBusinesses' | 'changeBusiness'> {
  const { sqlite, has } = context;
  return {
    async findBusiness(id) {
      return findBusiness(sqlite, id);
    },

    async listBusinesses(query) {
      const where: string[] = [];
      const params: Record<string, unknown> = {};
      if (query.q) {
        where.push(`(email LIKE @q ESCAPE '\\' OR store_domain LIKE @q ESCAPE '\\' OR store_name LIKE @q ESCAPE '\\' OR id = @exact)`);
        params.q = likePattern(query.q.toLowerCase());
        params.exact = query.q;
      }
      if (query.status) {
        where.push('status = @status');
        params.status = query.status;
      }
      if (query.admin !== undefined) {
        where.push('is_admin = @admin');
        params.admin = query.admin ? 1 : 0;
      }
      if (query.hasStore !== undefined) where.push(query.hasStore ? "coalesce(store_domain, '') <> ''" : "coalesce(store_domain, '') = ''");
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = Number(sqlite.prepare(`SELECT count(*) FROM businesses ${clause}`).pluck().get(params) ?? 0);
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const rows = sqlite
        .prepare(`SELECT ${BUSINESS_COLUMNS} FROM businesses ${clause} ORDER BY ${SORT_COLUMNS[query.sort]} ${direction} NULLS LAST, id ${direction} LIMIT @limit OFFSET @offset`)
        .all({ ...params, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }) as BusinessSelection[];
      return { total, items: rows.map(toBusiness) };
    },

    async changeBusiness({ id, expected, change, endSessions, refreshStoreTrust, audit, now }) {
      return sqlite.transaction(() => {
        const business = updateBusiness(sqlite, id, expected, change, now);
        if (!business) return null;
        const sessionsEnded = endSessions ? deleteSessionsOf(context, id) : 0;
        if (refreshStoreTrust && has('offers')) refreshStoreTrustSqlite(sqlite, id, now);
        const entry = writeAuditEntry(sqlite, endSessions ? { ...audit, after: { ...audit.after, sessionsEnded } } : audit, now);
        return { business, audit: entry, sessionsEnded };
      })();
    },
  };
}

/** A business's reporting settings and figures, and the businesses counted. */
function figuresPart(context: Context): AdminPart<'businessReporting' | 'businessFigures' | 'businessCounts'> {
  const { sqlite, has, count } = context;
  const businessReporting = async (businessId: string) => reportingOf(context, businessId);
  return {
    businessReporting,

    async businessFigures(businessId, period) {
      const { currency } = await businessReporting(businessId);
      const figures = (start: number, end: number): Omit<ActivityFigures, 'searches'> => ({
        clicks:
          (has('clicks') ? count('SELECT count(*) FROM clicks WHERE business_id = ? AND created_at >= ? AND created_at < ?', businessId, start, end) : 0) +
          (has('events')
            ? count("SELECT count(*) FROM events WHERE business_id = ? AND event_type = 'product_click' AND created_at >= ? AND created_at < ?", businessId, start, end)
            : 0),
        referrals: has('referrals') ? count('SELECT count(*) FROM referrals WHERE business_id = ? AND created_at >= ? AND created_at < ?', businessId, start, end) : 0,
        conversions: has('conversions')
          ? count(`SELECT count(*) FROM conversions c WHERE c.business_id = ? AND c.occurred_at >= ? AND c.occurred_at < ? AND ${attributedConversionSql('c', 'sqlite')}`, businessId, start, end)
          : 0,
        revenueCents: has('conversions')
          ? count(
              `SELECT coalesce(sum(c.value_cents), 0) FROM conversions c WHERE c.business_id = ? AND c.occurred_at >= ? AND c.occurred_at < ? AND c.currency = ? AND ${attributedConversionSql('c', 'sqlite')}`,
              businessId,
              start,
              end,
              currency,
            )
          : 0,
      });
      return {
        currency,
        last30Days: figures(period.start, period.end),
        allTime: figures(0, Number.MAX_SAFE_INTEGER),
        offers: has('offers') ? count('SELECT count(*) FROM offers WHERE business_id = ?', businessId) : 0,
        activeSessions: has('sessions') ? count('SELECT count(*) FROM sessions WHERE business_id = ? AND expires_at > ?', businessId, Date.now()) : 0,
      };
    },

    async businessCounts(since) {
      const row = sqlite
        .prepare(
          `SELECT count(*) AS total, coalesce(sum(status = 'active'), 0) AS active, coalesce(sum(status = 'suspended'), 0) AS suspended,
             coalesce(sum(is_admin), 0) AS admins, coalesce(sum(coalesce(store_domain, '') <> ''), 0) AS withStore,
             coalesce(sum(created_at >= ?), 0) AS newLast30Days
           FROM businesses`,
        )
        .get(since) as Record<string, number>;
      return {
        total: Number(row.total),
        active: Number(row.active),
        suspended: Number(row.suspended),
        admins: Number(row.admins),
        withStore: Number(row.withStore),
        newLast30Days: Number(row.newLast30Days),
      };
    },
  };
}

/** The overview's figures per day. */
function dailyActivityPart({ sqlite, has }: Context): AdminPart<'dailyActivity'> {
  return {
    async dailyActivity(fromMs) {
      const { days, day } = activityDays();
      const msDay = (column: string) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;
      if (has('search_requests')) {
        const rows = sqlite
          .prepare('SELECT substr(created_at, 1, 10) AS date, count(*) AS n FROM search_requests WHERE created_at >= ? GROUP BY date')
          .all(new Date(fromMs).toISOString()) as Array<{ date: string; n: number }>;
        for (const row of rows) day(row.date).searches = row.n;
      }
      for (const [table, key] of [
        ['clicks', 'clicks'],
        ['referrals', 'referrals'],
      ] as const) {
        if (!has(table)) continue;
        const rows = sqlite
          .prepare(`SELECT ${msDay('created_at')} AS date, count(*) AS n FROM ${table} WHERE created_at >= ? GROUP BY date`)
          .all(fromMs) as Array<{ date: string; n: number }>;
        for (const row of rows) day(row.date)[key] = row.n;
      }
      if (has('conversions') && has('referrals') && has('merchant_settings')) {
        const rows = sqlite
          .prepare(
            `SELECT ${msDay('c.occurred_at')} AS date, count(*) AS n, coalesce(sum(CASE WHEN c.currency = 'USD' THEN c.value_cents END), 0) AS revenue
             FROM conversions c WHERE c.occurred_at >= ? AND ${attributedConversionSql('c', 'sqlite')} GROUP BY date`,
          )
          .all(fromMs) as Array<{ date: string; n: number; revenue: number }>;
        for (const row of rows) {
          day(row.date).conversions = row.n;
          day(row.date).revenueCents = row.revenue;
        }
      }
      return days;
    },
  };
}

/** The catalog's size. */
function catalogPart(context: Context): AdminPart<'catalogSize' | 'countProducts'> {
  const { sqlite, has, count } = context;
  const countProducts = () => countProductsOf(context);
  return {
    async catalogSize() {
      const offers = has('offers') ? count('SELECT count(*) FROM offers') : 0;
      const products = countProducts();
      const retailers = has('retailers')
        ? (sqlite
            .prepare(
              `SELECT r.id, r.name, (SELECT count(*) FROM offers o WHERE o.retailer_id = r.id) AS offers
               FROM retailers r ORDER BY offers DESC, r.name, r.id`,
            )
            .all() as Array<{ id: string; name: string; offers: number }>)
        : [];
      return { offers, products, retailers };
    },

    async countProducts() {
      return countProducts();
    },
  };
}

/** Retailers listed, found and changed (no domain another retailer has). */
function retailersPart(context: Context): AdminPart<'listRetailers' | 'findRetailer' | 'retailerOwningDomain' | 'updateRetailer'> {
  const { sqlite } = context;
  const listRetailers = () => listRetailersOf(context);
  const findRetailer = (id: string) => listRetailers().find((retailer) => retailer.id === id);

  const retailerOwningDomain = (domains: string[], exceptId: string) => owningDomain(listRetailers(), domains, exceptId);

  return {
    async listRetailers() {
      return listRetailers();
    },

    async findRetailer(id) {
      return findRetailer(id);
    },

    async retailerOwningDomain(domains, exceptId) {
      return retailerOwningDomain(domains, exceptId);
    },

    async updateRetailer({ id, expected, changes, audit, now }) {
      return sqlite.transaction(() => {
        const before = findRetailer(id);
        if (!before || !sameSettings(before, expected)) return null;
        if (changes.domains && retailerOwningDomain(changes.domains, id)) return null;
        updateRetailer(sqlite, id, changes);
        writeAuditEntry(sqlite, audit, now);
        return findRetailer(id) ?? null;
      })();
    },
  };
}

/** The database's size and the audit log. */
function databasePart({ sqlite, has, count }: Context): AdminPart<'databaseSize' | 'insertAudit' | 'listAudit'> {
  return {
    async databaseSize() {
      const pageCount = Number(sqlite.pragma('page_count', { simple: true }) ?? 0);
      const pageSize = Number(sqlite.pragma('page_size', { simple: true }) ?? 0);
      let walBytes = 0;
      const databasePath = sqlite.name;
      if (databasePath !== ':memory:') {
        try {
          walBytes = fs.statSync(`${databasePath}-wal`).size;
        } catch {
          walBytes = 0;
        }
      }
      const tables = COUNTED_TABLES.filter(has).map((name) => ({ name, rows: count(`SELECT count(*) FROM "${name}"`) }));
      return { bytes: pageCount * pageSize, walBytes, tables };
    },

    // ── audit log ──
    // Written before the call returns, a failure thrown at once: a caller's transaction on this connection holds the entry.
    insertAudit(entry, now) {
      return Promise.resolve(writeAuditEntry(sqlite, entry, now));
    },

    async listAudit(query) {
      const where: string[] = [];
      const params: Record<string, unknown> = {};
      if (query.businessId) {
        where.push("target_type = 'business' AND target_id = @businessId");
        params.businessId = query.businessId;
      }
      if (query.action) {
        where.push('action = @action');
        params.action = query.action;
      }
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = Number(sqlite.prepare(`SELECT count(*) FROM audit_log ${clause}`).pluck().get(params) ?? 0);
      // rowid breaks ties between entries written in the same millisecond.
      const rows = sqlite
        .prepare(`SELECT ${AUDIT_COLUMNS} FROM audit_log ${clause} ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`)
        .all({ ...params, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }) as AuditRow[];
      return { total, items: rows.map(toAudit) };
    },
  };
}
