import type { Watch } from '@pricehunt/contracts';
import { useToast } from '@pricehunt/ui-toast';
import { useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../lib/format';
import { centsOf } from '../library/price-alert';
import { watchFormErrorsOf } from './watch-form';
import { useWatches } from './watches-context';

const NOT_SAVED = 'The target could not be saved. Please try again.';

/**
 * A watch's target price changed in place: opening the editor fills it with the target (empty: any drop) and moves the
 * keyboard to it; closing gives the keyboard back to "Change"; saving checks the price, then asks the API.
 */
export function useTargetEditor(watch: Watch) {
  const { update } = useWatches();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);

  const open = () => {
    setValue(watch.targetPriceCents !== null ? (watch.targetPriceCents / 100).toFixed(2) : '');
    setError(null);
    setEditing(true);
    // The keyboard goes to the price once the field is drawn.
    setTimeout(() => input.current?.focus(), 0);
  };
  const close = () => {
    setEditing(false);
    setTimeout(() => changeButton.current?.focus(), 0);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = value.trim();
    const cents = text ? centsOf(text) : null;
    if (text && cents === null) {
      setError('Enter a price above 0, such as 249.99, or leave it empty for any drop.');
      input.current?.focus();
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const saved = await update(watch.id, { targetPriceCents: cents });
      toast.success(saved.targetPriceCents !== null ? `Target for ${saved.title}: ${formatMoney(saved.targetPriceCents, saved.currency)}` : `Any drop of ${saved.title} will be told`);
      close();
    } catch (caught) {
      const errors = watchFormErrorsOf(caught, NOT_SAVED);
      setError(errors.target ?? errors.form ?? Object.values(errors)[0] ?? NOT_SAVED);
      input.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  return { editing, value, setValue, error, saving, input, changeButton, open, close, submit };
}
