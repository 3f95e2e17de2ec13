import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DAY_MS,
  DEAL_MIN_DROP_BASIS_POINTS,
  dealsCursor,
  dealsQuerySchema,
  dealsResponseSchema,
  PRICE_HISTORY_DAYS,
  PRICE_HISTORY_LIMIT,
  browseQuerySchema,
  PRODUCT_ATTRIBUTE_NAMES,
  PRODUCT_ATTRIBUTES,
  browseResponseSchema,
  categoriesResponseSchema,
  errorEnvelopeSchema,
  productDetailResponseSchema,
  SITEMAP_PAGE_SIZE,
  sitemapPageQuerySchema,
  sitemapProductsResponseSchema,
  sitemapResponseSchema,
  productParamsSchema,
  suggestQuerySchema,
  suggestResponseSchema,
  SUGGEST_MAX_LIMIT,
} from '@pricehunt/contracts';
import { notFound } from '@pricehunt/http-errors';
import {
  browsedInLines,
  compoundWordSpellings,
  createHeldCodeLookup,
  generationSpelling,
  keptCategories,
  kindOnlyAsPurpose,
  type KindCategoryReads,
  lineVariants,
  productsOfTypedKind,
  readBrowsedLines,
  searchedWords,
} from '@pricehunt/catalog-search';
import { dealView, lowestPriceOffers, listedOfferViews, priceRangeSummaries, productSpecsView, productSummary } from '@pricehunt/catalog-core';
import { productOrSuccessor } from './retired-products';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The products the search box suggests for typed words, without those whose listings hold the kind typed only as what
 * they come with or are for. Words that suggest nothing: a kind its category's name says ("apple phone": the iPhones,
 * `kind-category.ts`), a name the catalog writes otherwise ("ps5"), a generation written the other way ("r6 mark 2"),
 * else misspelt words, as the catalog writes them, else a
 * compound typed in parts or by its last part ("x box": Xbox, "sony phones": Headphones, `compound-words.ts`), else a
 * line's series code that its models' numbers hold ("qn90d": QN65QN90D, `held-code.ts`). Words with a price, a
 * condition or a wish to pay little ("cheap tv", "used mac", "headphones under 1…") suggest what their search looks for.
 */
function createSuggestFor(app: ZodApp): (text: string, limit: number) => Promise<number[]> {
  const { suggester, spelling } = app.catalog;
  const { typedAliases } = app;
  const heldCodes = createHeldCodeLookup({ codesHolding: (piece) => spelling.codesHolding(piece), index: app.storage.searchIndex, catalog: app.storage.catalog, limit: SUGGEST_MAX_LIMIT });
  const kinds: KindCategoryReads = { listCategories: keptCategories(() => app.storage.catalog.listCategories()), index: app.storage.searchIndex, catalog: app.storage.catalog };
  // A product whose listings hold the kind typed only as what they come with or are for ("… with Mic for Phone Calls"
  // for "apple phone") is no suggestion.
  const suggestOwn = async (text: string, limit: number): Promise<number[]> => {
    const ids = await suggester.suggest(text, limit);
    const other = await kindOnlyAsPurpose(app.storage.catalog, text, ids);
    return ids.filter((id) => !other.has(id));
  };
  const suggestSpelled = async (text: string, limit: number): Promise<number[]> => {
    const ids = await suggestOwn(text, limit);
    if (ids.length > 0) return ids;
    // A kind its category's name says ("apple phone": the iPhones of "Smartphones").
    const ofKind = await productsOfTypedKind(kinds, text, (kind) => suggestOwn(kind, limit));
    if (ofKind.length > 0) return ofKind.slice(0, limit);
    const rewrites = [(words: string) => typedAliases.rewrite(words), async (words: string) => generationSpelling(words), (words: string) => spelling.correct(words)];
    for (const rewrite of rewrites) {
      const rewritten = await rewrite(text);
      const found = rewritten ? await suggester.suggest(rewritten, limit) : [];
      if (found.length > 0) return found;
    }
    for (const spelled of await compoundWordSpellings(text, { spelling, offerCounts: (words) => app.storage.searchIndex.offerCounts(words) })) {
      const found = await suggester.suggest(spelled, limit);
      if (found.length > 0) return found;
    }
    return (await heldCodes.productsHolding(text)).slice(0, limit);
  };
  return async (text, limit) => {
    const ids = await suggestSpelled(text, limit);
    const searched = searchedWords(text);
    return ids.length > 0 || searched === text ? ids : suggestSpelled(searched, limit);
  };
}

/** Search-box suggestions and deals. */
function suggestionRoutes(app: ZodApp) {
  const repository = app.storage.catalog;
  const suggestFor = createSuggestFor(app);

  app.get(
    '/suggest',
    {
      schema: {
        tags: ['catalog'],
        description: 'Products whose words begin like the typed words (the last one may be unfinished), best first.',
        querystring: suggestQuerySchema,
        response: { 200: suggestResponseSchema },
      },
    },
    async (request) => {
      const ids = await suggestFor(request.query.q, request.query.limit);
      const products = await repository.getProducts(ids);
      return {
        success: true as const,
        suggestions: ids
          .map((id) => products.get(id))
          .filter((product) => product !== undefined)
          .map((product) => productSummary(product)),
      };
    },
  );

  app.get(
    '/products/:id',
    { schema: { tags: ['catalog'], params: productParamsSchema, response: { 200: productDetailResponseSchema } } },
    async (request) => {
      // A retired id (merged, re-clustered) answers the product its offers went to; during a re-clustering, once one of
      // them is placed again.
      const product = await productOrSuccessor(repository, request.params.id);
      // A product none of whose offers shoppers may see (all held) is not shown.
      if (!product || product.offerCount === 0) throw notFound('No product with this id');
      const now = app.clock.now();
      const offers = await repository.offersOfProduct(product.id);
      const priceHistory = await repository.priceHistoryOfProduct(product.id, { since: new Date(now - PRICE_HISTORY_DAYS * DAY_MS).toISOString(), limit: PRICE_HISTORY_LIMIT });
      const lowest = lowestPriceOffers(offers, priceHistory, { now, currency: product.currency });
      return {
        success: true as const,
        product: productSummary(product),
        offers: listedOfferViews(offers, now, lowest, (to) => app.linkSigner.sign(to)),
        priceHistory,
        priceSummaries: priceRangeSummaries(priceHistory, { now, currency: product.currency }),
        specs: productSpecsView(product, offers),
        variants: await lineVariants({ index: app.storage.searchIndex, catalog: repository }, product),
      };
    },
  );
}

/** A product's page: its offers, specs and price history. */
function productRoutes(app: ZodApp) {
  const repository = app.storage.catalog;
  
  app.get(
    '/deals',
    {
      schema: {
        tags: ['catalog'],
        description:
          'Products whose best price now, in stock, is the furthest under their typical price (the median of their best price of each day over the last 90 days), biggest drop first; products with 30 days of history or more.',
        querystring: dealsQuerySchema,
        response: { 200: dealsResponseSchema },
      },
    },
    async (request) => {
      const { category, limit, cursor } = request.query;
      const { items, categories } = await repository.deals({
        categorySlug: category,
        // One more than the page: whether the list goes on.
        limit: limit + 1,
        after: cursor,
        minDropBasisPoints: DEAL_MIN_DROP_BASIS_POINTS,
      });
      const page = items.slice(0, limit);
      const last = page[page.length - 1];
      return {
        success: true as const,
        category: category ?? null,
        categories,
        items: page.map(dealView),
        nextCursor: items.length > limit && last ? dealsCursor({ dropBasisPoints: last.dropBasisPoints, productId: last.id }) : null,
      };
    },
  );
}

/** The sitemap, the categories and browsing them. */
function browseRoutes(app: ZodApp) {
  const repository = app.storage.catalog;
  
  app.get('/sitemap', { schema: { tags: ['catalog'], response: { 200: sitemapResponseSchema } } }, async () => {
    const listed = await repository.listedProductsSummary();
    return {
      success: true as const,
      products: { count: listed.count, pageSize: SITEMAP_PAGE_SIZE, pages: Math.ceil(listed.count / SITEMAP_PAGE_SIZE), updatedAt: listed.updatedAt },
      categories: (await repository.listCategories()).filter((category) => category.productCount > 0),
    };
  });

  app.get(
    '/sitemap/products',
    { schema: { tags: ['catalog'], querystring: sitemapPageQuerySchema, response: { 200: sitemapProductsResponseSchema, 404: errorEnvelopeSchema } } },
    async (request) => {
      const { page } = request.query;
      const items = await repository.listedProducts((page - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
      if (!items.length && page > 1) throw notFound(`No sitemap page ${page}`);
      return { success: true as const, page, items };
    },
  );

  app.get('/categories', { schema: { tags: ['catalog'], response: { 200: categoriesResponseSchema } } }, async () => ({
    success: true as const,
    categories: await repository.listCategories(),
  }));

  app.get(
    '/browse',
    { schema: { tags: ['catalog'], querystring: browseQuerySchema, response: { 200: browseResponseSchema } } },
    async (request) => {
      const { category, sort, page, pageSize, brand, minPrice, maxPrice, condition, store, inStock, freeShipping } = request.query;
      const chosen = Object.fromEntries(PRODUCT_ATTRIBUTES.flatMap((key) => (request.query[key] !== undefined ? [[key, request.query[key]]] : [])));
      const found = category ? await repository.getCategory(category) : null;
      if (category && !found) throw notFound(`No category ${category}`);
      const cents = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 100));
      const browsed = {
        categorySlug: category,
        brand,
        minPriceCents: cents(minPrice),
        maxPriceCents: cents(maxPrice),
        condition,
        retailerId: store,
        inStock,
        freeShipping,
        attributes: chosen,
        sort,
        page,
        pageSize,
      };
      // A line's versions are one entry of the page.
      await readBrowsedLines(repository, browsed);
      const { total, productCount, items, brands, stores, attributes } = await repository.browse(browsed);
      const spelled = brand ? (brands.find((entry) => entry.name.toLowerCase() === brand.toLowerCase())?.name ?? brand) : null;
      return {
        success: true as const,
        category: found,
        sort,
        brand: spelled,
        minPrice: minPrice ?? null,
        maxPrice: maxPrice ?? null,
        condition: condition ?? null,
        store: store ?? null,
        inStock: inStock ?? false,
        freeShipping: freeShipping ?? false,
        brands,
        stores,
        attributes: attributes.map((attribute) => ({ ...attribute, name: PRODUCT_ATTRIBUTE_NAMES[attribute.key], selected: chosen[attribute.key] ?? null })),
        page,
        pageSize,
        total,
        productCount,
        items: browsedInLines(items.map(productSummary)),
      };
    },
  );
}

/** Catalog reading: product pages with price history, categories, browsing, deals, search-box suggestions. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Suggestions for the words; when none begins like them, for the words with misspellings corrected ("appel wa"). */
  suggestionRoutes(app);
  productRoutes(app);
  browseRoutes(app);
};
