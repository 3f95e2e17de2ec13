import { createContext, useContext, type ReactNode } from 'react';

/**
 * Data a page was rendered with on the server, by `useAsync` key (`product-42`, `categories`): the first render in the
 * browser starts from it, so hydration finds the page as the server sent it and asks the API nothing again.
 */
export type RouteData = Readonly<Record<string, unknown>>;

const RouteDataContext = createContext<RouteData>({});

/** The global the server writes the data into (`<script>window.__PRICEHUNT_DATA__ = …</script>`). */
export const ROUTE_DATA_GLOBAL = '__PRICEHUNT_DATA__';

export function RouteDataProvider({ data, children }: { data: RouteData; children: ReactNode }) {
  return <RouteDataContext.Provider value={data}>{children}</RouteDataContext.Provider>;
}

/** The data the page was rendered with for `key`, if any. */
export function useRouteData<T>(key: string | null): T | undefined {
  const data = useContext(RouteDataContext);
  return key !== null && Object.prototype.hasOwnProperty.call(data, key) ? (data[key] as T) : undefined;
}

/** What the server learns while it renders a page: the status to answer with (the not-found page says 404). */
export interface RenderStatus {
  status: number;
}

const RenderStatusContext = createContext<RenderStatus | null>(null);

export function RenderStatusProvider({ status, children }: { status: RenderStatus | undefined; children: ReactNode }) {
  return status ? <RenderStatusContext.Provider value={status}>{children}</RenderStatusContext.Provider> : <>{children}</>;
}

/** Sets the status the server answers the page with (rendering on the server); nothing in the browser. */
export function useRenderStatus(status: number): void {
  const render = useContext(RenderStatusContext);
  if (render) render.status = status;
}
