import { Button, Card } from '@pricehunt/ui';
import { QueryState } from '../../components/query-state';
import { DataTable } from '../../components/data-table';
import { useApprovePrice, usePriceReviews } from '../../lib/admin-api';
import { formatDateTime } from '../../lib/format';

const price = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/**
 * Offers kept from shoppers because their price is far below the other offers of their product: a wrong match (open
 * the product and take the offer out), a mistyped price or a bait listing (leave it held), or a real bargain (approve).
 */
export function PriceReviewsCard({ onOpen }: { onOpen(productId: number): void }) {
  const reviews = usePriceReviews();
  const approve = useApprovePrice();
  return (
    <Card title={`Price reviews${reviews.data && reviews.data.total > 0 ? ` (${reviews.data.total} held)` : ''}`}>
      <QueryState isLoading={reviews.isLoading} error={reviews.error} onRetry={() => void reviews.refetch()} />
      {approve.error ? (
        <p role="alert" className="adm-error">
          {approve.error.message}
        </p>
      ) : null}
      {reviews.data ? (
        reviews.data.items.length === 0 ? (
          <p className="adm-muted">No offer is held: none is priced under a third of the other offers of its product.</p>
        ) : (
          <>
            <p className="adm-muted">
              These offers are priced under a third of the median of the other offers of their product. Shoppers do not see them until you approve the price.
            </p>
            <DataTable caption="Offers held for a price review" columns={['Held since', 'Offer', 'Its price', 'Others (median)', 'Product']} actions>
              {reviews.data.items.map((review) => (
                <tr key={review.offer.id}>
                  <td>{formatDateTime(review.heldSince)}</td>
                  <td className="adm-break">
                    <a href={review.offer.url} target="_blank" rel="noreferrer">
                      {review.offer.title}
                    </a>
                    <div className="adm-muted">
                      {review.offer.retailer.name} · {review.offer.externalId}
                    </div>
                  </td>
                  <td>{price(review.offer.priceCents + (review.offer.shippingCents ?? 0), review.offer.currency)}</td>
                  <td>
                    {review.othersMedianCents === null ? '—' : price(review.othersMedianCents, review.offer.currency)}{' '}
                    <span className="adm-muted">({review.othersCount} offers)</span>
                  </td>
                  <td className="adm-break">
                    #{review.product.id} {review.product.title}
                  </td>
                  <td>
                    <div className="adm-row-actions">
                      <Button size="sm" variant="secondary" onClick={() => onOpen(review.product.id)} aria-label={`Open product #${review.product.id}`}>
                        Open product
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={approve.isPending && approve.variables === review.offer.id}
                        onClick={() => approve.mutate(review.offer.id)}
                        aria-label={`Approve the price of ${review.offer.retailer.name} ${review.offer.externalId}`}
                      >
                        Approve price
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )
      ) : null}
    </Card>
  );
}
