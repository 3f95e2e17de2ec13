import { createReferenceId, AFFILIATE_UTM } from '@pricehunt/affiliate';
import { buildRedirectLink, getSessionId, getUtmParams, pushProductSearch, trackEvent, trackReferral, type TrackReferralResult, type UtmParams } from '@pricehunt/tracking';
import { Button, Card, handleAsync } from '@pricehunt/ui';
import { useState } from 'react';
import { usePageTitle } from '../lib/use-page-title';

type Outcome = { label: string; ok: boolean; detail: string; at: string };

export interface TrackingTestPageProps {
  /** `client`: /tracking-test (browser side: session, UTM, dataLayer); `api`: /real-tracking-test (calls the API). */
  mode: 'client' | 'api';
}

const TEST_DOMAIN = 'demo-store.myshopify.com';
const TEST_TARGET = 'https://demo-store.myshopify.com/products/test-product';

/** What this browser session carries for tracking: its id and the UTM values captured; and an example redirect link. */
function SessionCard({ sessionId, utm }: { sessionId: string; utm: UtmParams }) {
  return (
    <Card title="Session" headingLevel={2}>
      <dl className="ph-kv">
        <dt>Session id</dt>
        <dd>
          <code>{sessionId}</code>
        </dd>
        {(['source', 'medium', 'campaign', 'term', 'content'] as const).map((field) => (
          <div key={field} className="ph-kv__row">
            <dt>utm_{field}</dt>
            <dd>{utm[field] ?? <span className="ph-muted">not captured</span>}</dd>
          </div>
        ))}
        <dt>Example redirect link</dt>
        <dd>
          <code>{buildRedirectLink(TEST_TARGET)}</code>
        </dd>
      </dl>
    </Card>
  );
}

/** The test calls made, newest first, each with what came of it (announced as it is added). */
function OutcomeLog({ outcomes }: { outcomes: Outcome[] }) {
  return (
    <ol className="ph-diagnostics__log" aria-label="Results" aria-live="polite">
      {outcomes.map((outcome, index) => (
        <li key={outcomes.length - index} className={outcome.ok ? 'ph-ok' : 'ph-fail'}>
          <strong>{outcome.ok ? 'OK' : 'Failed'}</strong> {outcome.label} <span className="ph-muted">{outcome.at}</span>
          <pre>{outcome.detail}</pre>
        </li>
      ))}
    </ol>
  );
}

/** Diagnostics: the tracking session, the captured UTM values, and test calls with what the API answered. */
export default function TrackingTestPage({ mode }: TrackingTestPageProps) {
  usePageTitle(mode === 'api' ? 'Real tracking test' : 'Tracking test');
  const [sessionId] = useState(() => getSessionId());
  const [utm] = useState(() => getUtmParams());
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const record = (outcome: Omit<Outcome, 'at'>) => setOutcomes((list) => [{ ...outcome, at: new Date().toLocaleTimeString() }, ...list]);

  async function fireEvent() {
    setBusy('event');
    const ok = await trackEvent('test_event', { source: mode === 'api' ? 'real-tracking-test' : 'tracking-test', page: window.location.pathname });
    record({ label: 'Test event (POST /api/track-event)', ok, detail: ok ? 'The API stored the event.' : 'The API did not accept the event (see the console).' });
    setBusy(null);
  }

  async function fireReferral() {
    setBusy('referral');
    const result: TrackReferralResult = await trackReferral({
      referralId: createReferenceId(TEST_DOMAIN),
      businessDomain: TEST_DOMAIN,
      targetUrl: TEST_TARGET,
      sourceUrl: window.location.href,
      productName: 'Tracking test product',
      utmSource: AFFILIATE_UTM.source,
      utmMedium: AFFILIATE_UTM.medium,
      utmCampaign: AFFILIATE_UTM.campaign,
    });
    record({
      label: 'Test referral (POST /api/trackReferral)',
      ok: result.success,
      detail: result.success ? `Recorded${result.referralId ? ` as ${result.referralId}` : ''}. The shopper would go to ${result.targetUrl}` : `Failed: ${result.error ?? 'unknown error'}. The shopper would still go to ${result.targetUrl}`,
    });
    setBusy(null);
  }

  function fireDataLayer() {
    const event = pushProductSearch({ url: TEST_TARGET, name: 'Tracking test product', price: '19.99' });
    record({ label: 'dataLayer push (product_search)', ok: true, detail: JSON.stringify(event) });
  }

  return (
    <div className="ph-page ph-diagnostics">
      <h1>{mode === 'api' ? 'Real tracking test' : 'Tracking test'}</h1>
      <p className="ph-muted">
        {mode === 'api'
          ? 'Sends real test calls to the API and shows what it answered.'
          : 'Shows what this browser session carries for tracking and lets you fire test calls.'}
      </p>
      <div className="ph-diagnostics__grid">
        <SessionCard sessionId={sessionId} utm={utm} />
        <Card title="Test calls" headingLevel={2}>
          <div className="ph-diagnostics__actions">
            <Button onClick={handleAsync(fireEvent, 'The test event failed:')} loading={busy === 'event'}>
              Send test event
            </Button>
            <Button onClick={handleAsync(fireReferral, 'The test referral failed:')} loading={busy === 'referral'}>
              Send test referral
            </Button>
            <Button variant="secondary" onClick={fireDataLayer}>
              Push test dataLayer event
            </Button>
          </div>
          <OutcomeLog outcomes={outcomes} />
        </Card>
      </div>
    </div>
  );
}
