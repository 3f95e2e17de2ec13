/**
 * Every reader run over one page, in the order of READERS: what each source of evidence says of the page's item.
 */
import { normaliseGtin } from '@pricehunt/catalog-matching';
import { fromAddress, fromMarketplaceUrl } from './address';
import { fromAdTags } from './ad-tags';
import { fromAmazon } from './amazon';
import { fromEmbeddedState } from './embedded-state';
import { saysAnything, type Evidence, type ReaderName } from './evidence';
import { fromJsonLd } from './json-ld';
import { fromKnownMaker } from './known-makers';
import { fromMetaTags } from './meta-tags';
import { fromMicrodata } from './microdata';
import type { Page } from './page';
import { fromOwnName } from './own-name';
import { fromPlatform } from './platform';
import { fromSpecTable } from './spec-table';
import { fromTitleCode } from './title-code';
import { fromVisiblePage } from './visible-page';
import { fromVisiblePrice } from './visible-price';
import { restrictedCirculation } from './values';

const READ: Record<ReaderName, (page: Page) => Evidence | null> = {
  'json-ld': fromJsonLd,
  microdata: fromMicrodata,
  amazon: fromAmazon,
  'meta-tags': fromMetaTags,
  'spec-table': fromSpecTable,
  'visible-price': fromVisiblePrice,
  'visible-page': fromVisiblePage,
  'embedded-state': fromEmbeddedState,
  'ad-tags': fromAdTags,
  platform: fromPlatform,
  'title-code': fromTitleCode,
  'own-name': fromOwnName,
  'known-maker': fromKnownMaker,
  url: fromMarketplaceUrl,
  address: fromAddress,
};

/**
 * A part number that is a barcode: the digits of a GTIN-12, -13 or -14 with a valid check digit, where the source states
 * no GTIN of its own. Shop themes fill schema.org's `mpn` with the barcode ("mpn": "4150127320270"); a maker's part
 * number of that length and check digit is rare, but for numbers of the restricted ranges ("Manufacturer reference:
 * 2200630056066" on Amazon Japan).
 */
function barcodeAsPartNumber(found: Evidence): Evidence {
  const digits = found.mpn?.replace(/[\s-]/g, '') ?? '';
  const gtin = !found.gtin && /^\d{12,14}$/.test(digits) && !restrictedCirculation(digits) ? normaliseGtin(digits) : null;
  return gtin ? { ...found, gtin, mpn: null } : found;
}

/** Readers whose sku is the shop's stated item number (its markup, or a labelled row: "Product Code: 776029700046"), not an id read from an address. */
const STATED_SKU: ReadonlySet<ReaderName> = new Set<ReaderName>(['json-ld', 'microdata', 'meta-tags', 'embedded-state', 'spec-table']);

/**
 * An item number that is a barcode: a shop that numbers its items by their EAN or UPC states the 12 or 13 digits,
 * with a valid check digit, as its sku ("sku": "5018899787594"), which then also says the GTIN where the source
 * states none. Of the corpus's labelled item numbers of that form, all but one are the item's GTIN (the other is a
 * UPC the page does not print); so are those a liquor board's pages label "Product Code".
 */
function barcodeAsSku(reader: ReaderName, found: Evidence): Evidence {
  const digits = found.sku?.trim() ?? '';
  const gtin = !found.gtin && STATED_SKU.has(reader) && /^\d{12,13}$/.test(digits) && !restrictedCirculation(digits) ? normaliseGtin(digits) : null;
  return gtin ? { ...found, gtin } : found;
}

/** What each reader says of the page, for the readers that say anything, in the order of READERS. */
export function readEvidence(page: Page): [ReaderName, Evidence][] {
  const out: [ReaderName, Evidence][] = [];
  for (const [reader, read] of Object.entries(READ) as [ReaderName, (page: Page) => Evidence | null][]) {
    const found = read(page);
    if (found && saysAnything(found)) out.push([reader, barcodeAsSku(reader, barcodeAsPartNumber(found))]);
  }
  return out;
}
