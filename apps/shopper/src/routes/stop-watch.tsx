import { Button } from '@pricehunt/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAccount } from '../features/account/account-context';
import { CardPage } from '../lib/card-page';
import { errorMessage } from '../lib/use-async';
import { usePageTitle } from '../lib/use-page-title';

type StopState = { status: 'idle' | 'busy' } | { status: 'done'; title: string } | { status: 'error'; message: string };

/**
 * /watches/stop?token=…: the "stop watching" link of a watch's messages. It asks before stopping (mail scanners open
 * links; only the shopper's click ends the watch) and needs no sign-in.
 */
export default function StopWatchPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAccount();
  const [state, setState] = useState<StopState>({ status: 'idle' });
  usePageTitle('Stop watching');

  async function stop() {
    setState({ status: 'busy' });
    try {
      const { watchesApi } = await import('../features/watches/watches-api');
      setState({ status: 'done', title: await watchesApi.stop(token) });
    } catch (caught) {
      setState({ status: 'error', message: errorMessage(caught, 'The watch could not be stopped. Please try again.') });
    }
  }

  // Signed-in shoppers manage their watches on their page; the others open a product to watch it again.
  const elsewhere = user ? (
    <Link to={paths.watches}>Go to your watches</Link>
  ) : (
    <Link to={paths.home}>Find a product</Link>
  );

  return (
    <CardPage title="Stop watching">
      {!token ? (
        <div className="ph-alert ph-alert--error" role="alert">
          <p>This page needs the “stop watching” link from one of our messages about a watched product.</p>
          {elsewhere}
        </div>
      ) : state.status === 'done' ? (
        <div className="ph-alert ph-alert--info" role="status">
          <p>
            You are no longer watching <strong>{state.title}</strong>: no more messages about it.
          </p>
          {elsewhere}
        </div>
      ) : (
        <>
          <p>You will get no more messages about this product’s price, by email, ntfy or webhook. You can watch it again at any time.</p>
          {state.status === 'error' ? (
            <div className="ph-alert ph-alert--error" role="alert">
              <p>{state.message}</p>
              {elsewhere}
            </div>
          ) : null}
          <Button fullWidth loading={state.status === 'busy'} onClick={() => void stop()}>
            Stop watching
          </Button>
        </>
      )}
    </CardPage>
  );
}
