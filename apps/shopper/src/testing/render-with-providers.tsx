import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

export interface RenderOptions {
  /** Initial address, e.g. `/?error=invalid-url`. */
  route?: string;
  /** Route pattern the element is mounted at (for `useParams`); `*` by default. */
  path?: string;
  /** Wraps the routes in app providers. */
  wrapper?: (children: ReactNode) => ReactNode;
}

/** Where the memory router is now; read it with `screen.getByTestId('location')`. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a screen inside a memory router, with a probe of the current location. */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', wrapper }: RenderOptions = {}): RenderResult {
  const routes = (
    <Routes>
      <Route path={path} element={ui} />
      {path === '*' ? null : <Route path="*" element={null} />}
    </Routes>
  );
  return render(
    <MemoryRouter initialEntries={[route]}>
      {wrapper ? wrapper(routes) : routes}
      <LocationProbe />
    </MemoryRouter>,
  );
}
