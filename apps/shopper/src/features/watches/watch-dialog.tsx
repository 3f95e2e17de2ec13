import type { Watch } from '@pricehunt/contracts';
import { Button, TextField, type TextFieldProps } from '@pricehunt/ui';
import { useId, type RefObject } from 'react';
import { currencySign, formatMoney } from '../../lib/format';
import { Modal } from '../../lib/modal';
import { centsOf } from '../library/price-alert';
import { useWatchDialog, type WatchedProduct } from './use-watch-dialog';
import type { WatchFormErrors, WatchFormValues } from './watch-form';

export type { WatchedProduct } from './use-watch-dialog';

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
  if (cents === null) return `A price in ${currencySign(product.currency)}, such as 249.99.`;
  const hint = `Tell me when the best price is ${formatMoney(cents, product.currency)} or less.`;
  return product.bestPriceCents !== null && product.bestPriceCents <= cents
    ? `${hint} It is ${formatMoney(product.bestPriceCents, product.currency)} already.`
    : hint;
}

/** Signed out: the new watch waits for the link emailed to the shopper. */
function WatchPending({ headingId, message, doneButton, onClose }: { headingId: string; message: string; doneButton: RefObject<HTMLButtonElement | null>; onClose(): void }) {
  return (
    <Modal labelledBy={headingId} onClose={onClose}>
      <div className="ph-watch-dialog">
        <h2 id={headingId} className="ph-watch-dialog__title">
          Check your inbox
        </h2>
        <p role="status" className="ph-alert ph-alert--info">
          {message}
        </p>
        <p className="ph-muted">Nothing is watched until you open the link in that email. Every message we send has a link to stop watching.</p>
        <Button ref={doneButton} fullWidth onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}

interface WatchChannelsProps {
  values: WatchFormValues;
  set(field: keyof WatchFormValues): (value: string | boolean) => void;
  textField: ReturnType<typeof useWatchDialog>['textField'];
  errors: WatchFormErrors;
  fieldRef(field: keyof WatchFormErrors): (element: HTMLElement | null) => void;
  /** The base of the fieldset's ids. */
  ids: string;
  /** The signed-in shopper's address; null signed out (the address asked for above). */
  email: string | null;
}

/** A field for a web address that messages are sent to (an ntfy topic, a webhook). */
function UrlField(props: TextFieldProps) {
  return <TextField type="url" inputMode="url" autoComplete="off" {...props} />;
}

/** Where to be told: email, an ntfy topic, a webhook (at least one). */
function WatchChannels({ values, set, textField, errors, fieldRef, ids, email }: WatchChannelsProps) {
  const channelsHintId = `${ids}-channels-hint`;
  const channelsErrorId = `${ids}-channels-error`;
  return (
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
          ref={fieldRef('channels')}
        />
        <span>
          Email{email !== null ? <span className="ph-muted"> to {email}</span> : <span className="ph-muted"> to the address above</span>}
        </span>
      </label>
      {errors.channels ? (
        <p id={channelsErrorId} className="ph-field__error">
          {errors.channels}
        </p>
      ) : null}
      <UrlField
        label="ntfy topic URL (optional)"
        placeholder="https://ntfy.sh/your-topic"
        hint="ntfy is a free app that puts messages on your phone or desktop: subscribe to a topic in it and paste the topic’s address here."
        {...textField('ntfyUrl')}
      />
      <UrlField
        label="Webhook URL (optional)"
        placeholder="https://example.com/hooks/prices"
        hint="We POST a JSON message to this address for each change."
        {...textField('webhookUrl')}
      />
    </fieldset>
  );
}

/**
 * The watch dialog: a target price (optional), and where to be told (email, an ntfy topic, a webhook). Signed out, it
 * asks for the email address the confirmation link goes to. Mistakes are shown at their fields, the API's as well.
 */
export function WatchDialog({ product, watch, onClose }: WatchDialogProps) {
  const headingId = useId();
  const ids = useId();
  const { user, signedIn, values, set, textField, errors, ref, saving, pending, doneButton, submit } = useWatchDialog(product, watch, onClose);
  if (pending) return <WatchPending headingId={headingId} message={pending} doneButton={doneButton} onClose={onClose} />;

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
            hint="We will email you a link to confirm. Nothing is watched until you open it."
            {...textField('address')}
          />
        )}
        <TextField
          label={`Target price (${currencySign(product.currency)}, optional)`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={suggestedTarget(product.bestPriceCents)}
          hint={targetHint(values.target, product)}
          {...textField('target')}
        />
        <WatchChannels values={values} set={set} textField={textField} errors={errors} fieldRef={ref} ids={ids} email={user?.email ?? null} />
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
