import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  browseQuerySchema,
  browseResponseSchema,
  categoriesResponseSchema,
  productDetailResponseSchema,
  productParamsSchema,
} from '@pricehunt/contracts';
import { notFound } from '../../lib/errors';
import { offerView, productSummary } from './views';

/** Catalog reading: product pages with price history, categories, browsing. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repository } = app.catalog;

  app.get(
    '/products/:id',
    { schema: { tags: ['catalog'], params: productParamsSchema, response: { 200: productDetailResponseSchema } } },
    async (request) => {
      const product = repository.getProduct(request.params.id);
      if (!product) throw notFound('No product with this id');
      const timestamp = Date.now();
      return {
        success: true as const,
        product: productSummary(product),
        offers: repository.offersOfProduct(product.id).map((offer) => offerView(offer, timestamp)),
        priceHistory: repository.priceHistoryOfProduct(product.id),
      };
    },
  );

  app.get('/categories', { schema: { tags: ['catalog'], response: { 200: categoriesResponseSchema } } }, async () => ({
    success: true as const,
    categories: repository.listCategories(),
  }));

  app.get(
    '/browse',
    { schema: { tags: ['catalog'], querystring: browseQuerySchema, response: { 200: browseResponseSchema } } },
    async (request) => {
      const { category, sort, page, pageSize } = request.query;
      const found = category ? repository.getCategory(category) : null;
      if (category && !found) throw notFound(`No category ${category}`);
      const { total, items } = repository.browse({ categorySlug: category, sort, page, pageSize });
      return { success: true as const, category: found, sort, page, pageSize, total, items: items.map(productSummary) };
    },
  );
};
