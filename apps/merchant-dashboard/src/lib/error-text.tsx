/** A form's error message, read out as it appears; nothing while there is none. */
export function ErrorText({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="md-error">
      {message}
    </p>
  ) : null;
}
