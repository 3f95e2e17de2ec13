import { errorEnvelopeSchema, matchReportBodySchema, matchReportResponseSchema } from '@pricehunt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Reports a shopper may send in an hour from one address. */
const REPORTS_PER_HOUR = 30;

/** POST /api/match-reports: a shopper says a comparison shows the wrong product. Anonymous, limited per address. */
export const matchReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.matchReports;
  const perIp = app.limiter({ name: 'match-reports-ip', max: REPORTS_PER_HOUR, timeWindowMs: 3_600_000, key: (request) => request.ip });
  app.post(
    '/match-reports',
    {
      onRequest: perIp,
      schema: {
        tags: ['search'],
        summary: 'Report that a search answer shows the wrong product',
        body: matchReportBodySchema,
        response: { 201: matchReportResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true as const, reportId: await reports.report(request.body) }),
  );
};
