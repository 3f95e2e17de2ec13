import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchBodySchema, searchRequestParamsSchema, searchResultSchema } from '@pricehunt/contracts';
import { notFound } from '@pricehunt/http-errors';

/** POST /api/search answers a pasted URL or a query; GET /api/search/:requestId answers the stored result again. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = app.searchService;

  app.post(
    '/search',
    { schema: { tags: ['search'], body: searchBodySchema, response: { 200: searchResultSchema } } },
    async (request) => search.search(request.body),
  );

  app.get(
    '/search/:requestId',
    { schema: { tags: ['search'], params: searchRequestParamsSchema, response: { 200: searchResultSchema } } },
    async (request) => {
      const result = await search.get(request.params.requestId);
      if (!result) throw notFound('No search with this request id');
      return result;
    },
  );
};
