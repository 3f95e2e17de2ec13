import { Button } from '@pricehunt/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { CardPage } from '../lib/card-page';
import { errorMessage } from '../lib/use-async';
import { usePageTitle } from '../lib/use-page-title';

type ConfirmState = { status: 'idle' | 'busy' } | { status: 'done'; title: string } | { status: 'error'; message: string };

/**
 * /watches/confirm?token=…: the link of the email that starts a signed-out shopper's watch. Nothing happens on opening
 * it (mail scanners open links): the watch starts when the shopper presses the button.
 */
export default function ConfirmWatchPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<ConfirmState>({ status: 'idle' });
  usePageTitle('Confirm your watch');

  async function confirm() {
    setState({ status: 'busy' });
    try {
      const { watchesApi } = await import('../features/watches/watches-api');
      setState({ status: 'done', title: await watchesApi.confirm(token) });
    } catch (caught) {
      setState({ status: 'error', message: errorMessage(caught, 'The watch could not be confirmed. Please try again.') });
    }
  }

  return (
    <CardPage title={state.status === 'done' ? 'Watch confirmed' : 'Confirm your watch'}>
      {!token ? (
        <div className="ph-alert ph-alert--error" role="alert">
          <p>This page needs the link from the email we sent when you chose to watch a product.</p>
          <Link to={paths.home}>Find a product to watch</Link>
        </div>
      ) : state.status === 'done' ? (
        <div className="ph-alert ph-alert--info" role="status">
          <p>
            You are watching <strong>{state.title}</strong>. We will tell you when its price drops to your target (or at all, without one) and
            when it is back in stock. Every message has a link to stop watching.
          </p>
          <Link to={paths.home}>Compare more prices</Link>
        </div>
      ) : (
        <>
          <p>Press the button to start watching the product you chose. We will email you when its price drops.</p>
          {state.status === 'error' ? (
            <div className="ph-alert ph-alert--error" role="alert">
              <p>{state.message}</p>
              <p>A link works once, for a few days. To watch the product again, open it and press “Watch price”.</p>
            </div>
          ) : null}
          <Button fullWidth loading={state.status === 'busy'} onClick={() => void confirm()}>
            Start watching
          </Button>
        </>
      )}
    </CardPage>
  );
}
