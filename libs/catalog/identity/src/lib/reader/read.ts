/**
 * Every reader run over one page, in the order of READERS: what each source of evidence says of the page's item.
 */
import { fromAddress, fromMarketplaceUrl } from './address';
import { fromAdTags } from './ad-tags';
import { fromAmazon } from './amazon';
import { fromEmbeddedState } from './embedded-state';
import { saysAnything, type Evidence, type ReaderName } from './evidence';
import { fromJsonLd } from './json-ld';
import { fromMetaTags } from './meta-tags';
import { fromMicrodata } from './microdata';
import type { Page } from './page';
import { fromOwnName } from './own-name';
import { fromSpecTable } from './spec-table';
import { fromTitleCode } from './title-code';
import { fromVisiblePage } from './visible-page';
import { fromVisiblePrice } from './visible-price';

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
  'title-code': fromTitleCode,
  'own-name': fromOwnName,
  url: fromMarketplaceUrl,
  address: fromAddress,
};

/** What each reader says of the page, for the readers that say anything, in the order of READERS. */
export function readEvidence(page: Page): [ReaderName, Evidence][] {
  const out: [ReaderName, Evidence][] = [];
  for (const [reader, read] of Object.entries(READ) as [ReaderName, (page: Page) => Evidence | null][]) {
    const found = read(page);
    if (found && saysAnything(found)) out.push([reader, found]);
  }
  return out;
}
