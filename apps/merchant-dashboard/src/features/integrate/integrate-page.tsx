import { isApiError } from '@pricehunt/api-client';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../lib/format';
import { useQueryClient } from '@tanstack/react-query';
import { merchantKeys, useIntegration, useSetDomain, useStartSync, useSync, useVerifyDomain } from '../dashboard/api/merchant-api';
import { QueryState } from '../dashboard/components/query-state';
import { CopyButton } from './copy-button';

function SyncProgress({ syncId }: { syncId: string }) {
  const sync = useSync(syncId);
  const s = sync.data;
  const client = useQueryClient();
  const finished = s !== undefined && s.status !== 'running';
  useEffect(() => {
    // The catalog and the integration summary changed: refetch them once the import ends.
    if (finished) void client.invalidateQueries({ queryKey: merchantKeys.all });
  }, [finished, client]);
  if (!s) return <p role="status">Starting import…</p>;
  return (
    <div role="status" aria-live="polite" className="md-sync">
      {s.status === 'running' ? (
        <>
          <progress aria-label="Import progress" />
          <p>
            Importing… page {s.pages}, {s.products} products, {s.offers} variants so far
          </p>
        </>
      ) : s.status === 'succeeded' ? (
        <p className="md-success">
          Import finished: {s.products} products ({s.offers} variants) from {s.pages} {s.pages === 1 ? 'page' : 'pages'}; {s.inserted} new, {s.updated} updated,{' '}
          {s.skipped} skipped.
        </p>
      ) : (
        <p className="md-error">Import failed: {s.error}</p>
      )}
    </div>
  );
}

export default function IntegratePage() {
  const integration = useIntegration();
  const setDomain = useSetDomain();
  const verify = useVerifyDomain();
  const startSync = useStartSync();
  const [domain, setDomainValue] = useState('');
  const [syncId, setSyncId] = useState<string | null>(null);
  const id = useId();
  const data = integration.data;

  useEffect(() => {
    if (data?.storeDomain && domain === '') setDomainValue(data.storeDomain);
    // Only seed the field once from the server.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.storeDomain]);
  useEffect(() => {
    if (data?.lastSync?.status === 'running' && syncId === null) setSyncId(data.lastSync.id);
  }, [data?.lastSync, syncId]);

  const saveDomain = (event: FormEvent) => {
    event.preventDefault();
    setDomain.mutate(domain);
  };
  const domainError = setDomain.error && isApiError(setDomain.error) ? setDomain.error.message : setDomain.error ? 'Could not save the domain' : null;

  return (
    <div className="md-page">
      <header className="md-page__header">
        <h1>Integrate</h1>
      </header>
      <QueryState isLoading={integration.isLoading} error={integration.error}>
        {data ? (
          <>
            <section className="md-panel" aria-labelledby={`${id}-domain`}>
              <h2 id={`${id}-domain`}>1. Your store domain</h2>
              <form onSubmit={saveDomain} className="md-form-row">
                <div className="md-field">
                  <label htmlFor={`${id}-domain-input`}>Store domain</label>
                  <input
                    id={`${id}-domain-input`}
                    value={domain}
                    onChange={(e) => setDomainValue(e.target.value)}
                    placeholder="shop.example.com"
                    aria-invalid={domainError ? true : undefined}
                    aria-describedby={domainError ? `${id}-domain-error` : undefined}
                  />
                  {domainError ? (
                    <p id={`${id}-domain-error`} className="md-error">
                      {domainError}
                    </p>
                  ) : null}
                </div>
                <button type="submit" className="md-button" disabled={setDomain.isPending}>
                  Save domain
                </button>
              </form>
              <p>
                Status:{' '}
                {data.verified ? (
                  <strong className="md-success">Verified {data.verifiedAt ? `on ${formatDateTime(data.verifiedAt)}` : ''} ({data.verificationMethod === 'meta' ? 'meta tag' : 'tracking script'})</strong>
                ) : (
                  <strong>Not verified</strong>
                )}
              </p>
              <p>Prove that the store is yours: add this tag inside &lt;head&gt; of your home page, or install the tracking script below, then verify.</p>
              <pre className="md-code" aria-label="Verification meta tag">{data.metaTag}</pre>
              <div className="md-actions">
                <CopyButton text={data.metaTag} label="Copy meta tag" />
                <button type="button" className="md-button" onClick={() => verify.mutate()} disabled={!data.storeDomain || verify.isPending}>
                  {verify.isPending ? 'Checking…' : 'Verify domain'}
                </button>
              </div>
              {verify.data ? (
                <p role="status" className={verify.data.verified ? 'md-success' : 'md-error'}>
                  {verify.data.message}
                </p>
              ) : null}
              {verify.error ? (
                <p role="alert" className="md-error">
                  {isApiError(verify.error) ? verify.error.message : 'Verification failed'}
                </p>
              ) : null}
            </section>

            <section className="md-panel" aria-labelledby={`${id}-script`}>
              <h2 id={`${id}-script`}>2. Tracking script</h2>
              <p>
                Paste this tag before &lt;/head&gt; on every page of your store. It remembers the PriceHunt referral for the attribution window and reports page
                views and orders. On your order confirmation page call <code>pricehunt(&apos;purchase&apos;, {'{'} orderId, value, currency {'}'})</code> (Shopify
                order pages are picked up by themselves). Visitors who ask not to be tracked are never reported.
              </p>
              <pre className="md-code" aria-label="Tracking script tag">{data.scriptTag}</pre>
              <div className="md-actions">
                <CopyButton text={data.scriptTag} label="Copy script tag" />
                <span className="md-muted">{data.scriptLastSeenAt ? `Script last seen ${formatDateTime(data.scriptLastSeenAt)}` : 'Not seen on your store yet'}</span>
              </div>
            </section>

            <section className="md-panel" aria-labelledby={`${id}-shopify`}>
              <h2 id={`${id}-shopify`}>3. Connect Shopify store</h2>
              <p>Imports every product of your store&apos;s public /products.json into the PriceHunt catalog, page by page. Sync again whenever prices change.</p>
              <button
                type="button"
                className="md-button"
                disabled={!data.storeDomain || startSync.isPending}
                onClick={() => startSync.mutate(undefined, { onSuccess: (sync) => setSyncId(sync.id) })}
              >
                {data.lastSync ? 'Sync products again' : 'Connect Shopify store'}
              </button>
              {startSync.error ? (
                <p role="alert" className="md-error">
                  {isApiError(startSync.error) ? startSync.error.message : 'Could not start the import'}
                </p>
              ) : null}
              {syncId ? (
                <SyncProgress syncId={syncId} />
              ) : data.lastSync ? (
                <p className="md-muted">
                  Last import {formatDateTime(data.lastSync.startedAt)}: {data.lastSync.status}, {data.lastSync.products} products.
                </p>
              ) : null}
            </section>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
