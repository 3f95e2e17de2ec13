import type { ReactNode } from 'react';

/** The first link of a page, shown when the keyboard reaches it: it jumps past the navigation to `#main`. */
export function SkipLink({ className }: { className: string }) {
  return (
    <a className={className} href="#main">
      Skip to content
    </a>
  );
}

export interface NotFoundPanelProps {
  /** The classes of the page and of its panel, the app's own. */
  className: string;
  panelClassName: string;
  /** What is not at this address. */
  message: string;
  /** Where to go instead (a link). */
  children: ReactNode;
}

/** The page of an address an app has no page for: one panel with the heading, what it says, and where to go instead. */
export function NotFoundPanel({ className, panelClassName, message, children }: NotFoundPanelProps) {
  return (
    <main className={className}>
      <div className={panelClassName}>
        <h1>Page not found</h1>
        <p>{message}</p>
        {children}
      </div>
    </main>
  );
}
