/** The meta-tag reader: Open Graph, product:* and twitter:* tags (a sale price beside a regular one read as such). */
import type { Evidence } from './evidence';
import { VARIANT_LABEL, type Page } from './page';
import { currencyCode, currencyFromText, gtinOf, mpnOf, parseCondition, parsePrice, parseStockState, text } from './values';

/** The variant the tags name: product:color, product:size, twitter:label "Colour" / twitter:data. */
function metaAttributes(page: Page): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, name] of [['product:color', 'color'], ['og:color', 'color'], ['product:size', 'size'], ['product:material', 'material'], ['product:pattern', 'pattern']] as const) {
    const v = text(page.meta.get(key)?.[0]);
    if (v && !out[name]) out[name] = v;
  }
  for (let i = 1; i <= 4; i++) {
    const label = page.meta.get(`twitter:label${i}`)?.[0]?.trim();
    const data = text(page.meta.get(`twitter:data${i}`)?.[0]);
    if (label && data && VARIANT_LABEL.test(label)) out[/size|größe|taille|taglia|talla|maat|storlek|koko|rozmiar/i.test(label) ? 'size' : 'color'] ??= data;
  }
  return out;
}

export function fromMetaTags(page: Page): Evidence | null {
  const get = (...keys: string[]) => {
    for (const k of keys)
      for (const v of page.meta.get(k) ?? []) {
        const t = text(v);
        if (t) return t;
      }
    return null;
  };
  // The sale price where the page gives one besides the regular price.
  const rawPrice = get('product:sale_price:amount', 'og:sale_price:amount', 'product:price:amount', 'og:price:amount', 'product:price', 'og:price');
  const price = rawPrice && /\d/.test(rawPrice) ? parsePrice(rawPrice) : null;
  const sale = get('product:sale_price:amount', 'og:sale_price:amount');
  const rawRegular = get('og:price:standard_amount', 'product:original_price:amount', 'product:regular_price:amount', ...(sale ? ['product:price:amount', 'og:price:amount'] : []));
  const regular = rawRegular && /\d/.test(rawRegular) ? parsePrice(rawRegular) : null;
  const shipping = parsePrice(get('product:shipping_cost:amount', 'og:shipping_cost:amount'));
  // A tag per variant ("product:price:amount" for 30, 50 and 80 ml): the item's is the one the page shows.
  const offerPrices = [...new Set([...(page.meta.get('product:price:amount') ?? []), ...(page.meta.get('og:price:amount') ?? [])].map(parsePrice).filter((p): p is number => p != null))];
  const images = ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'].flatMap((k) => (page.meta.get(k) ?? []).map(text)).filter((v): v is string => !!v);
  const out: Evidence = {
    regularPrice: regular != null && price != null && price < regular ? regular : null,
    title: get('og:title', 'twitter:title'),
    brand: get('product:brand', 'og:brand', 'brand'),
    gtin: gtinOf(get('product:gtin'), get('product:ean'), get('product:upc'), get('og:upc'), get('og:ean'), get('product:isbn'), get('og:gtin'), get('gtin'), get('gtin13'), get('ean'), get('upc')),
    mpn: mpnOf(get('product:mfr_part_no', 'product:mpn', 'og:mpn')),
    sku: get('product:retailer_item_id', 'product:retailer_part_no', 'product:sku', 'og:sku'),
    price,
    currency: currencyCode(get('product:sale_price:currency', 'product:price:currency', 'og:price:currency', 'og:currency'), page.localeCurrency) ?? (rawPrice ? currencyFromText(rawPrice, page.localeCurrency) : null),
    images: [...new Set(images)],
    availability: parseStockState(get('product:availability', 'og:availability')),
    condition: parseCondition(get('product:condition', 'og:condition')),
    shipping: shipping != null ? { amount: shipping, currency: currencyCode(get('product:shipping_cost:currency', 'og:shipping_cost:currency'), page.localeCurrency) } : null,
    attributes: metaAttributes(page),
    offerPrices: offerPrices.length > 1 ? offerPrices : undefined,
  };
  return Object.entries(out).some(([k, v]) => k !== 'images' && k !== 'attributes' && v != null) || images.length > 0 ? out : null;
}
