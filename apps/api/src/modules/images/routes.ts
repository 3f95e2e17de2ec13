import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_IMAGE_WIDTH, imageParamsSchema, imageQuerySchema, imageVersion, type ImageQuery } from '@pricehunt/contracts';
import { notFound } from '@pricehunt/http-errors';
import { productOrSuccessor } from '../catalog/retired-products';
import { IMAGE_CONTENT_TYPES, type ImageFormat } from './service';

/** A year: a URL's version changes with its source, so what it names never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A URL without the source's current version (an old one, or none) may name another picture tomorrow. */
const SHORT = 'public, max-age=300';

/** WebP unless the client's Accept names image types without it (then JPEG). */
function formatFor(accept: string | undefined): ImageFormat {
  if (!accept) return 'webp';
  const types = accept.toLowerCase();
  if (types.includes('image/webp') || types.includes('*/*') || types.includes('image/*')) return 'webp';
  return types.includes('image/jpeg') ? 'jpeg' : 'webp';
}

const imageResponseDescription =
  'The picture, resized to `w` (one of the allowed widths) in WebP, or JPEG for a client whose Accept names no WebP. The URL the catalog gives carries `v`, a version of its source: such URLs may be cached forever.';

/**
 * The image route: catalog pictures only (a product's or an offer's, by id; never a URL a caller names), so shoppers'
 * browsers never fetch from a retailer's host.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = app.storage.catalog;

  async function answer(request: FastifyRequest, reply: FastifyReply, source: string, query: ImageQuery) {
    const width = query.w ?? DEFAULT_IMAGE_WIDTH;
    const format = formatFor(request.headers.accept);
    const etag = app.images.etag(source, width, format);
    const cached = () => reply.header('vary', 'Accept').header('cache-control', query.v === imageVersion(source) ? IMMUTABLE : SHORT).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return cached().status(304).send();
    // Headers only once the picture is there: a failure is never cached.
    const image = await app.images.render(source, width, format);
    return cached().type(IMAGE_CONTENT_TYPES[image.format]).header('content-length', image.body.length).send(image.body);
  }

  const schema = (what: string) => ({
    tags: ['catalog'],
    description: `The picture of ${what}. ${imageResponseDescription}`,
    params: imageParamsSchema,
    querystring: imageQuerySchema,
  });

  app.get('/products/:id', { schema: schema('a product (the one its product summary shows)') }, async (request, reply) => {
    // A retired id (merged, re-clustered; a favorite saved before keeps its picture's URL) shows its successor's.
    const product = await productOrSuccessor(repository, request.params.id);
    // A product none of whose offers shoppers may see (all held) is not shown.
    if (!product || product.offerCount === 0) throw notFound('No product with this id');
    if (!product.imageUrl) throw notFound('The product has no picture');
    return answer(request, reply, product.imageUrl, request.query);
  });

  app.get('/offers/:id', { schema: schema('an offer') }, async (request, reply) => {
    const offer = await repository.getOfferWithRetailer(request.params.id);
    if (!offer || offer.held !== null) throw notFound('No offer with this id');
    if (!offer.imageUrl) throw notFound('The offer has no picture');
    return answer(request, reply, offer.imageUrl, request.query);
  });
};
