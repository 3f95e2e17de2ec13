import type { Watch, WatchChannelState } from '@pricehunt/contracts';
import { Button } from '@pricehunt/ui';
import { useToast } from '@pricehunt/ui-toast';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { SaveOrCancel } from '../../lib/save-or-cancel';
import { errorMessage } from '../../lib/use-async';
import { useTargetEditor } from './use-target-editor';
import { useWatches } from './watches-context';

/** An amount of the watch's currency, or a dash (read as "no price") when there is none. */
export function Money({ cents, currency }: { cents: number | null; currency: string | null }) {
  if (cents === null)
    return (
      <span className="ph-muted">
        <span aria-hidden="true">—</span>
        <span className="ph-visually-hidden">no price</span>
      </span>
    );
  return <>{formatMoney(cents, currency)}</>;
}

/** The watched product's name, linking to its page (a link not yet placed in the catalog links to the shop's page). */
export function WatchName({ watch }: { watch: Watch }) {
  if (watch.productId !== null) return <Link to={paths.product(watch.productId, watch.title)}>{watch.title}</Link>;
  if (watch.url)
    return (
      <a href={watch.url} target="_blank" rel="noopener noreferrer nofollow">
        {watch.title}
      </a>
    );
  return <>{watch.title}</>;
}

/** The store of a link watch, whether it is waiting for its email, and the last message sent. */
export function WatchMeta({ watch }: { watch: Watch }) {
  const parts = [
    watch.store ? <span key="store">at {watch.store}</span> : null,
    watch.status === 'pending' ? (
      <span key="pending" className="ph-badge ph-badge--low">
        Waiting for the email’s confirmation
      </span>
    ) : null,
    watch.lastEvent ? (
      <span key="event">
        Last message {formatDate(watch.lastEvent.at)}: {watch.lastEvent.event === 'price_drop' ? 'price drop' : 'back in stock'}
        {watch.lastEvent.priceCents !== null ? ` at ${formatMoney(watch.lastEvent.priceCents, watch.currency)}` : ''}
      </span>
    ) : null,
  ].filter(Boolean);
  return parts.length ? <p className="ph-watch__meta">{parts}</p> : null;
}

export function stockText(inStock: boolean | null): string {
  return inStock === null ? 'Unknown' : inStock ? 'In stock' : 'Out of stock';
}

export function checkedText(watch: Watch): string {
  if (watch.lastCheckedAt) return formatDateTime(watch.lastCheckedAt);
  // A product watch follows the catalog's offers, which the stores' feeds refresh.
  return watch.url ? 'Not yet' : 'With store feeds';
}

const CHANNEL_NAMES: Record<WatchChannelState['channel'], string> = { email: 'Email', ntfy: 'ntfy', webhook: 'Webhook' };

const STATE_NAMES: Record<WatchChannelState['state'], string> = { ok: 'OK', failing: 'Failing', paused: 'Paused' };

/** Why a channel is failing or paused: how many deliveries failed in a row, and the last error. */
function troubleText(channel: WatchChannelState): string {
  const times = channel.failures === 1 ? '1 failed delivery' : `${channel.failures} failed deliveries in a row`;
  return `${times}${channel.lastError ? `. Last error: ${channel.lastError}` : ''}`;
}

/** Each channel of a watch with how it is doing; a paused one with its last error and "Resume". */
export function ChannelList({ watch }: { watch: Watch }) {
  const { update } = useWatches();
  const toast = useToast();
  const [resuming, setResuming] = useState(false);
  const resume = async () => {
    setResuming(true);
    try {
      await update(watch.id, { resume: true });
      toast.success(`Messages resumed for ${watch.title}`);
    } catch (caught) {
      toast.error(`Could not resume the messages: ${errorMessage(caught)}`);
    } finally {
      setResuming(false);
    }
  };
  if (watch.channels.length === 0) return <p className="ph-muted">No channel</p>;
  return (
    <ul className="ph-watch__channels">
      {watch.channels.map((channel) => (
        <li key={channel.channel} className={`ph-channel ph-channel--${channel.state}`}>
          <span className="ph-channel__name" title={channel.target}>
            {CHANNEL_NAMES[channel.channel]}
          </span>{' '}
          <span className="ph-channel__state">{STATE_NAMES[channel.state]}</span>
          {channel.state !== 'ok' ? <span className="ph-channel__error">{troubleText(channel)}</span> : null}
          {channel.state === 'paused' ? (
            <Button size="sm" variant="secondary" loading={resuming} onClick={() => void resume()} aria-label={`Resume ${CHANNEL_NAMES[channel.channel]} messages for ${watch.title}`}>
              Resume
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The target price, changed in place: empty means any drop. */
export function TargetEditor({ watch }: { watch: Watch }) {
  const id = useId();
  const { editing, value, setValue, error, saving, input, changeButton, open, close, submit } = useTargetEditor(watch);

  if (!editing) {
    return (
      <span className="ph-watch__target">
        <span>{watch.targetPriceCents !== null ? formatMoney(watch.targetPriceCents, watch.currency) : 'Any drop'}</span>
        <button type="button" className="ph-text-button" ref={changeButton} onClick={open} aria-label={`Change the target price for ${watch.title}`}>
          Change
        </button>
      </span>
    );
  }
  return (
    <form
      className="ph-watch__target-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Target price for ${watch.title}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
    >
      <label htmlFor={`${id}-target`}>Target $</label>
      <input
        id={`${id}-target`}
        ref={input}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        placeholder="Any drop"
        size={8}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <SaveOrCancel label="Save" saving={saving} onCancel={close} error={error} errorId={`${id}-error`} />
    </form>
  );
}

/** "Remove", asked once more before the watch is deleted. */
export function RemoveWatch({ watch }: { watch: Watch }) {
  const { remove } = useWatches();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);

  const ask = () => {
    setAsking(true);
    setTimeout(() => confirm.current?.focus(), 0);
  };
  const keep = () => {
    setAsking(false);
    setTimeout(() => removeButton.current?.focus(), 0);
  };
  const run = async () => {
    setBusy(true);
    try {
      await remove(watch.id);
      toast.info(`No longer watching ${watch.title}`);
    } catch (caught) {
      setBusy(false);
      toast.error(`Could not remove the watch: ${errorMessage(caught)}`);
    }
  };
  if (!asking) {
    return (
      <Button variant="ghost" size="sm" ref={removeButton} onClick={ask} aria-label={`Remove the watch of ${watch.title}`}>
        Remove
      </Button>
    );
  }
  return (
    <span className="ph-confirm" role="group" aria-label={`Stop watching ${watch.title}?`}>
      <span>Stop watching?</span>
      <Button variant="danger" size="sm" ref={confirm} loading={busy} onClick={() => void run()}>
        Yes, remove
      </Button>
      <Button variant="ghost" size="sm" onClick={keep} disabled={busy}>
        Keep
      </Button>
    </span>
  );
}
