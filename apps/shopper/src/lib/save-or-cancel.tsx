import { Button } from '@pricehunt/ui';

/**
 * The end of a small inline form: its submit button (busy while saving), Cancel, and the form's error, read out as it
 * appears and named by `errorId` (the field's aria-describedby).
 */
export function SaveOrCancel({ label, saving, onCancel, error, errorId }: { label: string; saving: boolean; onCancel: () => void; error: string | null; errorId: string }) {
  return (
    <>
      <Button type="submit" size="sm" loading={saving}>
        {label}
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
      {error ? (
        <p id={errorId} className="ph-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
