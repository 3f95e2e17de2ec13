import { isApiError } from '@pricehunt/api-client';
import { feedIntervalLabel, feedSourceIsRunning, type FeedSource } from '@pricehunt/contracts';
import { Button } from '@pricehunt/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRemoveFeedSource, useRunFeedSource, useUpdateFeedSource } from './api';
import { IntervalField, intervalMinutesOf, intervalValueOf, type IntervalValue } from './interval-field';

/** What an action says when it is done or refused, shown by the page in a live region. */
export interface ActionMessage {
  kind: 'notice' | 'error';
  text: string;
}

const messageOf = (error: unknown) => (isApiError(error) || error instanceof Error ? error.message : 'Something went wrong');

/**
 * A source's buttons: Run now (not while paused or running), Pause or Resume, Edit interval (a dialog) and Remove
 * (confirmed in a dialog). Each reports its outcome through `onMessage`; `onRemoved`, when given, takes
 * over after a removal (with its notice).
 */
export function SourceActions({
  source,
  onMessage,
  onRemoved,
  compact = false,
}: {
  source: FeedSource;
  onMessage(message: ActionMessage): void;
  onRemoved?(notice: string): void;
  /** Two buttons a line, for a table row. */
  compact?: boolean;
}) {
  const run = useRunFeedSource();
  const update = useUpdateFeedSource();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const name = source.retailerName;
  const running = feedSourceIsRunning(source);
  const paused = source.status === 'paused';

  const runNow = () =>
    run.mutate(source.id, {
      onSuccess: () => onMessage({ kind: 'notice', text: `Run of ${name} asked for: a worker takes it within seconds, and its result shows under Last run.` }),
      onError: (error) => onMessage({ kind: 'error', text: `${name} could not run: ${messageOf(error)}` }),
    });
  const toggle = () =>
    update.mutate(
      { id: source.id, body: { status: paused ? 'active' : 'paused' } },
      {
        onSuccess: (answer) => onMessage({ kind: 'notice', text: answer.source.status === 'paused' ? `${name} is paused.` : `${name} is active again.` }),
        onError: (error) => onMessage({ kind: 'error', text: `${name} could not be ${paused ? 'resumed' : 'paused'}: ${messageOf(error)}` }),
      },
    );

  return (
    <div className={compact ? 'adm-row-actions adm-row-actions--grid' : 'adm-row-actions'}>
      <Button
        size="sm"
        variant="secondary"
        onClick={runNow}
        loading={run.isPending}
        disabled={paused || running}
        aria-label={`Run now: ${name}`}
        title={paused ? 'Resume the source to run it' : running ? 'A run is under way' : undefined}
      >
        Run now
      </Button>
      <Button size="sm" variant="secondary" onClick={toggle} loading={update.isPending} aria-label={`${paused ? 'Resume' : 'Pause'} ${name}`}>
        {paused ? 'Resume' : 'Pause'}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit interval of ${name}`}>
        Edit interval
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setRemoving(true)} aria-label={`Remove ${name}`}>
        Remove
      </Button>
      {editing ? (
        <IntervalDialog
          source={source}
          onDone={(text) => {
            setEditing(false);
            if (text) onMessage({ kind: 'notice', text });
          }}
        />
      ) : null}
      {removing ? (
        <RemoveDialog
          source={source}
          onDone={(removed) => {
            setRemoving(false);
            if (!removed) return;
            const text = `The source of ${name} is removed.`;
            if (onRemoved) onRemoved(text);
            else onMessage({ kind: 'notice', text });
          }}
        />
      ) : null}
    </div>
  );
}

function IntervalDialog({ source, onDone }: { source: FeedSource; onDone(message: string | null): void }) {
  const update = useUpdateFeedSource();
  const [value, setValue] = useState<IntervalValue>(() => intervalValueOf(source.intervalMinutes));
  const error = update.error;
  const fieldError = isApiError(error) ? error.fieldMessage('intervalMinutes') : undefined;
  const save = () =>
    update.mutate(
      { id: source.id, body: { intervalMinutes: intervalMinutesOf(value) } },
      { onSuccess: (answer) => onDone(`${source.retailerName} now refreshes ${feedIntervalLabel(answer.source.intervalMinutes)}.`) },
    );
  return (
    <ConfirmDialog
      open
      title={`Interval of ${source.retailerName}`}
      confirmLabel="Save interval"
      busy={update.isPending}
      error={error && !fieldError ? messageOf(error) : null}
      onConfirm={save}
      onCancel={() => onDone(null)}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <IntervalField value={value} onChange={setValue} error={fieldError} />
      </form>
    </ConfirmDialog>
  );
}

function RemoveDialog({ source, onDone }: { source: FeedSource; onDone(removed: boolean): void }) {
  const remove = useRemoveFeedSource();
  return (
    <ConfirmDialog
      open
      danger
      title={`Remove the source of ${source.retailerName}?`}
      confirmLabel="Remove source"
      busy={remove.isPending}
      error={remove.error ? messageOf(remove.error) : null}
      onConfirm={() => {
        // Awaited rather than a callback of mutate: the list refreshed after the removal no longer holds this row, and
        // mutate's callbacks are dropped once their component is gone. The failure is shown by the dialog.
        remove.mutateAsync(source.id).then(
          () => onDone(true),
          () => undefined,
        );
      }}
      onCancel={() => onDone(false)}
    >
      <p>
        Its feed is no longer read. The offers it brought stay in the catalog as its last run left them, until another source or import updates
        them.
      </p>
      <p className="adm-break adm-muted">{source.url}</p>
    </ConfirmDialog>
  );
}
