import { AdminMessages, ErrorCode, MatchReportMessages, type AdminMatchReport, type MatchReportBody, type SearchResult } from '@pricehunt/contracts';
import { badRequest, HttpError } from '@pricehunt/http-errors';
import { type MatchReportRecord, type MatchReportRepository, timeOrderedId } from '@pricehunt/storage';
import type { ProductReads } from '@pricehunt/catalog-core';

/** Reports the admin console lists at once (newest first). */
const LIST_LIMIT = 100;

const missing = (message: string, field: string) => new HttpError(404, ErrorCode.notFound, message, field, [{ field, message }]);

/** Products a stored search answer showed: the one it named, and those it listed or offered as similar. */
const productsOf = (result: SearchResult) => [result.product?.id, ...result.matches.map((p) => p.id), ...result.similarProducts.map((p) => p.id)];

/**
 * Shoppers' reports that a comparison shows the wrong product. A report names a stored search answer and a product
 * that answer showed, so only real answers can be reported; admins list the open ones and resolve them.
 */
export function createMatchReports(deps: {
  repo: MatchReportRepository;
  searches: { get(requestId: string): Promise<SearchResult | null> };
  catalog: Pick<ProductReads, 'getProduct'>;
  now?: () => Date;
}) {
  const { repo, searches, catalog } = deps;
  const now = deps.now ?? (() => new Date());

  const view = async (row: MatchReportRecord): Promise<AdminMatchReport> => {
    const [answer, product] = await Promise.all([searches.get(row.requestId), catalog.getProduct(row.productId)]);
    const input = answer?.input;
    return { ...row, searched: input?.url ?? input?.query ?? '', productTitle: product?.title ?? null };
  };

  const get = async (id: string): Promise<AdminMatchReport> => {
    const row = await repo.get(id);
    if (!row) throw missing(AdminMessages.reportNotFound, 'id');
    return view(row);
  };

  return {
    async report(body: MatchReportBody): Promise<string> {
      const answer = await searches.get(body.requestId);
      if (!answer) throw missing(MatchReportMessages.unknownRequest, 'requestId');
      if (!productsOf(answer).includes(body.productId)) throw badRequest(MatchReportMessages.productNotInAnswer, 'productId');
      const id = timeOrderedId();
      await repo.add({ id, createdAt: now().toISOString(), requestId: body.requestId, productId: body.productId, reason: body.reason, note: body.note || null });
      return id;
    },

    async list(status: AdminMatchReport['status']) {
      const { items, open } = await repo.list(status, LIST_LIMIT);
      return { items: await Promise.all(items.map(view)), open };
    },

    get,

    /** Marks the report resolved (again: no change). Answers it and whether this call resolved it. */
    async resolve(id: string, by: string): Promise<{ report: AdminMatchReport; changed: boolean }> {
      await get(id);
      const changed = await repo.resolve(id, by, now().toISOString());
      return { report: await get(id), changed };
    },
  };
}
export type MatchReports = ReturnType<typeof createMatchReports>;
