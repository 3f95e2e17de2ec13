import type { AdminProductOffer } from '@pricehunt/contracts';
import { Button, Card, TextField } from '@pricehunt/ui';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryState } from '../../components/query-state';
import { useAdminProduct, useAdminProducts, useDetachOffer, useMergeProducts } from '../../lib/admin-api';
import { formatCount, formatMoney } from '../../lib/format';
import { DataTable } from '../../components/data-table';

const AVAILABILITY: Record<AdminProductOffer['availability'], string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  preorder: 'Pre-order',
  backorder: 'Backorder',
  unknown: 'Unknown',
};

/**
 * Match corrections: find a product, look at its offers, take a wrongly matched offer out into a product of its own,
 * or merge the product into another one that is the same item.
 */
export function ProductsCard({ selected, onSelect: setSelected }: { selected: number | null; onSelect(id: number | null): void }) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const found = useAdminProducts(query);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
    setSelected(null);
  };
  return (
    <Card title="Products" id="adm-products">
      <p>Find a product by its id or the words of its name to see its offers, take out an offer that is another item, or merge two products that are one.</p>
      <form className="adm-inline-form" onSubmit={onSubmit} role="search" aria-label="Find a product">
        <TextField label="Product id or name" value={draft} onChange={(event) => setDraft(event.target.value)} maxLength={200} />
        <Button type="submit" variant="secondary" disabled={draft.trim() === ''}>
          Find
        </Button>
      </form>
      <QueryState isLoading={found.isLoading} error={found.error} onRetry={() => void found.refetch()} />
      {found.data ? (
        found.data.items.length === 0 ? (
          <p className="adm-muted">No product matches “{query}”.</p>
        ) : (
          <DataTable caption="Products found" columns={['Id', 'Product', 'Offers', 'Best price']} actions>
            {found.data.items.map((product) => (
              <tr key={product.id} aria-current={product.id === selected ? 'true' : undefined}>
                <td>#{product.id}</td>
                <td>{product.title}</td>
                <td>{formatCount(product.offerCount)}</td>
                <td>{product.bestPriceCents === null ? '—' : formatMoney(product.bestPriceCents)}</td>
                <td>
                  <Button size="sm" variant="secondary" onClick={() => setSelected(product.id)} aria-label={`Open #${product.id} ${product.title}`}>
                    Open
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )
      ) : null}
      {selected !== null ? <ProductOffers productId={selected} onMoved={setSelected} /> : null}
    </Card>
  );
}

function ProductOffers({ productId, onMoved }: { productId: number; onMoved: (id: number) => void }) {
  const detail = useAdminProduct(productId);
  const merge = useMergeProducts();
  const [detaching, setDetaching] = useState<AdminProductOffer | null>(null);
  const [into, setInto] = useState('');
  const [intoError, setIntoError] = useState<string | null>(null);
  const [merging, setMerging] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onMerge = (event: FormEvent) => {
    event.preventDefault();
    const target = Number(into.trim().replace(/^#/, ''));
    if (!Number.isInteger(target) || target <= 0) return setIntoError('Enter a product id such as 1234');
    if (target === productId) return setIntoError('Enter another product’s id');
    setIntoError(null);
    setMerging(target);
  };

  return (
    <section className="adm-product" aria-labelledby="adm-product-title">
      <QueryState isLoading={detail.isLoading} error={detail.error} onRetry={() => void detail.refetch()} />
      {notice ? (
        <p role="status" className="adm-notice">
          {notice}
        </p>
      ) : null}
      {detail.data ? (
        <>
          <h3 id="adm-product-title">
            #{detail.data.product.id} {detail.data.product.title}
          </h3>
          <OffersTable productId={detail.data.product.id} offers={detail.data.offers} onTakeOut={setDetaching} />
          <form className="adm-inline-form" onSubmit={onMerge} noValidate>
            <TextField label="Merge into product id" value={into} onChange={(event) => setInto(event.target.value)} inputMode="numeric" error={intoError} />
            <Button type="submit" variant="secondary">
              Merge
            </Button>
          </form>
          <p className="adm-muted">Imports keep these corrections; re-clustering the catalog decides every product anew.</p>
        </>
      ) : null}
      <DetachDialog productId={productId} offer={detaching} onClose={() => setDetaching(null)} onDone={setNotice} />
      <ConfirmDialog
        open={merging !== null}
        title={`Merge #${productId} into #${merging ?? ''}?`}
        confirmLabel="Merge"
        danger
        busy={merge.isPending}
        error={merge.error?.message}
        onConfirm={() =>
          merging !== null &&
          merge.mutate(
            { productId, into: merging },
            {
              onSuccess: (answer) => {
                setNotice(`${formatCount(answer.moved)} ${answer.moved === 1 ? 'offer' : 'offers'} of #${productId} moved into #${answer.into}; #${productId} is retired.`);
                setMerging(null);
                setInto('');
                onMoved(answer.into);
              },
            },
          )
        }
        onCancel={() => setMerging(null)}
      >
        <p>Every offer of #{productId} joins product #{merging ?? ''}, and #{productId} stops existing.</p>
      </ConfirmDialog>
    </section>
  );
}

/** The product's offers, each with the button that takes it out. */
function OffersTable({ productId, offers, onTakeOut }: { productId: number; offers: AdminProductOffer[]; onTakeOut: (offer: AdminProductOffer) => void }) {
  return (
    <DataTable caption={`Offers of product #${productId}`} columns={['Retailer', 'Offer', 'Part number / GTIN', 'Price', 'Availability']} actions>
      {offers.map((offer) => (
        <tr key={offer.id}>
          <td>
            {offer.retailer.name}
            <div className="adm-muted">{offer.externalId}</div>
          </td>
          <td>
            <a href={offer.url} target="_blank" rel="noreferrer noopener">
              {offer.title}
            </a>
            {offer.held ? (
              <div>
                <span className="adm-badge adm-badge--held">{offer.held === 'store' ? 'Hidden: store not verified or suspended' : 'Held for a price review'}</span>
              </div>
            ) : null}
          </td>
          <td>{[offer.model, offer.gtin].filter(Boolean).join(' · ') || '—'}</td>
          <td>{formatMoney(offer.priceCents + (offer.shippingCents ?? 0))}</td>
          <td>{AVAILABILITY[offer.availability]}</td>
          <td>
            <Button
              size="sm"
              variant="secondary"
              disabled={offers.length < 2}
              onClick={() => onTakeOut(offer)}
              aria-label={`Take out ${offer.retailer.name} ${offer.externalId}`}
            >
              Take out
            </Button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Confirms taking an offer out of its product: it becomes a product of its own. */
function DetachDialog({ productId, offer, onClose, onDone }: { productId: number; offer: AdminProductOffer | null; onClose(): void; onDone(notice: string): void }) {
  const detach = useDetachOffer();
  return (
    <ConfirmDialog
      open={offer !== null}
      title="Take this offer out of the product?"
      confirmLabel="Take out"
      busy={detach.isPending}
      error={detach.error?.message}
      onConfirm={() =>
        offer &&
        detach.mutate(
          { productId, offerId: offer.id },
          {
            onSuccess: (answer) => {
              onDone(`${offer.retailer.name} ${offer.externalId} is now product #${answer.newProductId}.`);
              onClose();
            },
          },
        )
      }
      onCancel={onClose}
    >
      <p>{offer ? `“${offer.title}” becomes a product of its own.` : null}</p>
    </ConfirmDialog>
  );
}
