import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAccount } from '../features/account/account-context';
import { CardPage } from '../lib/card-page';
import { usePageTitle } from '../lib/use-page-title';

/**
 * /confirm-email?token=…: the link of the sign-up email. The shopper confirms with a click (a mail scanner that opens
 * the link uses nothing up); that confirms the address and signs in. A used or expired link says so (signing in with
 * the password sends a new one to an unconfirmed address).
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { actions, user, openAuth } = useAccount();
  const [state, setState] = useState<{ status: 'ready' } | { status: 'busy' } | { status: 'done' } | { status: 'error'; message: string }>(
    token ? { status: 'ready' } : { status: 'error', message: 'This page needs the link from your confirmation email.' },
  );
  usePageTitle('Confirm your email');

  const confirm = async () => {
    if (!actions) return;
    setState({ status: 'busy' });
    const failure = await actions.confirmEmail(token);
    setState(failure ? { status: 'error', message: failure.error } : { status: 'done' });
  };

  return (
    <CardPage title={state.status === 'error' ? 'This link does not work' : state.status === 'done' ? 'Your email is confirmed' : 'Confirm your email'}>
      {state.status === 'error' ? (
        <div className="ph-alert ph-alert--error" role="alert">
          <p>{state.message}</p>
          <p>Signing in with your password sends a new link if your address is not confirmed yet.</p>
          <button type="button" className="ph-text-button" onClick={() => openAuth('login')}>
            Sign in
          </button>
        </div>
      ) : state.status === 'done' ? (
        <div className="ph-alert ph-alert--info" role="status">
          <p>{user ? `You are signed in as ${user.email}.` : 'You are signed in.'} Your history and favorites are saved to your account.</p>
          <Link className="ph-link-button" to={paths.home}>
            Search for a product
          </Link>
        </div>
      ) : (
        <>
          <p>Confirm your address to finish creating your account; you will be signed in.</p>
          <button type="button" className="ph-link-button" disabled={state.status === 'busy' || !actions} onClick={() => void confirm()}>
            {state.status === 'busy' ? 'Confirming…' : 'Confirm my email'}
          </button>
        </>
      )}
    </CardPage>
  );
}
