import { useAccount } from '../account/account-context';
import { useLibrary } from './library-context';

/**
 * Says where the lists are kept, and offers to sign in when they are only in this browser; on the favorites page,
 * `alerts` adds that price alerts come with an account.
 */
export function StorageNote({ alerts = false }: { alerts?: boolean }) {
  const { storage } = useLibrary();
  const { status, user, openAuth } = useAccount();
  if (status === 'loading') return null;
  if (storage === 'account' && user) return <p className="ph-muted">Saved to your account ({user.email}).</p>;
  return (
    <p className="ph-muted">
      Saved in this browser only.{' '}
      <button type="button" className="ph-text-button" onClick={() => openAuth('login')}>
        Sign in
      </button>{' '}
      to keep it on every device{alerts ? ' and get an email when a price drops' : ''}.
    </p>
  );
}
