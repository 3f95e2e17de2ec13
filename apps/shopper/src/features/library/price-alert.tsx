import type { Favorite } from '@pricehunt/contracts';
import { useToast } from '@pricehunt/ui-toast';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatDate, formatMoney } from '../../lib/format';
import { SaveOrCancel } from '../../lib/save-or-cancel';
import { errorMessage } from '../../lib/use-async';
import { useLibrary } from './library-context';

/** A price typed in dollars ("249", "249.99", "$1,249.50") as cents; null when it is not a price above 0. */
export function centsOf(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const cents = Math.round(Number(plain) * 100);
  return cents > 0 ? cents : null;
}

function AlertForm({ favorite, current, onDone }: { favorite: Favorite; current: number | null; onDone: () => void }) {
  const { setPriceAlert } = useLibrary();
  const toast = useToast();
  const id = useId();
  const [value, setValue] = useState(favorite.alert ? (favorite.alert.belowCents / 100).toFixed(2) : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Opening the form moves the keyboard to its price.
  useEffect(() => input.current?.focus(), []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = centsOf(value);
    if (cents === null) return setError('Enter a price above 0, such as 249.99.');
    setError(null);
    setSaving(true);
    try {
      await setPriceAlert(favorite.productId, cents);
      toast.success(
        current !== null && current <= cents
          ? `The price is already ${formatMoney(current, favorite.currency)}, at or below your alert`
          : `Price alert set: we will email you when it is ${formatMoney(cents, favorite.currency)} or less`,
      );
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'The alert could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="ph-price-alert__form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Price alert for ${favorite.title}`}>
      <label htmlFor={`${id}-price`}>Email me at or below $</label>
      <input
        id={`${id}-price`}
        inputMode="decimal"
        value={value}
        placeholder={current !== null ? (current / 100).toFixed(2) : undefined}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        size={9}
        ref={input}
      />
      <SaveOrCancel label="Save alert" saving={saving} onCancel={onDone} error={error} errorId={`${id}-error`} />
    </form>
  );
}

/**
 * A favorite's price alert: set, change or remove it (signed in), with whether the price has reached it. Signed-out
 * shoppers are told that alerts come with an account, since they are sent by email (unless `signedOutNote` is false).
 */
export function PriceAlert({ favorite, current, signedOutNote = true }: { favorite: Favorite; current: number | null; signedOutNote?: boolean }) {
  const { storage, removePriceAlert } = useLibrary();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  if (storage === 'local') {
    // A list of favorites says it once, above the list (see StorageNote).
    if (!signedOutNote) return null;
    return (
      <p className="ph-price-alert ph-muted">
        <Link to={paths.login}>Sign in</Link> to get an email when the price drops.
      </p>
    );
  }
  if (editing) return <AlertForm favorite={favorite} current={current} onDone={() => setEditing(false)} />;
  const alert = favorite.alert;
  if (!alert) {
    return (
      <p className="ph-price-alert">
        <button type="button" className="ph-text-button" aria-label={`Set a price alert for ${favorite.title}`} onClick={() => setEditing(true)}>
          Set price alert
        </button>
      </p>
    );
  }
  const remove = async () => {
    try {
      await removePriceAlert(favorite.productId);
      toast.info('Price alert removed');
    } catch (caught) {
      toast.error(`Could not remove the alert: ${errorMessage(caught)}`);
    }
  };
  return (
    <p className="ph-price-alert">
      <span className={alert.reachedAt ? 'ph-price-alert__status ph-price-alert__status--reached' : 'ph-price-alert__status'}>
        Alert at {formatMoney(alert.belowCents, favorite.currency)}
        {alert.reachedAt && alert.reachedPriceCents !== null
          ? ` · reached ${formatDate(alert.reachedAt)} at ${formatMoney(alert.reachedPriceCents, favorite.currency)}`
          : ' · we will email you when the price gets there'}
      </span>
      <span className="ph-price-alert__actions">
        <button type="button" className="ph-text-button" aria-label={`Change the price alert for ${favorite.title}`} onClick={() => setEditing(true)}>
          Change
        </button>
        <button type="button" className="ph-text-button" aria-label={`Remove the price alert for ${favorite.title}`} onClick={() => void remove()}>
          Remove alert
        </button>
      </span>
    </p>
  );
}
