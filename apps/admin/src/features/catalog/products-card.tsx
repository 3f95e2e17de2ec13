import type { AdminProductOffer, ProductSummary } from '@pricehunt/contracts';
import { Button, Card, TextField } from '@pricehunt/ui';
import { useEffect, useState, type FormEvent } from 'react';
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
      {found.data ? <RetiredNotice query={query} found={found.data.items} /> : null}
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

/** The id searched for is retired (merged, or regrouped by a re-clustering): the API found the product it went into. */
function RetiredNotice({ query, found }: { query: string; found: ProductSummary[] }) {
  const asked = /^#?(\d{1,15})$/.exec(query.trim());
  const product = found[0];
  if (!asked || !product || product.id === Number(asked[1])) return null;
  return (
    <p role="status" className="adm-notice">
      {retiredSentence(Number(asked[1]), product.id)}
    </p>
  );
}

const retiredSentence = (retired: number, into: number) => `Product #${retired} is retired: its offers are now in #${into}, merged or regrouped by a re-clustering.`;

function ProductOffers({ productId, onMoved }: { productId: number; onMoved: (id: number) => void }) {
  const detail = useAdminProduct(productId);
  const [detaching, setDetaching] = useState<AdminProductOffer | null>(null);
  const [merging, setMerging] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [into, setInto] = useState('');
  // A retired id (opened from a match report, a price review, an audit entry) answers the product its offers are in.
  const shown = detail.data?.product.id;
  useEffect(() => {
    if (shown === undefined || shown === productId) return;
    setNotice(retiredSentence(productId, shown));
    onMoved(shown);
  }, [shown, productId, onMoved]);
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
          <MergeForm productId={productId} into={into} onIntoChange={setInto} onMerge={setMerging} />
          <p className="adm-muted">Imports keep these corrections; re-clustering the catalog decides every product anew.</p>
        </>
      ) : null}
      <DetachDialog productId={productId} offer={detaching} onClose={() => setDetaching(null)} onNotice={setNotice} />
      <MergeDialog
        productId={productId}
        into={merging}
        onClose={() => setMerging(null)}
        onNotice={setNotice}
        onMerged={(target) => {
          setInto('');
          onMoved(target);
        }}
      />
    </section>
  );
}

/** The offers of one product, each with a button that takes it out (disabled for a product's last offer). */
function OffersTable({ productId, offers, onTakeOut }: { productId: number; offers: AdminProductOffer[]; onTakeOut(offer: AdminProductOffer): void }) {
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

interface MergeFormProps {
  productId: number;
  into: string;
  onIntoChange(into: string): void;
  onMerge(target: number): void;
}

/** The "merge into product id" field: a positive id other than the product's own opens the merge confirmation. */
function MergeForm({ productId, into, onIntoChange, onMerge }: MergeFormProps) {
  const [intoError, setIntoError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target = Number(into.trim().replace(/^#/, ''));
    if (!Number.isInteger(target) || target <= 0) return setIntoError('Enter a product id such as 1234');
    if (target === productId) return setIntoError('Enter another product’s id');
    setIntoError(null);
    onMerge(target);
  };
  return (
    <form className="adm-inline-form" onSubmit={onSubmit} noValidate>
      <TextField label="Merge into product id" value={into} onChange={(event) => onIntoChange(event.target.value)} inputMode="numeric" error={intoError} />
      <Button type="submit" variant="secondary">
        Merge
      </Button>
    </form>
  );
}

interface DetachDialogProps {
  productId: number;
  offer: AdminProductOffer | null;
  onClose(): void;
  onNotice(notice: string): void;
}

/** Confirms taking an offer out into a product of its own. */
function DetachDialog({ productId, offer, onClose, onNotice }: DetachDialogProps) {
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
              onNotice(`${offer.retailer.name} ${offer.externalId} is now product #${answer.newProductId}.`);
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

interface MergeDialogProps {
  productId: number;
  into: number | null;
  onClose(): void;
  onNotice(notice: string): void;
  onMerged(into: number): void;
}

/** Confirms merging the product into another one; the merged product is retired. */
function MergeDialog({ productId, into, onClose, onNotice, onMerged }: MergeDialogProps) {
  const merge = useMergeProducts();
  return (
    <ConfirmDialog
      open={into !== null}
      title={`Merge #${productId} into #${into ?? ''}?`}
      confirmLabel="Merge"
      danger
      busy={merge.isPending}
      error={merge.error?.message}
      onConfirm={() =>
        into !== null &&
        merge.mutate(
          { productId, into },
          {
            onSuccess: (answer) => {
              onNotice(`${formatCount(answer.moved)} ${answer.moved === 1 ? 'offer' : 'offers'} of #${productId} moved into #${answer.into}; #${productId} is retired.`);
              onClose();
              onMerged(answer.into);
            },
          },
        )
      }
      onCancel={onClose}
    >
      <p>Every offer of #{productId} joins product #{into ?? ''}, and #{productId} stops existing.</p>
    </ConfirmDialog>
  );
}
