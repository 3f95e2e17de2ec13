import type { ActionMessage } from './source-actions';

/**
 * The outcome of the last action on a source. The status region stays in the page so that a notice put in it is
 * announced; a refusal is an alert.
 */
export function ActionMessages({ message }: { message: ActionMessage | null }) {
  return (
    <>
      <div role="status" aria-live="polite" className="adm-live">
        {message?.kind === 'notice' ? <p className="adm-notice">{message.text}</p> : null}
      </div>
      {message?.kind === 'error' ? (
        <p role="alert" className="adm-error adm-error--block">
          {message.text}
        </p>
      ) : null}
    </>
  );
}
