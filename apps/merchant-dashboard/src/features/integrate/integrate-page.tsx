import { isApiError } from '@pricehunt/api-client';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../lib/format';
import { useQueryClient } from '@tanstack/react-query';
import { merchantKeys, useIntegration, useSetDomain, useStartSync, useSync, useVerifyDomain } from '../dashboard/api/merchant-api';
import { DataTable } from '../dashboard/components/data-table';
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

/**
 * The page's state: the integration, its three actions, the domain field (seeded once from the server) and the store
 * sync followed (a running one is picked up on load).
 */
function useIntegrateState() {
  const integration = useIntegration();
  const setDomain = useSetDomain();
  const verify = useVerifyDomain();
  const startSync = useStartSync();
  const [domain, setDomainValue] = useState('');
  const [syncId, setSyncId] = useState<string | null>(null);
  const data = integration.data;

  useEffect(() => {
    if (data?.storeDomain && domain === '') setDomainValue(data.storeDomain);
    // Only seed the field once from the server.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.storeDomain]);
  useEffect(() => {
    if (data?.lastSync?.status === 'running' && syncId === null) setSyncId(data.lastSync.id);
  }, [data?.lastSync, syncId]);
  return { integration, setDomain, verify, startSync, domain, setDomainValue, syncId, setSyncId };
}

export default function IntegratePage() {
  const { integration, setDomain, verify, startSync, domain, setDomainValue, syncId, setSyncId } = useIntegrateState();
  const id = useId();
  const data = integration.data;
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
              <DomainForm id={id} domain={domain} onDomain={setDomainValue} setDomain={setDomain} />
              <VerificationStatus data={data} />
              <DomainProofs data={data} verify={verify} />
            </section>

            <ScriptSection id={`${id}-script`} data={data} />

            <ShopifySection id={`${id}-shopify`} data={data} startSync={startSync} syncId={syncId} onSync={setSyncId} />

            <ScheduledRefresh verified={data.verified} storeDomain={data.storeDomain} />
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

interface DomainFormProps {
  id: string;
  domain: string;
  onDomain(domain: string): void;
  setDomain: ReturnType<typeof useSetDomain>;
}

/** The store domain field and its save button; the API's message is read with the field. */
function DomainForm({ id, domain, onDomain, setDomain }: DomainFormProps) {
  const saveDomain = (event: FormEvent) => {
    event.preventDefault();
    setDomain.mutate(domain);
  };
  const domainError = setDomain.error && isApiError(setDomain.error) ? setDomain.error.message : setDomain.error ? 'Could not save the domain' : null;
  return (
    <form onSubmit={saveDomain} className="md-form-row">
      <div className="md-field">
        <label htmlFor={`${id}-domain-input`}>Store domain</label>
        <input
          id={`${id}-domain-input`}
          value={domain}
          onChange={(e) => onDomain(e.target.value)}
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
  );
}

/** Verified (and whether the proof went missing lately), or not verified and what that hides. */
function VerificationStatus({ data }: { data: IntegrationResponse }) {
  if (data.verified) {
    return (
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
    );
  }
  return (
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

/** The three ways to prove the domain (meta tag, tracking script, DNS record) and the verify button. */
function DomainProofs({ data, verify }: { data: IntegrationResponse; verify: ReturnType<typeof useVerifyDomain> }) {
  return (
    <>
      <p>{data.verified ? 'Your proof, in any one of these three ways:' : 'Prove that the store is yours in any one of three ways, then verify:'}</p>
      <h3 className="md-subheading">Meta tag</h3>
      <p className="md-muted">Inside &lt;head&gt; of your store&apos;s front page:</p>
      <pre className="md-code" aria-label="Verification meta tag">{data.metaTag}</pre>
      <CopyButton text={data.metaTag} label="Copy meta tag" />
      <h3 className="md-subheading">Tracking script</h3>
      <p className="md-muted">The tag of step 2 below, on your store&apos;s front page, carries the same token.</p>
      <h3 className="md-subheading">DNS record</h3>
      <p className="md-muted">A TXT record on {data.storeDomain ?? 'your domain'}, added where your domain&apos;s DNS is managed:</p>
      <DataTable caption="DNS record" className="md-dns" columns={['Type', 'Name', 'Value']}>
        <tr>
          <td>{data.dnsRecord.type}</td>
          <td className="md-cell-wrap">{data.dnsRecord.name || 'your store domain'}</td>
          <td className="md-cell-wrap">
            <code>{data.dnsRecord.value}</code>
          </td>
        </tr>
      </DataTable>
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
    </>
  );
}

/** Step 2: the tracking script tag to paste, and when it was last seen on the store. */
function ScriptSection({ id, data }: { id: string; data: IntegrationResponse }) {
  return (
    <section className="md-panel" aria-labelledby={id}>
      <h2 id={id}>2. Tracking script</h2>
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

interface ShopifySectionProps {
  id: string;
  data: IntegrationResponse;
  startSync: ReturnType<typeof useStartSync>;
  syncId: string | null;
  onSync(syncId: string): void;
}

/** Step 3: start a Shopify import, then follow it; otherwise the last import's outcome. */
function ShopifySection({ id, data, startSync, syncId, onSync }: ShopifySectionProps) {
  return (
    <section className="md-panel" aria-labelledby={id}>
      <h2 id={id}>3. Connect Shopify store</h2>
      <p>Imports every product of your store&apos;s public /products.json into the PriceHunt catalog, page by page. Sync again whenever prices change.</p>
      <button
        type="button"
        className="md-button"
        disabled={!data.storeDomain || startSync.isPending}
        onClick={() => startSync.mutate(undefined, { onSuccess: (sync) => onSync(sync.id) })}
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
