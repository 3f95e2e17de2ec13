export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name; ignored when `decorative`. */
  label?: string;
  /** Hidden from assistive technology, for use inside a control that already says it is busy. */
  decorative?: boolean;
}

export function Spinner({ size = 'md', label = 'Loading…', decorative = false }: SpinnerProps) {
  if (decorative) return <span className={`ph-spinner ph-spinner--${size}`} aria-hidden="true" />;
  return <span className={`ph-spinner ph-spinner--${size}`} role="status" aria-label={label} />;
}
