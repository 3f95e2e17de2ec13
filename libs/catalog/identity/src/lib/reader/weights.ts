/**
 * How often each reader is right about each field on the corpus of real pages (src/fixtures/pages), as the judge's
 * confidences: (right + 1) / (said + 2). Measured by `npm run eval:extraction -- --section reader-weights --verbose`,
 * which prints this literal; measure again when the corpus or a reader changes. A reader not listed for a field has
 * not been measured on it (UNMEASURED_WEIGHT in ./judge). The sku column is measured on the 237 pages once the
 * specification reader reads item numbers; the other columns as measured before (re-measured, they lose price and
 * stock answers on the first pages). The ad-tags and title-code readers, the visible page's brand (breadcrumbs, brand
 * links and logos), the address's sku and the Amazon reader's price and currency are measured on the 258 pages; the
 * ad-tags reader again on the 317 pages (on the 59 pages added last it named a variant's or a feed's id where the
 * product's markup named the shop's own item id); the own-name reader on the 358 pages; the availability column of
 * every reader on the 783 pages (re-measured whole there, the other columns read some pages' brand, sku and MPN worse);
 * the platform reader on the 879 pages, its sku (a cart form's hidden field) on the 903 pages, and its sku, price,
 * availability and GTIN again on the 1,018 pages once it reads the shown variant of a Shopify product's record; the
 * known-maker reader on the 1,018 pages.
 */
import type { JudgedField, ReaderName } from './evidence';

export const SOURCE_WEIGHTS: Partial<Record<ReaderName, Partial<Record<JudgedField, number>>>> = {
  'json-ld': { sku: 0.857, price: 0.892, currency: 0.947, availability: 0.963, condition: 0.944, brand: 0.923, mpn: 0.182, gtin: 0.75 },
  microdata: { mpn: 0.917, price: 0.981, currency: 0.981, availability: 0.925, condition: 0.955, sku: 0.952, brand: 0.963, gtin: 0.875 },
  amazon: { brand: 0.923, sku: 0.938, price: 0.905, currency: 0.905, availability: 0.974, condition: 0.667 },
  'meta-tags': { price: 0.923, currency: 0.96, availability: 0.968, mpn: 0.667, gtin: 0.667, brand: 0.8, sku: 0.857, condition: 0.8 },
  'spec-table': { sku: 0.969, brand: 0.957, mpn: 0.75, gtin: 0.923, condition: 0.667 },
  'visible-price': { price: 0.815, currency: 0.981 },
  'visible-page': { availability: 0.927, condition: 0.875, brand: 0.739 },
  'embedded-state': { sku: 0.5, brand: 0.667, gtin: 0.667 },
  'ad-tags': { sku: 0.8, brand: 0.929 },
  platform: { brand: 0.768, sku: 0.966, price: 0.953, availability: 0.977, gtin: 0.75 },
  'title-code': { mpn: 0.929 },
  'own-name': { brand: 0.731 },
  'known-maker': { brand: 0.93 },
  url: { sku: 0.971 },
  address: { sku: 0.751 },
};
