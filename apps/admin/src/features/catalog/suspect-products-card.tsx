import type { SuspectProduct } from '@pricehunt/contracts';
import { Button, Card } from '@pricehunt/ui';
import { QueryState } from '../../components/query-state';
import { DataTable } from '../../components/data-table';
import { useSuspectProducts } from '../../lib/admin-api';
import { formatMoney } from '../../lib/format';

const FLAGS: Record<SuspectProduct['flags'][number], string> = {
  'price-spread': 'New offers more than 2x apart in price',
  'retailer-twice': 'A retailer lists it twice',
};

/**
 * The match review: products whose offers cannot all be one product (new offers more than 2x apart in price, or two
 * offers of one retailer), widest spread first. Open one to take the wrong offers out or merge it.
 */
export function SuspectProductsCard({ onOpen }: { onOpen(productId: number): void }) {
  const suspects = useSuspectProducts();
  return (
    <Card title={`Match review${suspects.data && suspects.data.total > 0 ? ` (${suspects.data.total} flagged)` : ''}`}>
      <QueryState isLoading={suspects.isLoading} error={suspects.error} onRetry={() => void suspects.refetch()} />
      {suspects.data ? (
        suspects.data.items.length === 0 ? (
          <p className="adm-muted">No product is flagged: every product's new offers are within 2x of each other, each retailer once.</p>
        ) : (
          <DataTable caption="Products flagged for the match review" columns={['Product', 'Offers', 'New offers from – to', 'Why']} actions>
            {suspects.data.items.map((item) => (
              <tr key={item.product.id}>
                <td className="adm-break">
                  #{item.product.id} {item.product.title}
                </td>
                <td>
                  {item.offerCount} <span className="adm-muted">({item.retailerCount} retailers)</span>
                </td>
                <td>{item.lowestCents === null || item.highestCents === null ? '—' : `${formatMoney(item.lowestCents)} – ${formatMoney(item.highestCents)}`}</td>
                <td>{item.flags.map((flag) => FLAGS[flag]).join('; ')}</td>
                <td>
                  <Button size="sm" variant="secondary" onClick={() => onOpen(item.product.id)} aria-label={`Open product #${item.product.id}`}>
                    Open product
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )
      ) : null}
    </Card>
  );
}
