import type { Watch, WatchInput } from '@pricehunt/contracts';
import { useToast } from '@pricehunt/ui-toast';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatMoney } from '../../lib/format';
import { useAccount } from '../account/account-context';
import { EMPTY_WATCH_FORM, formOfWatch, readWatchForm, WATCH_FORM_FIELDS, watchFormErrorsOf, type WatchFormErrors, type WatchFormValues, type WatchRequest } from './watch-form';
import { useWatches } from './watches-context';

/** What the dialog needs to know of the product it watches. */
export interface WatchedProduct {
  id: number;
  title: string;
  bestPriceCents: number | null;
  currency: string | null;
}

/** The form's fields that are typed in. */
export type WatchTextField = 'target' | 'ntfyUrl' | 'webhookUrl' | 'address';

/** A new watch of the product: the channels the form names, and the address a signed-out shopper gave. */
function watchInputOf(productId: number, request: WatchRequest): WatchInput {
  return {
    productId,
    targetPriceCents: request.targetPriceCents,
    notify: { email: request.notify.email, ...(request.notify.ntfyUrl ? { ntfyUrl: request.notify.ntfyUrl } : {}), ...(request.notify.webhookUrl ? { webhookUrl: request.notify.webhookUrl } : {}) },
    ...(request.email ? { email: request.email } : {}),
  };
}

/** What the shopper is told once a watch is made: what it watches for. */
function watchingText(watch: Watch, currency: string | null): string {
  const target = watch.targetPriceCents;
  return `Watching ${watch.title}. ${target !== null ? `We will tell you when it is ${formatMoney(target, watch.currency ?? currency)} or less.` : 'We will tell you about any price drop.'}`;
}

/**
 * The watch dialog's form: its values and errors (the first field with one gets the keyboard), and saving it — a new
 * watch, or changes to `watch`. Signed out, a new watch waits for its email's confirmation (`pending`: what to say).
 */
export function useWatchDialog(product: WatchedProduct, watch: Watch | undefined, onClose: () => void) {
  const { user } = useAccount();
  const { create, update } = useWatches();
  const toast = useToast();
  const navigate = useNavigate();
  const signedIn = user !== null;
  const [values, setValues] = useState<WatchFormValues>(() => (watch ? formOfWatch(watch) : EMPTY_WATCH_FORM));
  const [errors, setErrors] = useState<WatchFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const fields = useRef<Partial<Record<keyof WatchFormErrors, HTMLElement | null>>>({});
  const doneButton = useRef<HTMLButtonElement>(null);

  // Opening the dialog moves the keyboard to its first field (signed out, the address); the confirmation message to its button.
  useEffect(() => (fields.current.address ?? fields.current.target)?.focus(), []);
  useEffect(() => {
    if (pending) doneButton.current?.focus();
  }, [pending]);

  const set = (field: keyof WatchFormValues) => (value: string | boolean) => setValues((current) => ({ ...current, [field]: value }));
  const ref = (field: keyof WatchFormErrors) => (element: HTMLElement | null) => {
    fields.current[field] = element;
  };
  /** What a text field of the form is given: its value, its changes, its error and the element that gets the keyboard. */
  const textField = (field: WatchTextField) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field)(event.target.value),
    error: errors[field],
    ref: ref(field),
  });
  const showErrors = (found: WatchFormErrors) => {
    setErrors(found);
    const first = WATCH_FORM_FIELDS.find((field) => found[field]);
    if (first) fields.current[first]?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readWatchForm(values, { signedIn });
    if ('errors' in read) return showErrors(read.errors);
    setErrors({});
    setSaving(true);
    const { request } = read;
    try {
      if (watch) {
        const saved = await update(watch.id, { targetPriceCents: request.targetPriceCents, notify: request.notify });
        toast.success(`Watch saved: ${saved.title}`);
        onClose();
        return;
      }
      const created = await create(watchInputOf(product.id, request));
      if (created.kind === 'pending') {
        setPending(created.message);
        setSaving(false);
        return;
      }
      toast.success(watchingText(created.watch, product.currency), {
        duration: 8000,
        action: {
          label: 'See your watches',
          onClick: () => {
            navigate(paths.watches);
          },
        },
      });
      onClose();
    } catch (caught) {
      setSaving(false);
      showErrors(watchFormErrorsOf(caught, watch ? 'The watch could not be changed. Please try again.' : 'The watch could not be saved. Please try again.'));
    }
  };

  return { user, signedIn, values, set, textField, errors, ref, saving, pending, doneButton, submit };
}
