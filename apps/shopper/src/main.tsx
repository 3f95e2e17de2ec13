import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appRoot } from '@pricehunt/ui';
import { App } from './app/app';
import { preloadServerRenderedPage } from './app/router';
import { startTracking } from './app/start-tracking';
import { ROUTE_DATA_GLOBAL, type RouteData } from './lib/route-data';
import './app/styles.css';

// Not awaited: the app renders meanwhile. A tracking library that fails to load is logged by startTracking.
void startTracking();

const container = appRoot();
// A page the server rendered comes with its data: the app takes the page over as it is.
const rendered = (window as unknown as Record<string, RouteData | undefined>)[ROUTE_DATA_GLOBAL];
const app = (
  <StrictMode>
    <App data={rendered ?? {}} />
  </StrictMode>
);
if (rendered && container.hasChildNodes()) {
  // The page's code first: hydrating a part that still waits for its code would redraw it from its skeleton.
  void preloadServerRenderedPage(window.location.pathname)
    .catch(() => undefined)
    // As a transition: hydration then yields to the browser every few milliseconds instead of holding the main thread
    // (a tap meanwhile is answered first); the page is already on screen.
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else createRoot(container).render(app);
