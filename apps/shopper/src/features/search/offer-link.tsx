import { AFFILIATE_UTM, createReferenceId } from '@pricehunt/affiliate';
import type { SearchOffer } from '@pricehunt/contracts';
import { isShopifyDomain } from '@pricehunt/marketplace';
import { buildRedirectLink, trackReferral } from '@pricehunt/tracking';
import type { MouseEvent } from 'react';


export interface OfferLinkProps {
  offer: Pick<SearchOffer, 'url' | 'redirectUrl' | 'retailer' | 'businessDomain' | 'isShopify'>;
  productName: string | null;
  className?: string;
  /** Ids of the elements that tell this offer apart (price, listing title): read after the link's name. */
  describedBy?: string;
  /**
   * The listing the shopper compared from (the link they pasted): a referral names it as its source, so the store sees
   * which retailer's shoppers it won. Without one, the page the shopper is on.
   */
  comparedUrl?: string | null;
}

/** Sends the shopper to the target through a window opened synchronously on the click (so no popup blocker stops it). */
function openTarget(win: Window | null, url: string) {
  if (win && !win.closed) win.location.href = url;
  else window.location.assign(url);
}

/**
 * "Go to <Retailer>": a tracked link through /api/redirect. Offers of a registered Shopify business are sent through
 * trackReferral first (SPEC §4); the shopper is sent on whether or not that succeeds.
 */
export function OfferLink({ offer, productName, className = 'ph-offer__go', describedBy, comparedUrl }: OfferLinkProps) {
  // SPEC §5: a business domain on myshopify.com / shopify.com (or a store the API knows is Shopify) is a tracked referral.
  const tracked = Boolean(offer.businessDomain) && (offer.isShopify || isShopifyDomain(offer.businessDomain));

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!tracked || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const win = window.open('about:blank', '_blank');
    if (win) win.opener = null;
    const domain = offer.businessDomain as string;
    void trackReferral({
      referralId: createReferenceId(domain),
      businessDomain: domain,
      targetUrl: offer.url,
      sourceUrl: comparedUrl || window.location.href,
      productName,
      utmSource: AFFILIATE_UTM.source,
      utmMedium: AFFILIATE_UTM.medium,
      utmCampaign: AFFILIATE_UTM.campaign,
    }).then(
      (result) => openTarget(win, buildRedirectLink(result.targetUrl || offer.url)),
      () => openTarget(win, offer.redirectUrl),
    );
  }

  return (
    <a className={className} href={offer.redirectUrl} target="_blank" rel="sponsored nofollow noopener" onClick={onClick} aria-describedby={describedBy}>
      Go to {offer.retailer.name}
    </a>
  );
}
