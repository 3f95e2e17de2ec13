import { FeedFormatError, readGmcTsv, readGmcXml } from '@pricehunt/catalog-feeds';
import {
  feedImportResponseSchema,
  merchantProductSchema,
  productIdParamsSchema,
  productsQuerySchema,
  productsResponseSchema,
  updateProductBodySchema,
} from '@pricehunt/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '@pricehunt/http-errors';
import { errorResponses } from '../../lib/error-responses';
import { named } from '../../lib/plugin-name';
import { businessIdOf, tags } from './routes';

const errors = errorResponses(400, 401, 403, 404, 413);
const FEED_LIMIT = 20 * 1024 * 1024;

/** The business's own offers: list with price rank, edit price and availability, Google Merchant Center feed upload. */
export const merchantProductRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/products', { schema: { tags, querystring: productsQuerySchema, response: { 200: productsResponseSchema, ...errors } } }, async (request) =>
    app.merchantProducts.list(businessIdOf(request), request.query),
  );

  app.patch(
    '/products/:id',
    { schema: { tags, params: productIdParamsSchema, body: updateProductBodySchema, response: { 200: merchantProductSchema, ...errors } } },
    async (request) => app.merchantProducts.update(businessIdOf(request), request.params.id, request.body),
  );

  // The feed is sent as the raw request body: TSV (text/tab-separated-values, text/plain, text/csv) or XML.
  await app.register(named(async (scope) => {
    const feed = scope.withTypeProvider<ZodTypeProvider>();
    feed.addContentTypeParser(
      ['text/tab-separated-values', 'text/plain', 'text/csv', 'application/xml', 'text/xml', 'application/rss+xml', 'application/octet-stream'],
      { parseAs: 'string', bodyLimit: FEED_LIMIT },
      (_request, body, done) => done(null, body),
    );
    feed.post(
      '/products/feed',
      {
        bodyLimit: FEED_LIMIT,
        schema: {
          tags,
          querystring: z.object({ format: z.enum(['tsv', 'xml'], { error: 'format is tsv or xml' }).optional() }),
          response: { 200: feedImportResponseSchema, ...errors },
        },
      },
      async (request) => {
        const id = businessIdOf(request);
        const text = typeof request.body === 'string' ? request.body : '';
        if (!text.trim()) throw badRequest('The feed file is empty', 'file');
        const format = request.query.format ?? (text.trimStart().startsWith('<') ? 'xml' : 'tsv');
        const settings = await app.merchant.settingsRow(id);
        const retailer = await app.merchantRetailer(id);
        if (!retailer) throw badRequest('Set your store domain on the Integrate page before uploading a feed', 'storeDomain');
        await app.storage.catalog.renameRetailer(retailer.id, retailer.name);
        const options = { retailer: retailer.name, defaultCurrency: settings.currency };
        try {
          const summary = await app.catalog.ingestion.importRows(format === 'xml' ? readGmcXml(text, options) : readGmcTsv(text, options), {
            format: 'gmc',
            source: 'dashboard upload',
            retailer,
            // All of it or nothing: an upload cut short leaves the store's offers as they were.
            atomic: true,
            businessId: id,
            linkDomain: retailer.id,
          });
          return {
            runId: summary.runId,
            status: summary.status,
            rows: summary.rows,
            inserted: summary.inserted,
            updated: summary.updated,
            unchanged: summary.unchanged,
            skipped: summary.skipped,
            errors: summary.errors.slice(0, 200),
            errorCount: summary.errorCount,
            warnings: summary.warnings.slice(0, 200),
            warningCount: summary.warningCount,
            ...(summary.failure ? { failure: summary.failure } : {}),
          };
        } catch (error) {
          if (error instanceof FeedFormatError) throw badRequest(error.message, 'file');
          throw error;
        }
      },
    );
  }, 'merchantFeedUpload'));
};
