import { apiRequest, isApiError } from '@pricehunt/api-client';
import { priceAlertStopResponseSchema } from '@pricehunt/contracts';
import { Button } from '@pricehunt/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { CardPage } from '../lib/card-page';
import { usePageTitle } from '../lib/use-page-title';

export const ALERT_STOP_PATH = '/api/shopper/alerts/stop';

/**
 * /alerts/stop?token=…: the "stop this alert" link of a price-alert email. It asks before stopping (mail scanners
 * open links; only the shopper's click turns the alert off) and needs no sign-in.
 */
export default function StopAlertPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'done'; title: string } | { status: 'error'; message: string }>({ status: 'idle' });
  usePageTitle('Stop a price alert');

  async function stop() {
    setState({ status: 'busy' });
    try {
      const answer = await apiRequest(ALERT_STOP_PATH, { method: 'POST', body: { token }, schema: priceAlertStopResponseSchema, errorMessage: 'The alert could not be stopped' });
      setState({ status: 'done', title: answer.title });
    } catch (caught) {
      setState({ status: 'error', message: isApiError(caught) && caught.message ? caught.message : 'The alert could not be stopped. Please try again.' });
    }
  }

  return (
    <CardPage title="Stop a price alert">
      {!token ? (
        <div className="ph-alert ph-alert--error" role="alert">
          <p>This page needs the link from a price-alert email.</p>
          <Link to={paths.favorites}>Manage your alerts in your favorites</Link>
        </div>
      ) : state.status === 'done' ? (
        <div className="ph-alert ph-alert--info" role="status">
          <p>
            The price alert for <strong>{state.title}</strong> is off: no more emails about it. The product stays in your favorites.
          </p>
          <Link to={paths.favorites}>Go to your favorites</Link>
        </div>
      ) : (
        <>
          <p>You will get no more emails when this product's price drops. You can set a new alert in your favorites at any time.</p>
          {state.status === 'error' ? (
            <div className="ph-alert ph-alert--error" role="alert">
              <p>{state.message}</p>
              <Link to={paths.favorites}>Go to your favorites</Link>
            </div>
          ) : null}
          <Button fullWidth loading={state.status === 'busy'} onClick={() => void stop()}>
            Stop this alert
          </Button>
        </>
      )}
    </CardPage>
  );
}
