import { AdminMessages, ErrorCode, MatchReportMessages, type AdminMatchReport, type MatchReportBody, type SearchResult } from '@pricehunt/contracts';
import type Database from 'better-sqlite3';
import { badRequest, HttpError } from '../../lib/errors';
import { timeOrderedId } from '../../lib/ids';
import type { CatalogRepository } from '../catalog/repository';

/** Reports the admin console lists at once (newest first). */
const LIST_LIMIT = 100;

interface ReportRow {
  id: string;
  createdAt: string;
  requestId: string;
  productId: number;
  reason: AdminMatchReport['reason'];
  note: string | null;
  status: AdminMatchReport['status'];
  resolvedAt: string | null;
}

const COLUMNS = `id, created_at AS createdAt, request_id AS requestId, product_id AS productId, reason, note, status, resolved_at AS resolvedAt`;

const missing = (message: string, field: string) => new HttpError(404, ErrorCode.notFound, message, field, [{ field, message }]);

/** Products a stored search answer showed: the one it named, and those it listed or offered as similar. */
const productsOf = (result: SearchResult) => [result.product?.id, ...result.matches.map((p) => p.id), ...result.similarProducts.map((p) => p.id)];

/**
 * Shoppers' reports that a comparison shows the wrong product. A report names a stored search answer and a product
 * that answer showed, so only real answers can be reported; admins list the open ones and resolve them.
 */
export function createMatchReports(deps: { sqlite: Database.Database; searches: { get(requestId: string): SearchResult | null }; catalog: CatalogRepository; now?: () => Date }) {
  const { sqlite, searches, catalog } = deps;
  const now = deps.now ?? (() => new Date());
  const insert = sqlite.prepare(`INSERT INTO match_reports (id, created_at, request_id, product_id, reason, note, status)
    VALUES (@id, @createdAt, @requestId, @productId, @reason, @note, 'open')`);
  const list = sqlite.prepare(`SELECT ${COLUMNS} FROM match_reports WHERE status = ? ORDER BY created_at DESC, id DESC LIMIT ${LIST_LIMIT}`);
  const one = sqlite.prepare(`SELECT ${COLUMNS} FROM match_reports WHERE id = ?`);
  const openCount = sqlite.prepare(`SELECT count(*) FROM match_reports WHERE status = 'open'`).pluck();
  const resolve = sqlite.prepare(`UPDATE match_reports SET status = 'resolved', resolved_at = ?, resolved_by = ? WHERE id = ? AND status = 'open'`);

  const view = (row: ReportRow): AdminMatchReport => {
    const input = searches.get(row.requestId)?.input;
    return {
      ...row,
      searched: input?.url ?? input?.query ?? '',
      productTitle: catalog.getProduct(row.productId)?.title ?? null,
    };
  };

  const get = (id: string): AdminMatchReport => {
    const row = one.get(id) as ReportRow | undefined;
    if (!row) throw missing(AdminMessages.reportNotFound, 'id');
    return view(row);
  };

  return {
    report(body: MatchReportBody): string {
      const answer = searches.get(body.requestId);
      if (!answer) throw missing(MatchReportMessages.unknownRequest, 'requestId');
      if (!productsOf(answer).includes(body.productId)) throw badRequest(MatchReportMessages.productNotInAnswer, 'productId');
      const id = timeOrderedId();
      insert.run({ id, createdAt: now().toISOString(), requestId: body.requestId, productId: body.productId, reason: body.reason, note: body.note || null });
      return id;
    },

    list(status: AdminMatchReport['status']) {
      return { items: (list.all(status) as ReportRow[]).map(view), open: openCount.get() as number };
    },

    get,

    /** Marks the report resolved (again: no change). Answers it and whether this call resolved it. */
    resolve(id: string, by: string): { report: AdminMatchReport; changed: boolean } {
      get(id);
      const changed = resolve.run(now().toISOString(), by, id).changes > 0;
      return { report: get(id), changed };
    },
  };
}
export type MatchReports = ReturnType<typeof createMatchReports>;
