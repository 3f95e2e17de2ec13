import { isApiError } from '@pricehunt/api-client';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../lib/format';
import { useQueryClient } from '@tanstack/react-query';
import { merchantKeys, useIntegration, useSetDomain, useStartSync, useSync, useVerifyDomain } from '../dashboard/api/merchant-api';
import { QueryState } from '../dashboard/components/query-state';
import type { IntegrationResponse, VerificationMethod } from '@pricehunt/contracts';
import { CopyButton } from './copy-button';
import { ScheduledRefresh } from './scheduled-refresh';

const METHOD_NAMES: Record<VerificationMethod, string> = { meta: 'meta tag', script: 'tracking script', dns: 'DNS TXT record' };

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
              <DomainForm id={id} domain={domain} onChange={setDomainValue} onSubmit={saveDomain} error={domainError} pending={setDomain.isPending} />
              <VerificationStatus data={data} />
              <p>{data.verified ? 'Your proof, in any one of these three ways:' : 'Prove that the store is yours in any one of three ways, then verify:'}</p>
              <ProofWays data={data} />
              <div className="md-actions">
                <CopyButton text={data.dnsRecord.value} label="Copy TXT value" />
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

            <ScriptPanel id={id} data={data} />

            <ShopifyPanel id={id} data={data} syncId={syncId} onStarted={setSyncId} />

            <ScheduledRefresh verified={data.verified} storeDomain={data.storeDomain} />
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

/** Step 3: the Shopify store's products imported, and the import under way or the last one. */
function ShopifyPanel({ id, data, syncId, onStarted }: { id: string; data: IntegrationResponse; syncId: string | null; onStarted(syncId: string): void }) {
  const startSync = useStartSync();
  return (
    <section className="md-panel" aria-labelledby={`${id}-shopify`}>
      <h2 id={`${id}-shopify`}>3. Connect Shopify store</h2>
      <p>Imports every product of your store&apos;s public /products.json into the PriceHunt catalog, page by page. Sync again whenever prices change.</p>
      <button
        type="button"
        className="md-button"
        disabled={!data.storeDomain || startSync.isPending}
        onClick={() => startSync.mutate(undefined, { onSuccess: (sync) => onStarted(sync.id) })}
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
  );
}

/** Step 2: the tracking script's tag, and when the store last ran it. */
function ScriptPanel({ id, data }: { id: string; data: IntegrationResponse }) {
  return (
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
  );
}

/** The three ways to prove the store is the business's: a meta tag, the tracking script, a DNS record. */
function ProofWays({ data }: { data: IntegrationResponse }) {
  return (
    <>
      <h3 className="md-subheading">Meta tag</h3>
      <p className="md-muted">Inside &lt;head&gt; of your store&apos;s front page:</p>
      <pre className="md-code" aria-label="Verification meta tag">{data.metaTag}</pre>
      <CopyButton text={data.metaTag} label="Copy meta tag" />
      <h3 className="md-subheading">Tracking script</h3>
      <p className="md-muted">The tag of step 2 below, on your store&apos;s front page, carries the same token.</p>
      <h3 className="md-subheading">DNS record</h3>
      <p className="md-muted">A TXT record on {data.storeDomain ?? 'your domain'}, added where your domain&apos;s DNS is managed:</p>
      <div className="md-table-scroll">
        <table className="md-table md-dns" aria-label="DNS record">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{data.dnsRecord.type}</td>
              <td className="md-cell-wrap">{data.dnsRecord.name || 'your store domain'}</td>
              <td className="md-cell-wrap">
                <code>{data.dnsRecord.value}</code>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Whether the domain is verified, and what that means for the business's products. */
function VerificationStatus({ data }: { data: IntegrationResponse }) {
  return data.verified ? (
    <>
      <p role="status">
        Status:{' '}
        <strong className="md-success">
          Verified {data.verifiedAt ? `on ${formatDateTime(data.verifiedAt)}` : ''} ({data.verificationMethod ? METHOD_NAMES[data.verificationMethod] : ''})
        </strong>
      </p>
      {data.proofMisses > 0 ? (
        <p className="md-callout md-callout--warning" role="alert">
          Your proof was missing from the last {data.proofMisses === 1 ? 'check' : `${data.proofMisses} checks`}. Keep one of the proofs below in
          place: missing from three checks in a row, the domain stops being yours and your products are hidden.
        </p>
      ) : (
        <p className="md-muted">We look for your proof again from time to time: keep it in place.</p>
      )}
    </>
  ) : (
    <div className="md-callout md-callout--warning" role="status">
      <p>
        <strong>Not verified.</strong>{' '}
        {data.verifiedByAnother
          ? `Another business has already verified ${data.storeDomain}. If the store is yours, write to support from an address on that domain.`
          : 'Until you prove that the store is yours, shoppers see none of your products and no clicks, referrals or orders are credited to you.'}
      </p>
      {data.hiddenOffers > 0 ? (
        <p>
          {data.hiddenOffers} {data.hiddenOffers === 1 ? 'product is' : 'products are'} hidden from shoppers.
        </p>
      ) : null}
    </div>
  );
}

/** The store's domain, saved on submit. */
function DomainForm({ id, domain, onChange, onSubmit, error, pending }: { id: string; domain: string; onChange(domain: string): void; onSubmit(event: FormEvent): void; error: string | null; pending: boolean }) {
  return (
    <form onSubmit={onSubmit} className="md-form-row">
      <div className="md-field">
        <label htmlFor={`${id}-domain-input`}>Store domain</label>
        <input
          id={`${id}-domain-input`}
          value={domain}
          onChange={(e) => onChange(e.target.value)}
          placeholder="shop.example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-domain-error` : undefined}
        />
        {error ? (
          <p id={`${id}-domain-error`} className="md-error">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="md-button" disabled={pending}>
        Save domain
      </button>
    </form>
  );
}
