import type { MerchantProduct, ProductsQuery, ProductsResponse, UpdateProductBody } from '@pricehunt/contracts';
import { notFound } from '@pricehunt/http-errors';
import type { BusinessOffers } from '@pricehunt/catalog-core';

/** The business's own offers in the catalog, each ranked by total price against the other retailers selling the same product. */
export function createMerchantProducts(deps: { catalog: Pick<BusinessOffers, 'businessOffers' | 'updateBusinessOffer'>; now?: () => Date }) {
  const { catalog } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(businessId: string, query: ProductsQuery): Promise<ProductsResponse> {
      const { items, total } = await catalog.businessOffers(businessId, query);
      return { items, page: query.page, pageSize: query.pageSize, total };
    },

    /** Changes price and/or availability of one of the business's offers (404 for anyone else's), keeping price history and product figures. */
    async update(businessId: string, id: number, body: UpdateProductBody): Promise<MerchantProduct> {
      const updated = await catalog.updateBusinessOffer(businessId, id, { priceCents: body.priceCents, availability: body.availability }, now().toISOString());
      if (!updated) throw notFound('Product not found');
      return updated;
    },
  };
}

export type MerchantProducts = ReturnType<typeof createMerchantProducts>;
