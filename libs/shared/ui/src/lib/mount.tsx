import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** The page's `#root` element, where a web app renders; a page without one is a broken build. */
export function appRoot(): HTMLElement {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  return container;
}

/** Renders a client-rendered web app into `#root`, in strict mode. */
export function mountApp(app: ReactNode): void {
  createRoot(appRoot()).render(<StrictMode>{app}</StrictMode>);
}
