import { useId, type HTMLAttributes, type ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading of the card; the card becomes a region named by it. */
  title?: ReactNode;
  /** Controls shown beside the title. */
  actions?: ReactNode;
  headingLevel?: 2 | 3 | 4;
}

export function Card({ title, actions, headingLevel = 2, className, children, ...rest }: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const classes = ['ph-card', className ?? ''].filter(Boolean).join(' ');
  if (title === undefined) {
    return (
      <div {...rest} className={classes}>
        {children}
      </div>
    );
  }
  return (
    <section {...rest} className={classes} aria-labelledby={headingId}>
      <header className="ph-card__header">
        <Heading id={headingId} className="ph-card__title">
          {title}
        </Heading>
        {actions ? <div className="ph-card__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
