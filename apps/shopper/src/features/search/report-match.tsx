import { MATCH_REPORT_NOTE_LENGTH, type MatchReportReason } from '@pricehunt/contracts';
import { Button, handleAsync } from '@pricehunt/ui';
import { useToast } from '@pricehunt/ui-toast';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../lib/modal';
import { errorMessage } from '../../lib/use-async';
import { reportMatch } from './api';

const REASONS: Array<{ value: MatchReportReason; label: string }> = [
  { value: 'different_product', label: 'It is another product' },
  { value: 'different_variant', label: 'It is another variant (colour, size, capacity)' },
  { value: 'wrong_price', label: 'A price or an offer is wrong' },
  { value: 'other', label: 'Something else' },
];

/**
 * "Wrong product?": a shopper tells PriceHunt that the comparison shows another item than the one they looked for.
 * The report names this search answer and its product; the team checks it in the admin console.
 */
export function ReportMatch({ requestId, productId }: { requestId: string; productId: number }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <Button variant="secondary" disabled>
        Reported, thank you
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Wrong product?
      </Button>
      {open ? (
        <ReportDialog
          requestId={requestId}
          productId={productId}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setSent(true);
          }}
        />
      ) : null}
    </>
  );
}

function ReportDialog({ requestId, productId, onClose, onSent }: { requestId: string; productId: number; onClose(): void; onSent(): void }) {
  const headingId = useId();
  const noteId = useId();
  const toast = useToast();
  const [reason, setReason] = useState<MatchReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError('Choose what is wrong');
    setSending(true);
    setError(null);
    try {
      await reportMatch({ requestId, productId, reason, ...(note.trim() ? { note: note.trim() } : {}) });
      toast.success('Thank you. We will check this match.');
      onSent();
    } catch (failure) {
      setError(errorMessage(failure, 'The report could not be sent. Please try again.'));
      setSending(false);
    }
  };

  return (
    <Modal labelledBy={headingId} onClose={onClose}>
      <form className="ph-report" onSubmit={handleAsync(onSubmit, 'Reporting the match failed:')} noValidate>
        <h2 id={headingId} className="ph-report__title">
          Is this the wrong product?
        </h2>
        <fieldset className="ph-report__reasons">
          <legend>What is wrong?</legend>
          {REASONS.map((option) => (
            <label key={option.value} className="ph-report__reason">
              <input type="radio" name="reason" value={option.value} checked={reason === option.value} onChange={() => setReason(option.value)} />{' '}
              {option.label}
            </label>
          ))}
        </fieldset>
        <label htmlFor={noteId} className="ph-report__label">
          Anything that helps us (optional)
        </label>
        <textarea
          id={noteId}
          className="ph-report__note"
          rows={3}
          maxLength={MATCH_REPORT_NOTE_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="For example: I pasted the 256 GB model, this is the 128 GB one."
        />
        {error ? (
          <p className="ph-report__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="ph-report__actions">
          <Button type="submit" loading={sending}>
            Send report
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
