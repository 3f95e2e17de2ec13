/** A progress bar of `value` out of `max` (`adm-progress__track`), named for screen readers by `label` and `valueText`. */
export function ProgressTrack({ label, value, max, valueText, failed = false }: { label: string; value: number; max: number; valueText: string; failed?: boolean }) {
  const percent = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <div className="adm-progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value} aria-valuetext={valueText}>
      <span className={`adm-progress__bar${failed ? ' adm-progress__bar--failed' : ''}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
