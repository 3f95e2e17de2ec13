import type { ReclusterStatus } from '@pricehunt/contracts';
import { Button, Card } from '@pricehunt/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ProgressTrack } from '../../components/progress-track';
import { useRecluster, useReclusterStatus } from '../../lib/admin-api';
import { formatCount, formatDateTime } from '../../lib/format';

/**
 * Re-clustering from the console: the confirmation, the progress of the re-clustering under way (this console's,
 * another admin's, or one an instance carries on since it restarted), and what the last one came to. The API places
 * the offers in the background: leaving the page does not stop it.
 */
export function ReclusterCard() {
  const recluster = useRecluster();
  const status = useReclusterStatus(recluster.isPending);
  const underWay = status.data?.underWay ?? null;
  const last = status.data?.last ?? null;
  const [confirming, setConfirming] = useState(false);
  // Whether the re-clustering under way is the one this console began (rather than joined, or only watches).
  const ours = recluster.isSuccess && !recluster.data.resumed;
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
      {underWay ? <ReclusterProgress offers={underWay.offers} unplaced={underWay.unplaced} ours={ours} /> : null}
      {!underWay && last ? <LastRecluster last={last} /> : null}
      {/* Begun with nothing to record: the answer, read as it began, has no re-clustering under way. */}
      {recluster.isSuccess && !recluster.data.underWay && !recluster.data.resumed ? (
        <p role="status" className="adm-notice">
          The catalog holds no offers: there is nothing to re-cluster. Import a feed first.
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
          <p>A re-clustering is under way already: this makes sure an instance is placing its offers, rather than begin anew.</p>
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
      <ProgressTrack label="Offers placed" value={placed} max={offers} valueText={`${placed} of ${offers} offers placed`} />
      <p role="status" className="adm-muted">
        {formatCount(placed)} of {formatCount(offers)} offers placed · the other {formatCount(unplaced)} are in no product until it places them
      </p>
    </section>
  );
}

function LastRecluster({ last }: { last: NonNullable<ReclusterStatus['last']> }) {
  return (
    <p role="status" className="adm-notice">
      Last re-clustered {formatDateTime(last.endedAt)} by {last.by}
      {last.resumed ? ', carried on after it was cut short' : ''}: {formatCount(last.offers)} offers in {(last.durationMs / 1000).toFixed(1)} s,{' '}
      {formatCount(last.productsBefore)} → {formatCount(last.productsAfter)} products, {formatCount(last.productsKept)} of them under their old id.
    </p>
  );
}
