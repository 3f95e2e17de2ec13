export type SkeletonVariant = 'landing' | 'default';

export interface SkeletonProps {
  variant?: SkeletonVariant;
  /** Accessible name of the placeholder. */
  label?: string;
}

export const SKELETON_LABEL = 'Loading…';

function Bar({ width, height = '1rem' }: { width: string; height?: string }) {
  return <span className="ph-skeleton__bar" style={{ width, height }} />;
}

/** Placeholder shown while a page loads: `landing` mimics the hero and search box, `default` a content page. */
export function Skeleton({ variant = 'default', label = SKELETON_LABEL }: SkeletonProps) {
  return (
    <div className={`ph-skeleton ph-skeleton--${variant}`} role="status" aria-busy="true" aria-live="polite" aria-label={label} data-variant={variant}>
      <div className="ph-skeleton__body" aria-hidden="true">
        {variant === 'landing' ? (
          <>
            <Bar width="60%" height="2.5rem" />
            <Bar width="40%" />
            <Bar width="100%" height="3.25rem" />
            <div className="ph-skeleton__row">
              <Bar width="30%" height="6rem" />
              <Bar width="30%" height="6rem" />
              <Bar width="30%" height="6rem" />
            </div>
          </>
        ) : (
          <>
            <Bar width="35%" height="1.75rem" />
            <Bar width="100%" />
            <Bar width="92%" />
            <Bar width="80%" />
            <Bar width="100%" height="8rem" />
          </>
        )}
      </div>
    </div>
  );
}
