import type { Watch, WatchInput } from '@pricehunt/contracts';
import { Button, TextField } from '@pricehunt/ui';
import { useToast } from '@pricehunt/ui-toast';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatMoney } from '../../lib/format';
import { Modal } from '../../lib/modal';
import { useAccount } from '../account/account-context';
import { centsOf } from '../library/price-alert';
import { EMPTY_WATCH_FORM, formOfWatch, readWatchForm, WATCH_FORM_FIELDS, watchFormErrorsOf, type WatchFormErrors, type WatchFormValues } from './watch-form';
import { useWatches } from './watches-context';

/** What the dialog needs to know of the product it watches. */
export interface WatchedProduct {
  id: number;
  title: string;
  bestPriceCents: number | null;
  currency: string | null;
}

export interface WatchDialogProps {
  product: WatchedProduct;
  /** The shopper's watch of the product: the dialog changes it instead of making one. */
  watch?: Watch;
  onClose(): void;
}

/** A suggestion for the target: about 5% under today's best price, in whole dollars (a placeholder, never a value). */
export function suggestedTarget(bestPriceCents: number | null): string | undefined {
  if (bestPriceCents === null || bestPriceCents < 200) return undefined;
  return `e.g. ${Math.floor((bestPriceCents * 0.95) / 100).toFixed(2)}`;
}

/** What the target's hint says: any drop when it is empty, the price it means when it is one. */
function targetHint(target: string, product: WatchedProduct): string {
  if (!target.trim()) return 'Tell me about any drop. Or enter a price to hear only when it gets there.';
  const cents = centsOf(target);
  if (cents === null) return 'A price in dollars, such as 249.99.';
  const hint = `Tell me when the best price is ${formatMoney(cents, product.currency)} or less.`;
  return product.bestPriceCents !== null && product.bestPriceCents <= cents
    ? `${hint} It is ${formatMoney(product.bestPriceCents, product.currency)} already.`
    : hint;
}

/**
 * The watch dialog: a target price (optional), and where to be told (email, an ntfy topic, a webhook). Signed out, it
 * asks for the email address the confirmation link goes to. Mistakes are shown at their fields, the API's as well.
 */
export function WatchDialog({ product, watch, onClose }: WatchDialogProps) {
  const headingId = useId();
  const ids = useId();
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
      const input: WatchInput = {
        productId: product.id,
        targetPriceCents: request.targetPriceCents,
        notify: { email: request.notify.email, ...(request.notify.ntfyUrl ? { ntfyUrl: request.notify.ntfyUrl } : {}), ...(request.notify.webhookUrl ? { webhookUrl: request.notify.webhookUrl } : {}) },
        ...(request.email ? { email: request.email } : {}),
      };
      const created = await create(input);
      if (created.kind === 'pending') {
        setPending(created.message);
        setSaving(false);
        return;
      }
      const target = created.watch.targetPriceCents;
      toast.success(
        `Watching ${created.watch.title}. ${target !== null ? `We will tell you when it is ${formatMoney(target, created.watch.currency ?? product.currency)} or less.` : 'We will tell you about any price drop.'}`,
        { duration: 8000, action: { label: 'See your watches', onClick: () => navigate(paths.watches) } },
      );
      onClose();
    } catch (caught) {
      setSaving(false);
      showErrors(watchFormErrorsOf(caught, watch ? 'The watch could not be changed. Please try again.' : 'The watch could not be saved. Please try again.'));
    }
  };

  if (pending) {
    return (
      <Modal labelledBy={headingId} onClose={onClose}>
        <div className="ph-watch-dialog">
          <h2 id={headingId} className="ph-watch-dialog__title">
            Check your inbox
          </h2>
          <p role="status" className="ph-alert ph-alert--info">
            {pending}
          </p>
          <p className="ph-muted">Nothing is watched until you open the link in that email. Every message we send has a link to stop watching.</p>
          <Button ref={doneButton} fullWidth onClick={onClose}>
            Done
          </Button>
        </div>
      </Modal>
    );
  }

  const ref = (field: keyof WatchFormErrors) => (element: HTMLElement | null) => {
    fields.current[field] = element;
  };
  const channelsHintId = `${ids}-channels-hint`;
  const channelsErrorId = `${ids}-channels-error`;

  return (
    <Modal labelledBy={headingId} onClose={onClose}>
      <form className="ph-watch-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <div>
          <h2 id={headingId} className="ph-watch-dialog__title">
            {watch ? 'Change your watch' : 'Watch the price'}
          </h2>
          <p className="ph-watch-dialog__product">
            {product.title}
            {product.bestPriceCents !== null ? <span className="ph-watch-dialog__now"> · best price now {formatMoney(product.bestPriceCents, product.currency)}</span> : null}
          </p>
        </div>
        {signedIn ? null : (
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            required
            value={values.address}
            onChange={(event) => set('address')(event.target.value)}
            hint="We will email you a link to confirm. Nothing is watched until you open it."
            error={errors.address}
            ref={ref('address')}
          />
        )}
        <TextField
          label="Target price ($, optional)"
          inputMode="decimal"
          autoComplete="off"
          value={values.target}
          onChange={(event) => set('target')(event.target.value)}
          placeholder={suggestedTarget(product.bestPriceCents)}
          hint={targetHint(values.target, product)}
          error={errors.target}
          ref={ref('target')}
        />
        <fieldset className="ph-watch-dialog__channels" aria-describedby={channelsHintId}>
          <legend>How should we tell you?</legend>
          <p id={channelsHintId} className="ph-field__hint">
            A message when the price drops{values.target.trim() ? ' to your target' : ''}, and when it is back in stock.
          </p>
          <label className="ph-watch-dialog__check">
            <input
              type="checkbox"
              checked={values.email}
              onChange={(event) => set('email')(event.target.checked)}
              aria-invalid={errors.channels ? true : undefined}
              aria-describedby={errors.channels ? channelsErrorId : undefined}
              ref={ref('channels')}
            />
            <span>
              Email{signedIn && user ? <span className="ph-muted"> to {user.email}</span> : <span className="ph-muted"> to the address above</span>}
            </span>
          </label>
          {errors.channels ? (
            <p id={channelsErrorId} className="ph-field__error">
              {errors.channels}
            </p>
          ) : null}
          <TextField
            label="ntfy topic URL (optional)"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://ntfy.sh/your-topic"
            value={values.ntfyUrl}
            onChange={(event) => set('ntfyUrl')(event.target.value)}
            hint="ntfy is a free app that puts messages on your phone or desktop: subscribe to a topic in it and paste the topic’s address here."
            error={errors.ntfyUrl}
            ref={ref('ntfyUrl')}
          />
          <TextField
            label="Webhook URL (optional)"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/hooks/prices"
            value={values.webhookUrl}
            onChange={(event) => set('webhookUrl')(event.target.value)}
            hint="We POST a JSON message to this address for each change."
            error={errors.webhookUrl}
            ref={ref('webhookUrl')}
          />
        </fieldset>
        {errors.form ? (
          <p className="ph-alert ph-alert--error ph-watch-dialog__error" role="alert" tabIndex={-1} ref={ref('form')}>
            {errors.form}
          </p>
        ) : null}
        <div className="ph-watch-dialog__actions">
          <Button type="submit" loading={saving}>
            {watch ? 'Save changes' : signedIn ? 'Watch price' : 'Email me the link'}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export default WatchDialog;
