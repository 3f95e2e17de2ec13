import { Button, Card } from '@pricehunt/ui';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useState } from 'react';
import { useRecluster, useReclusterProgress } from '../../lib/admin-api';
import { formatCount } from '../../lib/format';

/**
 * Re-clustering from the console: the confirmation, the progress of a re-clustering under way (this admin's, another
 * one's, or one the API carries on since it restarted), and what the last one here came to.
 */
export function ReclusterCard() {
  const recluster = useRecluster();
  const progress = useReclusterProgress(recluster.isPending);
  const underWay = progress.data ?? null;
  const [confirming, setConfirming] = useState(false);
  const result = recluster.data;
  return (
    <Card title="Product clusters">
      <p>
        Re-clustering takes every offer off its product and matches it again with the current matcher, as an import would. Use it after the matcher
        changes or a large import. A product whose offers stay together keeps its id, so shoppers&apos; favorites, price alerts and links to it keep
        working; corrections made by hand below are decided anew.
      </p>
      <Button variant="secondary" onClick={() => setConfirming(true)} loading={recluster.isPending}>
        Re-cluster products
      </Button>
      {underWay ? <ReclusterProgress offers={underWay.offers} unplaced={underWay.unplaced} ours={recluster.isPending} /> : null}
      {result && !recluster.isPending ? (
        <p role="status" className="adm-notice">
          {result.resumed ? 'Carried on the re-clustering under way: ' : ''}
          {formatCount(result.offers)} offers re-clustered in {(result.durationMs / 1000).toFixed(1)} s: {formatCount(result.productsBefore)} →{' '}
          {formatCount(result.productsAfter)} products, {formatCount(result.productsKept)} of them under their old id.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={underWay ? 'Carry on the re-clustering under way?' : 'Re-cluster every product?'}
        confirmLabel={underWay ? 'Carry it on' : 'Re-cluster'}
        busy={recluster.isPending}
        error={recluster.error?.message}
        onConfirm={() => recluster.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        {underWay ? (
          <p>A re-clustering is under way already: this places its offers alongside it rather than begin anew.</p>
        ) : (
          <p>Product pages may change their id while this runs. Searches keep working.</p>
        )}
      </ConfirmDialog>
    </Card>
  );
}

function ReclusterProgress({ offers, unplaced, ours }: { offers: number; unplaced: number; ours: boolean }) {
  const placed = offers - unplaced;
  return (
    <section className="adm-progress" aria-label="Re-clustering progress">
      <p>
        <strong>{ours ? 'Re-clustering…' : 'A re-clustering is under way'}</strong>
        {ours ? '' : ' (begun by another admin or command, or carried on since the API restarted)'}
      </p>
      <div
        className="adm-progress__track"
        role="progressbar"
        aria-label="Offers placed"
        aria-valuemin={0}
        aria-valuemax={offers}
        aria-valuenow={placed}
        aria-valuetext={`${placed} of ${offers} offers placed`}
      >
        <span className="adm-progress__bar" style={{ width: `${offers > 0 ? Math.round((placed / offers) * 100) : 0}%` }} />
      </div>
      <p role="status" className="adm-muted">
        {formatCount(placed)} of {formatCount(offers)} offers placed · the other {formatCount(unplaced)} are in no product until it places them
      </p>
    </section>
  );
}
