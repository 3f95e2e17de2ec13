import type { SearchOffer } from '@pricehunt/contracts';
import { formatMoney } from '../../lib/format';
import { AVAILABILITY_TEXT } from './describe';
import { OfferLink } from './offer-link';

function shippingText(offer: SearchOffer): string {
  if (offer.shippingCents === null) return 'Shipping not listed';
  if (offer.shippingCents === 0) return 'Free shipping';
  return `+ ${formatMoney(offer.shippingCents, offer.currency)} shipping`;
}

function SavingText({ offer }: { offer: SearchOffer }) {
  if (offer.isSource) return <span className="ph-offer__saving ph-offer__saving--source">The offer you pasted</span>;
  if (offer.savingsCents === null || offer.savingsCents === 0) return null;
  if (offer.savingsCents > 0) {
    return <span className="ph-offer__saving">Save {formatMoney(offer.savingsCents, offer.currency)} vs. your link</span>;
  }
  return <span className="ph-offer__saving ph-offer__saving--more">{formatMoney(-offer.savingsCents, offer.currency)} more than your link</span>;
}

export interface OffersListProps {
  offers: SearchOffer[];
  productName: string | null;
  layout: 'full' | 'compact';
}

/** Every offer, cheapest total first (the API's order), with the best price marked and the saving against the pasted offer. */
export function OffersList({ offers, productName, layout }: OffersListProps) {
  const sorted = [...offers].sort((a, b) => a.totalCents - b.totalCents);
  return (
    <ol className={`ph-offers ph-offers--${layout}`} aria-label="Offers, cheapest first">
      {sorted.map((offer) => (
        <li key={offer.id} className={['ph-offer', offer.isBestPrice ? 'ph-offer--best' : '', offer.isSource ? 'ph-offer--source' : ''].filter(Boolean).join(' ')}>
          <div className="ph-offer__retailer">
            <span className="ph-offer__retailer-name">{offer.retailer.name}</span>
            {offer.isBestPrice ? <span className="ph-badge ph-badge--best">Best price</span> : null}
            {offer.condition !== 'new' ? <span className="ph-badge">{offer.condition === 'refurbished' ? 'Refurbished' : 'Used'}</span> : null}
          </div>
          {layout === 'full' ? (
            <div className="ph-offer__title" id={`offer-${offer.id}-title`}>
              {offer.title}
            </div>
          ) : null}
          <div className="ph-offer__facts">
            <span className={`ph-offer__availability ph-offer__availability--${offer.availability}`}>{AVAILABILITY_TEXT[offer.availability]}</span>
            <span className="ph-offer__shipping">{shippingText(offer)}</span>
            <SavingText offer={offer} />
          </div>
          <div className="ph-offer__price">
            <span className="ph-offer__total" id={`offer-${offer.id}-total`}>
              {formatMoney(offer.totalCents, offer.currency)}
            </span>
            {offer.shippingCents ? <span className="ph-offer__base">{formatMoney(offer.priceCents, offer.currency)} + shipping</span> : null}
          </div>
          <OfferLink
            offer={offer}
            productName={productName}
            describedBy={layout === 'full' ? `offer-${offer.id}-total offer-${offer.id}-title` : `offer-${offer.id}-total`}
          />
        </li>
      ))}
    </ol>
  );
}
