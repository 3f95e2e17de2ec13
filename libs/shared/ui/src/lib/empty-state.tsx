import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A call to action, e.g. a button or link. */
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <div className="ph-empty">
      {icon ? (
        <div className="ph-empty__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="ph-empty__title">{title}</h2>
      {description ? <p className="ph-empty__description">{description}</p> : null}
      {action ? <div className="ph-empty__action">{action}</div> : null}
    </div>
  );
}
