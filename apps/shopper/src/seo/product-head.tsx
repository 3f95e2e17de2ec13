import { imageAtWidth, isImageRoute, type OfferView, type ProductDetailResponse } from '@pricehunt/contracts';
import { paths } from '../config/paths';
import { scriptJson } from './json-ld';

const SITE_NAME = 'PriceHunt';

/**
 * The absolute URL of a product's picture as link previews and search engines fetch it: the image route at its
 * largest width, on the site's origin (which passes /api on to the API); null without a picture.
 */
export function shareImageUrl(imageUrl: string | null | undefined, origin: string): string | null {
  return isImageRoute(imageUrl) ? `${origin}${imageAtWidth(imageUrl, 960)}` : null;
}

/** Dollars and cents as schema.org writes prices: "329.99". */
const amount = (cents: number) => (cents / 100).toFixed(2);

const AVAILABILITY: Record<OfferView['availability'], string> = {
  in_stock: 'https://schema.org/InStock',
  out_of_stock: 'https://schema.org/OutOfStock',
  preorder: 'https://schema.org/PreOrder',
  backorder: 'https://schema.org/BackOrder',
  unknown: 'https://schema.org/LimitedAvailability',
};

const CONDITION: Record<OfferView['condition'], string> = {
  new: 'https://schema.org/NewCondition',
  refurbished: 'https://schema.org/RefurbishedCondition',
  used: 'https://schema.org/UsedCondition',
};

/**
 * schema.org `Product` with an `AggregateOffer` (lowest and highest total, how many offers, currency) holding one `Offer`
 * per retailer (its first listing in the API's order: new ones of the product alone in stock first), as search engines
 * read a price comparison. The lowest total is the product's best price, exactly the one its cards show; the highest
 * is that of the retailers' new offers in stock.
 */
export function productJsonLd(detail: ProductDetailResponse, url: string, origin: string): Record<string, unknown> {
  const { product, offers } = detail;
  const image = shareImageUrl(product.imageUrl, origin);
  const perRetailer = new Map<string, OfferView>();
  for (const offer of offers) if (!perRetailer.has(offer.retailer.id)) perRetailer.set(offer.retailer.id, offer);
  const listed = [...perRetailer.values()];
  const totals = listed.filter((offer) => offer.section === 'new').map((offer) => offer.totalCents);
  const low = product.bestPriceCents;
  const currency = product.currency ?? listed[0]?.currency ?? 'USD';
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    url,
    ...(image ? { image } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.model ? { model: product.model, mpn: product.model } : {}),
    ...(product.gtin ? { gtin: product.gtin } : {}),
    ...(product.category ? { category: product.category } : {}),
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: currency,
      lowPrice: low !== null ? amount(low) : undefined,
      highPrice: low !== null ? amount(Math.max(low, ...totals)) : undefined,
      offerCount: listed.length,
      offers: listed.map((offer) => ({
        '@type': 'Offer',
        url: offer.url,
        price: amount(offer.totalCents),
        priceCurrency: offer.currency,
        availability: AVAILABILITY[offer.availability],
        itemCondition: CONDITION[offer.condition],
        seller: { '@type': 'Organization', name: offer.retailer.name },
        ...(offer.shippingCents !== null
          ? { shippingDetails: { '@type': 'OfferShippingDetails', shippingRate: { '@type': 'MonetaryAmount', value: amount(offer.shippingCents), currency: offer.currency } } }
          : {}),
      })),
    },
  };
}


/** The one-line description: the best price (the offer the API marks), where, how many retailers. */
export function productDescription(detail: ProductDetailResponse): string {
  const best = detail.offers.find((offer) => offer.isBestPrice);
  const retailers = new Set(detail.offers.map((offer) => offer.retailer.id)).size;
  const money = best ? new Intl.NumberFormat('en-US', { style: 'currency', currency: best.currency }).format(best.totalCents / 100) : null;
  const where = best ? ` Best price ${money}${best.shippingCents === null ? ' + shipping' : ''} at ${best.retailer.name}.` : '';
  return `Compare ${detail.product.title} prices at ${retailers} retailer${retailers === 1 ? '' : 's'}.${where} Price history and price alerts on PriceHunt.`;
}

/**
 * What a product page's `<head>` holds for search engines and link previews: title, description, canonical URL, Open
 * Graph and Twitter card tags, and the JSON-LD. `origin` is the site's public origin (`https://pricehunt.example`).
 */
export function ProductHead({ detail, origin }: { detail: ProductDetailResponse; origin: string }) {
  const { product } = detail;
  const url = `${origin}${paths.product(product.id, product.title)}`;
  const description = productDescription(detail);
  const title = `${product.title}: compare prices · ${SITE_NAME}`;
  const image = shareImageUrl(product.imageUrl, origin);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="product" />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={product.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image ? <meta property="og:image" content={image} /> : null}
      {image ? <meta property="og:image:alt" content={product.title} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={product.title} />
      <meta name="twitter:description" content={description} />
      {image ? <meta name="twitter:image" content={image} /> : null}
      {image ? <meta name="twitter:image:alt" content={product.title} /> : null}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(productJsonLd(detail, url, origin)) }} />
    </>
  );
}
