import multipart from '@fastify/multipart';
import {
  AdminMessages,
  adminProductDetailResponseSchema,
  adminProductListResponseSchema,
  adminProductOfferParamsSchema,
  adminProductParamsSchema,
  adminProductQuerySchema,
  adminMatchReportListResponseSchema,
  adminMatchReportParamsSchema,
  adminMatchReportQuerySchema,
  adminMatchReportResponseSchema,
  auditListResponseSchema,
  auditQuerySchema,
  businessActionParamsSchema,
  businessActionResponseSchema,
  businessDetailResponseSchema,
  businessListQuerySchema,
  businessListResponseSchema,
  businessParamsSchema,
  detachOfferResponseSchema,
  errorEnvelopeSchema,
  importFormSchema,
  importJobResponseSchema,
  importRunDetailResponseSchema,
  importRunListResponseSchema,
  importRunQuerySchema,
  importRunParamsSchema,
  mergeProductsBodySchema,
  mergeProductsResponseSchema,
  overviewResponseSchema,
  priceReviewApproveResponseSchema,
  priceReviewListResponseSchema,
  suspectProductListResponseSchema,
  priceReviewParamsSchema,
  reclusterStatusResponseSchema,
  reclusterResponseSchema,
  retailerListResponseSchema,
  retailerParamsSchema,
  retailerResponseSchema,
  retailerUpdateBodySchema,
} from '@pricehunt/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '@pricehunt/http-errors';
import { multipartReadError, readMultipartFile } from '../../lib/multipart';
import type { Actor } from './service';

/** Largest feed file an admin can upload. */
export const MAX_FEED_BYTES = 25 * 1024 * 1024;

const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const invalid = { 400: errorEnvelopeSchema, ...denied };
const missing = { ...invalid, 404: errorEnvelopeSchema };
const security = [{ session: [] }];
const tags = ['admin'];

function actorOf(request: FastifyRequest): Actor {
  const business = request.business;
  // The admin scope's preHandler has set it; reaching here without one is a wiring mistake.
  if (!business) throw new HttpError(500, 'INTERNAL_ERROR', 'Admin route reached without a signed-in admin');
  return { id: business.id, email: business.email };
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The overview, businesses and retailers. */
function businessAndRetailerRoutes(app: ZodApp) {
  const service = app.admin;
  app.get('/overview', { schema: { tags, security, response: { 200: overviewResponseSchema, ...denied } } }, async () => service.overview());

  app.get(
    '/businesses',
    { schema: { tags, security, querystring: businessListQuerySchema, response: { 200: businessListResponseSchema, ...invalid } } },
    async (request) => {
      const query = request.query;
      const { total, items } = await service.listBusinesses(query);
      return { success: true as const, total, page: query.page, pageSize: query.pageSize, items };
    },
  );

  app.get(
    '/businesses/:id',
    { schema: { tags, security, params: businessParamsSchema, response: { 200: businessDetailResponseSchema, ...missing } } },
    async (request) => ({ success: true as const, ...(await service.businessDetail(request.params.id)) }),
  );

  app.post(
    '/businesses/:id/:action',
    {
      schema: {
        tags,
        security,
        summary: 'Suspend, reactivate, grant admin or revoke admin',
        params: businessActionParamsSchema,
        response: { 200: businessActionResponseSchema, ...missing, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await service.applyBusinessAction(actorOf(request), request.params.id, request.params.action)) }),
  );

  app.get(
    '/audit',
    { schema: { tags, security, querystring: auditQuerySchema, response: { 200: auditListResponseSchema, ...invalid } } },
    async (request) => {
      const { total, items } = await service.listAudit(request.query);
      return { success: true as const, total, page: request.query.page, pageSize: request.query.pageSize, items };
    },
  );

  app.get('/retailers', { schema: { tags, security, response: { 200: retailerListResponseSchema, ...denied } } }, async () => ({
    success: true as const,
    items: await service.listRetailers(),
  }));

  app.patch(
    '/retailers/:id',
    {
      schema: {
        tags,
        security,
        params: retailerParamsSchema,
        body: retailerUpdateBodySchema,
        response: { 200: retailerResponseSchema, ...missing, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, retailer: await service.updateRetailer(actorOf(request), request.params.id, request.body) }),
  );
}

/** Import runs, and feed files uploaded to import. */
function importRoutes(app: ZodApp) {
  const service = app.admin;
  app.get('/imports', { schema: { tags, security, querystring: importRunQuerySchema, response: { 200: importRunListResponseSchema, ...invalid } } }, async (request) => {
    const { total, items } = await service.listImportRuns(request.query);
    return { success: true as const, total, page: request.query.page, pageSize: request.query.pageSize, items };
  });

  app.get(
    '/imports/:id',
    { schema: { tags, security, params: importRunParamsSchema, response: { 200: importRunDetailResponseSchema, ...missing } } },
    async (request) => ({ success: true as const, ...(await service.getImportRun(request.params.id)) }),
  );

  app.post(
    '/imports',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a Google Merchant Center feed (multipart: retailerId or retailerName, format, then file)',
        consumes: ['multipart/form-data'],
        response: { 202: importJobResponseSchema, ...missing, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'VALIDATION_ERROR', 'Send the feed as multipart/form-data with a field "file"', 'body');
      const file = await readMultipartFile(request);
      if (!file) throw badRequest(AdminMessages.importFileMissing, 'file');
      if (file.fieldname !== 'file') throw badRequest(AdminMessages.importFileMissing, 'file');
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(file.fields)) {
        const entry = Array.isArray(value) ? value[0] : value;
        if (entry && entry.type === 'field' && typeof entry.value === 'string' && entry.value !== '') fields[name] = entry.value;
      }
      const form = importFormSchema.safeParse(fields);
      if (!form.success) {
        const issue = form.error.issues[0];
        throw badRequest(issue?.message ?? 'Invalid form', String(issue?.path[0] ?? 'body'));
      }
      let content: Buffer;
      try {
        content = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `file: The feed is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`, 'file');
        }
        throw multipartReadError(error, 'file');
      }
      const job = await service.startImport(actorOf(request), { fileName: file.filename || 'feed', content, ...form.data });
      return reply.status(202).send({ success: true as const, job });
    },
  );

  app.get(
    '/imports/jobs/:id',
    { schema: { tags, security, params: importRunParamsSchema, response: { 200: importJobResponseSchema, ...missing } } },
    async (request) => ({ success: true as const, job: service.getImportJob(request.params.id) }),
  );
}

/** Products, their offers, held prices and merges. */
function productRoutes(app: ZodApp) {
  const products = app.adminProducts;
  app.get(
    '/products',
    { schema: { tags, security, querystring: adminProductQuerySchema, response: { 200: adminProductListResponseSchema, ...invalid, 503: errorEnvelopeSchema } } },
    async (request) => ({ success: true as const, items: await products.find(request.query.q) }),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A product and its offers; a retired id (merged, re-clustered) answers the product its offers are in now',
        params: adminProductParamsSchema,
        response: { 200: adminProductDetailResponseSchema, ...missing, 503: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await products.detail(request.params.id)) }),
  );

  app.post(
    '/products/:id/offers/:offerId/detach',
    {
      schema: {
        tags,
        security,
        summary: 'Take a wrongly matched offer out of a product, into a product of its own',
        params: adminProductOfferParamsSchema,
        response: { 200: detachOfferResponseSchema, ...missing, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await products.detachOffer(actorOf(request), request.params.id, request.params.offerId)) }),
  );

  app.post(
    '/products/:id/merge',
    {
      schema: {
        tags,
        security,
        summary: 'Move every offer of a product into another one and retire it',
        params: adminProductParamsSchema,
        body: mergeProductsBodySchema,
        response: { 200: mergeProductsResponseSchema, ...missing },
      },
    },
    async (request) => ({ success: true as const, ...(await products.merge(actorOf(request), request.params.id, request.body.into)) }),
  );

  app.get(
    '/suspect-products',
    { schema: { tags, security, summary: 'Products whose offers cannot all be one product: new offers more than 2x apart in price, or a retailer twice', response: { 200: suspectProductListResponseSchema, ...denied } } },
    async () => ({ success: true as const, ...(await products.suspects()) }),
  );

  app.get(
    '/price-reviews',
    { schema: { tags, security, summary: 'Offers held back for a price far below the other offers of their product', response: { 200: priceReviewListResponseSchema, ...denied } } },
    async () => ({ success: true as const, ...(await products.priceReviews()) }),
  );

  app.post(
    '/price-reviews/:offerId/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Show an offer held for its price: the price is real',
        params: priceReviewParamsSchema,
        response: { 200: priceReviewApproveResponseSchema, ...missing, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await products.approvePrice(actorOf(request), request.params.offerId)) }),
  );
}

/** Shoppers' match reports, and re-clustering the catalog. */
function reviewRoutes(app: ZodApp) {
  const service = app.admin;
  const reports = app.matchReports;
  app.get(
    '/match-reports',
    { schema: { tags, security, querystring: adminMatchReportQuerySchema, response: { 200: adminMatchReportListResponseSchema, ...invalid } } },
    async (request) => ({ success: true as const, ...(await reports.list(request.query.status)) }),
  );

  app.post(
    '/match-reports/:id/resolve',
    { schema: { tags, security, params: adminMatchReportParamsSchema, response: { 200: adminMatchReportResponseSchema, ...missing } } },
    async (request) => {
      const actor = actorOf(request);
      const { report, changed } = await reports.resolve(request.params.id, actor.email);
      if (changed) {
        await service.reportResolved(actor, report);
      }
      return { success: true as const, report };
    },
  );

  app.get('/catalog/recluster', { schema: { tags, security, response: { 200: reclusterStatusResponseSchema, ...denied } } }, async () => ({
    success: true as const,
    ...(await service.reclusterStatus()),
  }));

  // Answered once the re-clustering has begun; its offers are placed in the background (GET above follows it).
  app.post('/catalog/recluster', { schema: { tags, security, response: { 202: reclusterResponseSchema, ...denied } } }, async (request, reply) =>
    reply.code(202).send({ success: true as const, ...(await service.startRecluster(actorOf(request))) }),
  );
}

/**
 * /api/admin/*: the admin console's API. Registered inside `adminScope`, so every route answers 401 to the
 * signed-out and 403 to a business without admin access before its handler runs.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_FEED_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
  businessAndRetailerRoutes(app);
  importRoutes(app);
  productRoutes(app);
  reviewRoutes(app);
};
